// The browser-facing edge of every route, explorer and service alike: which requests are refused
// before any route runs, and what every answer carries on its way out. The threat is a foreign
// web page in the analyst's own browser making this server use the key it holds.
import type { Settings } from '../env';
import { problem, problemResponse } from '../service/problems';
import { withHeaders } from '../service/http';
import { settleUnreadBody } from './body';
import { BASE_HEADERS, PAGE_HEADERS, runtimeSources, widenCsp } from './headers';
import { hostName, hostPolicy, isHostAllowed, type HostPolicy } from './hosts';
import { crossSiteReason, isJsonBody, publicOrigin } from './origin';

/**
 * Routes that read or spend with a key: the explorer's endpoints (the server-held key), the
 * benchmark's baseline stream (the same key; only in the bench's own build, build-bench/, which
 * runs these hooks too), the service's REST and MCP endpoints (the caller's).
 */
const KEYED_PATH = /^\/(api\/|bench\/naive-stream$|v1\/|mcp-icd$|mcp-all$)/;
/** The explorer's own endpoints: their bodies must be JSON, which no foreign page can send unasked. */
const EXPLORER_API = /^\/api\//;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const UNSAFE_METHODS = new Set([...BODY_METHODS, 'DELETE']);
/** Served pages with a policy of their own (the signed player), left as they are. */
const OWN_POLICY_PATH = /^\/media\//;

export interface Edge {
	/** The refusal for a request no route may see, or null. */
	refusal(request: Request, url: URL): Response | null;
	/** The answer as it leaves: protective headers, and the request's unread body out of the way. */
	finish(request: Request, url: URL, response: Response): Promise<Response>;
}

export function edgeFor(settings: Settings): Edge {
	const hosts: HostPolicy = hostPolicy({ host: settings.host, origin: settings.origin, allowed: settings.allowedHosts });
	const widen = runtimeSources({ remoteService: settings.remoteBaseUrl || undefined, mapStyle: settings.mapStyleUrl || undefined });
	return {
		refusal(request, url) {
			const host = request.headers.get('host');
			if (!isHostAllowed(host, hosts)) return hostRefusal(host, url.pathname);
			// SvelteKit's CSRF rule for every route, with any body type; same-origin for every keyed read too.
			if (KEYED_PATH.test(url.pathname) || UNSAFE_METHODS.has(request.method)) {
				const reason = crossSiteReason(request, publicOrigin(request, url, settings.origin));
				if (reason)
					return refuse(
						'cross_site_request',
						`${reason} ${request.method} ${url.pathname} is answered only for this server's own pages and for clients that are not browsers.`,
						url.pathname
					);
			}
			if (EXPLORER_API.test(url.pathname) && BODY_METHODS.has(request.method) && !isJsonBody(request)) {
				return refuse('unsupported_media_type', `${request.method} ${url.pathname} takes a JSON body (content-type: application/json).`, url.pathname);
			}
			return null;
		},
		async finish(request, url, response) {
			let headers = BASE_HEADERS;
			if (isHtml(response) && !OWN_POLICY_PATH.test(url.pathname)) {
				headers = { ...headers, ...PAGE_HEADERS };
				const csp = response.headers.get('content-security-policy');
				if (csp) headers['content-security-policy'] = widenCsp(csp, widen);
			}
			return settleUnreadBody(request, withHeaders(response, missing(response, headers)));
		}
	};
}

function hostRefusal(host: string | null, path: string): Response {
	const name = host === null ? null : hostName(host);
	const detail = name
		? `This server does not answer to the host name "${name}". To allow it, add it to ALLOWED_HOSTS (comma-separated; ".example.org" allows a domain and its subdomains), or set ORIGIN to the public address behind a proxy.`
		: 'The request has no usable Host header.';
	return refuse('host_not_allowed', detail, path);
}

function refuse(code: 'host_not_allowed' | 'cross_site_request' | 'unsupported_media_type', detail: string, path: string): Response {
	return problemResponse(problem(code, detail), path);
}

function isHtml(response: Response): boolean {
	return (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/** The headers the response does not set itself: a route's own choice wins. */
function missing(response: Response, headers: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(headers).filter(([k]) => k === 'content-security-policy' || !response.headers.has(k)));
}
