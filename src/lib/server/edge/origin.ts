// Same-origin rules for the routes that read or spend with a key. The explorer's server holds one,
// so any request a foreign page can make it answer is that page using the key: such requests are
// refused from what the browser itself says about where they come from.

/**
 * The origin callers reach this server at. adapter-node assumes https when ORIGIN is unset; the
 * scheme and host the caller actually used come from the Host and X-Forwarded-Proto headers.
 */
export function publicOrigin(request: Request, url: URL, configured: string): string {
	if (configured) return configured;
	const host = request.headers.get('host');
	if (!host) return url.origin;
	const proto = request.headers.get('x-forwarded-proto')?.split(',')[0].trim() || 'http';
	return `${proto}://${host}`;
}

/**
 * Why a request comes from another site, or null when it does not. Browsers mark every request
 * with Sec-Fetch-Site and every non-GET (and every cross-origin) one with Origin; clients that are
 * not browsers (agents, curl, the explorer's own server) send neither and are not the threat here.
 */
export function crossSiteReason(request: Request, ownOrigin: string): string | null {
	const site = request.headers.get('sec-fetch-site');
	if (site === 'cross-site' || site === 'same-site') return `The browser marked this request as ${site}.`;
	// The browser's own word, which no page can forge. A form that this server's page posts (sign-in,
	// sign-out) carries Origin: null under our Referrer-Policy: no-referrer, though it is same-origin.
	if (site === 'same-origin') return null;
	const origin = request.headers.get('origin');
	if (origin === null) return null;
	// "null" is an opaque origin: a sandboxed frame, a file, a redirect across sites.
	if (origin === 'null') return 'The request comes from an opaque origin.';
	return sameOrigin(origin, ownOrigin) ? null : `The request comes from ${origin}, not ${ownOrigin}.`;
}

function sameOrigin(a: string, b: string): boolean {
	try {
		return new URL(a).origin === new URL(b).origin;
	} catch {
		return false;
	}
}

/** JSON is the only body a foreign page cannot send without a CORS preflight, which we never approve. */
export function isJsonBody(request: Request): boolean {
	return /^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '');
}
