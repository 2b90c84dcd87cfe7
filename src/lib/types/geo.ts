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
	/** The rest of the manifest's fields: the map does not need them, an export does. */
	primaryId?: number;
	area?: string;
	title?: string;
}
