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

/**
 * A geo-manifest page in columns: how the embedded service hands a page to the explorer in the
 * same process (service/direct.ts). Its answer crosses from a reader thread by structured clone,
 * and a clone of 5,000 objects writes every key of every object and builds them all again on the
 * receiving side: the walk of a million records cost the server half again as much CPU as the
 * single-threaded path. Columns cross as a few arrays (coordinates and ids as Float64Arrays).
 * Index i of every column is one item; null where the record has no value.
 */
export interface GeoColumns {
	uuid: string[];
	primaryId: Float64Array;
	date: (string | null)[];
	entity: (string | null)[];
	country: (string | null)[];
	area: (string | null)[];
	title: (string | null)[];
	lat: Float64Array;
	long: Float64Array;
}

/** The page as the HTTP answer has it, with `columns` in place of `items`. */
export interface GeoColumnsPage {
	status: 'ok';
	columns: GeoColumns;
	itemsReceived: number;
	itemsTotal: number;
	limit: number;
	next_cursor: string | null;
}
