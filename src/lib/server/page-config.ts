// The explorer page's settings travel inside its HTML (app.html's explorer-config script), not as
// a load function's data: pages render in the browser (ssr = false), and a server load would be
// one more round trip (__data.json) before the map could even start.
import { base } from '$app/paths';
// The same files the browser's bundle asks for: Vite names them by their content in both builds.
import pointsWorkerUrl from '$lib/map/worker/points.worker.ts?worker&url';
import coarseCountriesUrl from 'world-atlas/countries-110m.json?url';
import type { Settings } from './env';
import { PAGE_CONFIG_PLACEHOLDER, PAGE_THEME_PLACEHOLDER, type EarlyStart, type PageConfig } from '../types/page';
import { STREAM_URL } from '../types/stream';
import { parseThemeSetting, THEME_PARAM } from '../theme/theme';

/** What the explorer page (and only it) starts from its HTML (app.html), before its modules have arrived. */
export function earlyStartOf(url: URL): EarlyStart | undefined {
	return url.pathname === `${base}/` ? { worker: pointsWorkerUrl, stream: STREAM_URL, countries: coarseCountriesUrl } : undefined;
}

/** The page's config; `early` only for the explorer's own page (earlyStartOf). */
export function pageConfig(settings: Settings, locals: App.Locals = {}, early?: EarlyStart): PageConfig {
	return {
		access: locals.authMode === 'signin' ? { mode: 'signin', parts: locals.analyst?.parts ?? [] } : { mode: 'single-user' },
		mapStyleUrl: settings.mapStyleUrl,
		// The host only: the key never leaves the server.
		serviceLabel: settings.remoteBaseUrl ? `ICD service at ${new URL(settings.remoteBaseUrl).host}` : 'embedded ICD service',
		...(early ? { early } : {})
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
