import type { PartId } from './stream';

/** What the explorer page needs from the server's settings; written into its HTML (page-config). */
export interface PageConfig {
	/** PUBLIC_MAP_STYLE_URL, or '' for the offline basemap. */
	mapStyleUrl: string;
	/** Where the records come from, for people: the host only, never the key. */
	serviceLabel: string;
	/** Whose key the page works under, and what it may see. */
	access: PageAccess;
	/**
	 * The name of the page's own copy of the record stream (map/load/stream-copy.ts): the server's, from
	 * the analyst's key and scope, never the key itself. null: the page keeps no copy.
	 */
	streamCopy: string | null;
}

/**
 * single-user: the server-held key, every part streamed (a part it may not see says so);
 * signin: the signed-in analyst's key, and only the parts it may see (found at sign-in).
 */
export type PageAccess = { mode: 'single-user' } | { mode: 'signin'; parts: PartId[] };

export const PAGE_CONFIG_ELEMENT_ID = 'explorer-config';
export const PAGE_CONFIG_PLACEHOLDER = '%explorer.config%';
export const PAGE_THEME_PLACEHOLDER = '%explorer.theme%';
