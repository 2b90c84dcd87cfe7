/** What the explorer page needs from the server's settings; written into its HTML (page-config). */
export interface PageConfig {
	/** PUBLIC_MAP_STYLE_URL, or '' for the offline basemap. */
	mapStyleUrl: string;
	/** Where the records come from, for people: the host only, never the key. */
	serviceLabel: string;
}

export const PAGE_CONFIG_ELEMENT_ID = 'explorer-config';
export const PAGE_CONFIG_PLACEHOLDER = '%explorer.config%';
