// The service's two record lookups (by component id, by uuid) answered on Node's own request and
// response, before SvelteKit. A lookup is tens of microseconds of SQLite, but through SvelteKit the
// main thread spent about 0.7 ms on it: a web Request with its AbortSignal, routing, the request
// store's promise hooks, several Response objects, the answer read back out of a web stream
// (profile in docs/benchmarks.md). Under load the main thread is what lookups queue for: 16
// lookup clients kept it 97 % busy, so a lookup waited behind the others and behind the NL
// questions' answers (issue 17).
//
// Only the plainest requests take this path: GET, no body, no query string, a path of plain
// characters naming one of the two routes, and no refusal from the edge. Anything else, every
// refusal included, goes to SvelteKit exactly as before. The steps are the functions the hooks and
// the routes use (edge, gate, lookups.ts, answerAsync, compression), so the answer carries the
// same status, headers and bytes; only its framing differs (a content-length, not chunks).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Edge } from './edge/guard';
import { compressResponse } from './edge/compress';
import type { Runtime } from './runtime';
import { answerAsync, errorResponse, gate, withHeaders } from './service/http';
import { byComponentId, detailByUuid, type LookupContext } from './service/lookups';

/** Takes the request and answers it, or returns false for SvelteKit to answer. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const LOOKUP = /^\/v1\/(icd|icdb)\/(videos|images)\/(?:by-component-id\/([0-9]{1,12})|([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}))$/;

const FAST_PATH = Symbol.for('icd-explorer.fast-lookups');

/** Offers the fast path to the server entry (scripts/serve.mjs), which runs outside SvelteKit's bundle. */
export function offerFastPath(fast: FastPath): void {
	(globalThis as Record<symbol, unknown>)[FAST_PATH] = fast;
}

export function fastLookups(rt: Runtime, edge: Edge): FastPath {
	return (req, res) => {
		if (req.method !== 'GET' || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
		const match = LOOKUP.exec(req.url ?? '');
		if (!match) return false;
		const request = requestHead(req);
		const url = new URL(`http://localhost${req.url}`);
		if (edge.refusal(request, url)) return false;
		void answer(rt, edge, request, url, match)
			.catch((error) => errorResponse(url.pathname, error))
			.then((response) => send(res, response))
			.catch((error) => {
				console.error(`[server] could not send the answer to ${url.pathname}:`, error);
				res.destroy();
			});
		return true;
	};
}

/** What the edge, the gate and compression read of a request: its method and headers (it has no body). */
function requestHead(req: IncomingMessage): Request {
	const headers = new Headers();
	const raw = req.rawHeaders;
	for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
	return { method: 'GET', headers, body: null, bodyUsed: false } as unknown as Request;
}

/** hooks.server.ts' handle and route, and the route's handler, for one lookup. */
async function answer(rt: Runtime, edge: Edge, request: Request, url: URL, [, dataset, component, componentId, uuid]: RegExpExecArray): Promise<Response> {
	const path = url.pathname;
	const gated = await gate(rt.sql, rt.limiter, request.headers.get('authorization'), path, rt.now());
	let response: Response;
	if (!gated.ok) response = gated.response;
	else {
		const ctx: LookupContext = { deps: rt, key: gated.key, dataset: dataset as LookupContext['dataset'], component: component === 'images' ? 'image' : 'video', query: {}, at: rt.now() };
		response = withHeaders(await answerAsync(path, () => (componentId !== undefined ? byComponentId(ctx, componentId) : detailByUuid(ctx, uuid))), gated.headers);
	}
	return compressResponse(request, await edge.finish(request, url, response));
}

async function send(res: ServerResponse, response: Response): Promise<void> {
	const body = Buffer.from(await response.arrayBuffer());
	const headers: Record<string, string> = {};
	response.headers.forEach((value, name) => (headers[name] = value));
	headers['content-length'] = String(body.length);
	res.writeHead(response.status, headers);
	res.end(body);
}
