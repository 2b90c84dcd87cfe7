// The page's settings, which the server wrote into the HTML (server/page-config.ts).
import { PAGE_CONFIG_ELEMENT_ID, type PageAccess, type PageConfig } from '../types/page';
import { ALL_PARTS } from '../types/stream';

export function readPageConfig(): PageConfig {
	const text = document.getElementById(PAGE_CONFIG_ELEMENT_ID)?.textContent ?? '';
	try {
		const config = JSON.parse(text) as Partial<PageConfig>;
		const access: PageAccess =
			config.access?.mode === 'signin' ? { mode: 'signin', parts: config.access.parts.filter((p) => ALL_PARTS.includes(p)) } : { mode: 'single-user' };
		const streamCopy = typeof config.streamCopy === 'string' && /^[0-9a-f]{32}$/.test(config.streamCopy) ? config.streamCopy : null;
		return { mapStyleUrl: String(config.mapStyleUrl ?? ''), serviceLabel: String(config.serviceLabel ?? 'ICD service'), access, streamCopy };
	} catch {
		// Not written by the server (a page served some other way): the offline basemap.
		return { mapStyleUrl: '', serviceLabel: 'ICD service', access: { mode: 'single-user' }, streamCopy: null };
	}
}
