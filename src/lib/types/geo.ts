// One mappable record of a geo manifest as the explorer reads it (shared by the explorer's server,
// its stream encoder and the naive benchmark page).
export interface GeoItem {
	uuid: string;
	lat: number;
	lon: number;
	/** primary_date, YYYY-MM-DD. */
	date?: string;
	country?: string;
	entity?: string;
}
