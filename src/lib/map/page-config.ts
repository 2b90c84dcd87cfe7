// The page's settings, which the server wrote into the HTML (server/page-config.ts).
import { PAGE_CONFIG_ELEMENT_ID, type PageConfig } from '../types/page';

export function readPageConfig(): PageConfig {
	const text = document.getElementById(PAGE_CONFIG_ELEMENT_ID)?.textContent ?? '';
	try {
		const config = JSON.parse(text) as Partial<PageConfig>;
		return { mapStyleUrl: String(config.mapStyleUrl ?? ''), serviceLabel: String(config.serviceLabel ?? 'ICD service') };
	} catch {
		// Not written by the server (a page served some other way): the offline basemap.
		return { mapStyleUrl: '', serviceLabel: 'ICD service' };
	}
}
