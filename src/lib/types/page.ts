import type { PartId } from './stream';

/** What the explorer page needs from the server's settings; written into its HTML (page-config). */
export interface PageConfig {
	/** PUBLIC_MAP_STYLE_URL, or '' for the offline basemap. */
	mapStyleUrl: string;
	/** Where the records come from, for people: the host only, never the key. */
	serviceLabel: string;
	/** Whose key the page works under, and what it may see. */
	access: PageAccess;
	/** The explorer page only: what app.html's inline script starts before the app's modules arrive. */
	early?: EarlyStart;
}

/**
 * The points worker, the record stream it loads and the map's first outlines, all known to the
 * server (the worker's and outlines' file names carry a content hash): the page's inline script
 * starts them as its HTML is parsed (src/lib/map/worker/early-start.ts).
 */
export interface EarlyStart {
	/** The worker's script file. */
	worker: string;
	stream: string;
	countries: string;
}

/** Where app.html's inline script leaves the worker it started, for early-start.ts to take over. */
export const EARLY_START_GLOBAL = '__explorerEarlyStart';

/**
 * single-user: the server-held key, every part streamed (a part it may not see says so);
 * signin: the signed-in analyst's key, and only the parts it may see (found at sign-in).
 */
export type PageAccess = { mode: 'single-user' } | { mode: 'signin'; parts: PartId[] };

export const PAGE_CONFIG_ELEMENT_ID = 'explorer-config';
export const PAGE_CONFIG_PLACEHOLDER = '%explorer.config%';
export const PAGE_THEME_PLACEHOLDER = '%explorer.theme%';
