// The service's most frequent requests (a record by component id or by uuid, a geo-manifest page)
// answered on Node's own request and response, before SvelteKit. A lookup is tens of microseconds
// of SQLite, but through SvelteKit the main thread spent about 0.7 ms on it: a web Request with its
// AbortSignal, routing, the request store's promise hooks, several Response objects, the answer
// read back out of a web stream (docs/benchmarks.md). Under load the main thread is what these
// requests queue for: 16 lookup clients kept it 97 % busy, so a lookup waited behind the others and
// behind the NL questions' answers (issue 17); a manifest page cost it about 5 ms.
//
// Only the plainest requests take this path: GET, no body, a path of plain characters naming one
// of the routes of service/hot-routes.ts, and no refusal from the edge. Anything else, every
// refusal included, goes to SvelteKit exactly as before. The steps are the functions the hooks and
// the routes use (edge, gate, hot-routes.ts, answerAsync, compression), so the answer carries the
// same status, headers and bytes; only its framing differs (a content-length, not chunks, when it
// is not compressed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Edge } from './edge/guard';
import { compressResponse } from './edge/compress';
import type { Runtime } from './runtime';
import { answerAsync, errorResponse, gate, withHeaders } from './service/http';
import { byComponentId, detailByUuid, geoManifestPage, type HotRouteContext } from './service/hot-routes';
import { queryObject } from './service/schemas';

/** Takes the request and answers it, or returns false for SvelteKit to answer. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const COMPONENT = '^/v1/(icd|icdb)/(videos|images)/';
const ROUTES: { path: RegExp; run: (ctx: HotRouteContext, param: string) => Promise<Uint8Array> }[] = [
	{ path: new RegExp(`${COMPONENT}by-component-id/([0-9]{1,12})$`), run: byComponentId },
	{ path: new RegExp(`${COMPONENT}geo-manifest()$`), run: geoManifestPage },
	{ path: new RegExp(`${COMPONENT}(${UUID})$`), run: detailByUuid }
];

const FAST_PATH = Symbol.for('icd-explorer.fast-path');

/** Offers the fast path to the server entry (scripts/serve.mjs), which runs outside SvelteKit's bundle. */
export function offerFastPath(fast: FastPath): void {
	(globalThis as Record<symbol, unknown>)[FAST_PATH] = fast;
}

export function fastPath(rt: Runtime, edge: Edge): FastPath {
	return (req, res) => {
		if (req.method !== 'GET' || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
		const target = req.url ?? '';
		const queryAt = target.indexOf('?');
		const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
		let match: RegExpExecArray | null = null;
		const route = ROUTES.find((r) => (match = r.path.exec(pathname)) !== null);
		if (!route || !match) return false;
		const request = requestHead(req);
		const url = new URL(`http://localhost${target}`);
		if (url.pathname !== pathname || edge.refusal(request, url)) return false;
		const [, dataset, component, param] = match as RegExpExecArray;
		void answer(rt, edge, request, url, (ctx) =>
			route.run({ ...ctx, dataset: dataset as HotRouteContext['dataset'], component: component === 'images' ? 'image' : 'video' }, param)
		)
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

type Run = (ctx: Omit<HotRouteContext, 'dataset' | 'component'>) => Promise<Uint8Array>;

/** hooks.server.ts' handle and route, and the route's handler (route.ts' context), for one request. */
async function answer(rt: Runtime, edge: Edge, request: Request, url: URL, run: Run): Promise<Response> {
	const path = url.pathname;
	const gated = await gate(rt.sql, rt.limiter, request.headers.get('authorization'), path, rt.now());
	let response: Response;
	if (!gated.ok) response = gated.response;
	else
		response = withHeaders(await answerAsync(path, () => run({ deps: rt, key: gated.key, query: queryObject(url.searchParams), at: rt.now() })), gated.headers);
	return compressResponse(request, await edge.finish(request, url, response));
}

async function send(res: ServerResponse, response: Response): Promise<void> {
	const headers: Record<string, string> = {};
	response.headers.forEach((value, name) => (headers[name] = value));
	if (response.headers.has('content-encoding') && response.body) {
		// Compressed as it is sent, never held whole (edge/compress.ts).
		res.writeHead(response.status, headers);
		Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
		return;
	}
	// The body as the Response holds it (one chunk for an answer made from bytes): not copied
	// again by arrayBuffer(). A 5,000-item page is half a megabyte outside the heap, and each
	// copy of it brings V8's next collection closer.
	const chunks: Uint8Array[] = [];
	if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
	const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
	headers['content-length'] = String(body.byteLength);
	res.writeHead(response.status, headers);
	res.end(body);
}
