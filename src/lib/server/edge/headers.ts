// Protective response headers. The explorer page's Content-Security-Policy is SvelteKit's
// (kit.csp in svelte.config.js: nonces for its inline bootstrap script); this adds the origins
// known only at run time, and the headers every response carries.

/** On every response: no content sniffing, and URLs (signed media links among them) never leave as a referrer. */
export const BASE_HEADERS: Record<string, string> = {
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'no-referrer'
};

/** Browser features the explorer does not use are off for it and anything it frames. */
export const PERMISSIONS_POLICY = [
	'accelerometer=()',
	'autoplay=(self)',
	'browsing-topics=()',
	'camera=()',
	'display-capture=()',
	'fullscreen=(self)',
	'geolocation=()',
	'gyroscope=()',
	'hid=()',
	'magnetometer=()',
	'microphone=()',
	'midi=()',
	'payment=()',
	'serial=()',
	'usb=()'
].join(', ');

/** Headers of the explorer's HTML pages: never framed, no opener across origins. */
export const PAGE_HEADERS: Record<string, string> = {
	'x-frame-options': 'DENY',
	'permissions-policy': PERMISSIONS_POLICY,
	'cross-origin-opener-policy': 'same-origin'
};

export interface RuntimeSources {
	/** A remote service's origin: its player pages and images are framed and shown from there. */
	remoteService?: string;
	/**
	 * An online map style. Its tiles, glyphs and sprites come from hosts that only the style
	 * names, so a configured style also opens https: for fetches and images.
	 */
	mapStyle?: string;
}

/** The directives to widen for what is configured at run time, by directive. */
export function runtimeSources(sources: RuntimeSources): Record<string, string[]> {
	const add: Record<string, string[]> = {};
	const push = (directive: string, ...values: string[]) => (add[directive] ??= []).push(...values);
	if (sources.remoteService) {
		const origin = new URL(sources.remoteService).origin;
		push('frame-src', origin);
		push('img-src', origin);
		push('media-src', origin);
	}
	if (sources.mapStyle) {
		const origin = new URL(sources.mapStyle).origin;
		push('connect-src', origin, 'https:');
		push('img-src', origin, 'https:');
	}
	return add;
}

/** A Content-Security-Policy header with more sources in some directives. */
export function widenCsp(header: string, add: Record<string, string[]>): string {
	const directives = header
		.split(';')
		.map((d) => d.trim())
		.filter(Boolean)
		.map((d) => d.split(/\s+/));
	for (const [name, values] of Object.entries(add)) {
		let directive = directives.find((d) => d[0] === name);
		// A missing directive falls back to default-src: start from its sources, not from nothing.
		if (!directive) directives.push((directive = [name, ...(directives.find((d) => d[0] === 'default-src')?.slice(1) ?? [])]));
		for (const v of values) if (!directive.includes(v)) directive.push(v);
	}
	return directives.map((d) => d.join(' ')).join('; ');
}
