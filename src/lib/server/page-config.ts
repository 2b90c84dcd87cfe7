// The explorer page's settings travel inside its HTML (app.html's explorer-config script), not as
// a load function's data: pages render in the browser (ssr = false), and a server load would be
// one more round trip (__data.json) before the map could even start.
import type { Settings } from './env';
import { PAGE_CONFIG_PLACEHOLDER, PAGE_THEME_PLACEHOLDER, type PageConfig } from '../types/page';
import { parseThemeSetting, THEME_PARAM } from '../theme/theme';

export function pageConfig(settings: Settings, locals: App.Locals = {}, streamCopy: string | null = null): PageConfig {
	return {
		streamCopy,
		access: locals.authMode === 'signin' ? { mode: 'signin', parts: locals.analyst?.parts ?? [] } : { mode: 'single-user' },
		mapStyleUrl: settings.mapStyleUrl,
		// The host only: the key never leaves the server.
		serviceLabel: settings.remoteBaseUrl ? `ICD service at ${new URL(settings.remoteBaseUrl).host}` : 'embedded ICD service'
	};
}

/**
 * The page with its config in place; `<` is escaped so that no value can close the script element.
 * The theme asked for in the URL goes on <html data-theme> (only a known word: it is an attribute),
 * so the page's first paint already has its colours, before any script runs.
 */
export function withPageConfig(html: string, config: PageConfig, url?: URL): string {
	return html
		.replace(PAGE_CONFIG_PLACEHOLDER, () => JSON.stringify(config).replace(/</g, '\\u003c'))
		.replace(PAGE_THEME_PLACEHOLDER, parseThemeSetting(url?.searchParams.get(THEME_PARAM)));
}
