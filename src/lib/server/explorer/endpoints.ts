// The explorer's own HTTP endpoints (/api/*), which the thin route files call. They talk to the
// service only through its client; answers carry messages for people and never the API key.
import { json } from '@sveltejs/kit';
import { dev } from '$app/environment';
import { getRequestEvent } from '$app/server';
import { STREAM_CONTENT_TYPE, type PartId } from '../../types/stream';
import { publicOrigin } from '../edge/origin';
import { runtime, type Runtime } from '../runtime';
import { negotiate } from '../edge/compress';
import { probeParts } from './access';
import type { ServiceClient } from './client';
import { serviceOf, type Connection } from './connection';
import { ServiceError, statusForBrowser } from './errors';
import type { RecordDetail } from './adapters/record';
import { parse, queryInput } from '../../explorer-api/parse';
import { recordRef, streamQuery, type RecordRef } from '../../explorer-api/schemas';
import { recordStream } from './record-stream';
import { streamCacheOf, type CachedStream } from './stream-cache';
import { streamScope } from './stream-cache/scope';
import { isAbort } from './timing';

interface Service {
	connection: Connection;
	client: ServiceClient;
}

/**
 * The service as this request may use it: under the signed-in analyst's key in sign-in mode (the
 * session gate in the hooks put it in locals; session/gate.ts), under the server-held key in
 * single-user mode. Read from the request itself (SvelteKit's getRequestEvent), so that no
 * endpoint can forget to pass it along, and none can fall back to the server's key by mistake.
 */
export function service(url: URL): Service {
	const rt = runtime();
	const { locals } = getRequestEvent();
	if (locals.authMode === 'signin' && !locals.analyst) throw new Error('An explorer endpoint was reached in sign-in mode without a session.');
	return serviceOf(rt, dev ? url.origin : undefined, locals.analyst?.key);
}

export const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The record stream is not `no-store`: Chromium reports a `no-store` response that its reader
 * consumes more slowly than it arrives (the points worker decodes as it reads, and pauses for the
 * first view) as aborted in about one load in four, though every byte arrives (issue 16; 11 of 56
 * loads in a bare worker-and-server reproduction, none of 100 without `no-store`). The page asks
 * for it with `cache: 'no-store'` (worker/stream-load.ts), so the browser never stores it;
 * `private` keeps shared caches from storing it, `no-cache` from reusing it.
 */
const STREAM_CACHE = { 'cache-control': 'private, no-cache' };

export function failure(message: string, status: number): Response {
	return json({ message }, { status, headers: NO_STORE });
}

export function upstreamFailure(error: unknown, signal: AbortSignal): Response {
	if (error instanceof ServiceError) return failure(error.message, statusForBrowser(error));
	if (isAbort(error, signal)) return failure('The request was cancelled.', 499);
	console.error('[explorer] unexpected error:', error);
	return failure('Something went wrong on the explorer server.', 500);
}

/**
 * GET /api/stream?datasets=…&components=…[&since=VERSION] : every mappable record, as frames, as
 * they come; from the stream cache when it can answer (stream-cache/), else walked as it is.
 */
export async function streamRecords(url: URL, request: Request): Promise<Response> {
	const query = parse(streamQuery, queryInput(url.searchParams));
	if (!query.ok) return failure(query.message, 400);
	const { connection, client } = service(url);
	const rt = runtime();
	// Signed in: only the parts the analyst's key may see (found at sign-in), not a refusal per other part.
	const allowed = getRequestEvent().locals.analyst?.parts;
	const parts = allowed ? query.value.parts.filter((p) => allowed.includes(p)) : query.value.parts;
	const headers: Record<string, string> = { 'content-type': STREAM_CONTENT_TYPE, ...STREAM_CACHE, 'x-content-type-options': 'nosniff' };
	const cached = parts.length > 0 ? await fromCache(rt, connection, client, parts, query.value.since, request) : null;
	if (cached === 'gone') return failure('The request was cancelled.', 499);
	if (cached) {
		// Already compressed: the edge leaves a response with a Content-Encoding alone (edge/compress.ts).
		if (cached.encoding) Object.assign(headers, { 'content-encoding': cached.encoding, vary: 'Accept-Encoding' });
		return new Response(cached.body, { headers: { ...headers, 'x-stream-served': cached.served } });
	}
	const body = recordStream({ source: client, parts, origin: connection.origin, signal: request.signal });
	return new Response(body, { headers: { ...headers, 'x-stream-served': 'uncached' } });
}

/** The stream from the cache, null when it cannot answer (turned off, a key it cannot place), 'gone' when the browser left. */
async function fromCache(
	rt: Runtime,
	connection: Connection,
	client: ServiceClient,
	parts: PartId[],
	since: string | null,
	request: Request
): Promise<CachedStream | null | 'gone'> {
	const cache = streamCacheOf(rt.settings, rt.now);
	if (!cache) return null;
	try {
		const scope = await streamScope(cache.secret, connection, client, parts);
		if (!scope) return null;
		return await cache.cache.open({
			scope,
			client,
			parts,
			source: connection.origin,
			since,
			brotli: negotiate(request.headers.get('accept-encoding')) === 'br',
			signal: request.signal
		});
	} catch (error) {
		if (isAbort(error, request.signal)) return 'gone';
		console.error('[explorer] the stream cache failed; walking instead:', error);
		return null;
	}
}

/** The record's detail by uuid, or by primary_id through the spec's component-id lookup. */
function detailOf(client: ServiceClient, ref: RecordRef, signal: AbortSignal): Promise<RecordDetail> {
	const { dataset, component, uuid, primaryId } = ref;
	return uuid !== undefined
		? client.recordDetail(dataset, component, uuid, { signal })
		: client.recordByComponentId(dataset, component, primaryId!, { signal });
}

/** GET /api/record/{dataset}/{component}/{uuid or primary_id} : the record detail, for the tooltip and side panel. */
export async function recordDetail(params: Record<string, string>, url: URL, signal: AbortSignal): Promise<Response> {
	const ref = parse(recordRef, params);
	if (!ref.ok) return failure(ref.message, 400);
	try {
		return json(await detailOf(service(url).client, ref.value, signal), { headers: NO_STORE });
	} catch (error) {
		return upstreamFailure(error, signal);
	}
}

/** GET /api/media/{dataset}/{component}/{uuid or primary_id} : the player (video) or viewer (image) link. */
export async function mediaLink(params: Record<string, string>, url: URL, request: Request): Promise<Response> {
	const ref = parse(recordRef, params);
	if (!ref.ok) return failure(ref.message, 400);
	const { dataset, component } = ref.value;
	const { connection, client } = service(url);
	const origin = publicOrigin(request, url, runtime().settings.origin);
	try {
		// The service's media routes take the uuid: a primary_id is resolved to it first.
		const uuid = ref.value.uuid ?? (await detailOf(client, ref.value, request.signal)).uuid;
		if (!uuid) return failure(`The service gave no uuid for the ${dataset} ${component} record ${ref.value.primaryId}.`, 502);
		const media = await client.media(dataset, component, uuid, { signal: request.signal });
		if (media.kind === 'player') media.embed_url = publicLink(media.embed_url, connection, origin);
		else media.signed_url = publicLink(media.signed_url, connection, origin);
		return json(media, { headers: NO_STORE });
	} catch (error) {
		return upstreamFailure(error, request.signal);
	}
}

/**
 * The embedded service builds media links from the Host it was called at, our loopback address;
 * the browser must get them on the origin it used to reach us. Remote links are left alone.
 */
function publicLink(link: string, connection: Connection, origin: string): string {
	if (connection.origin !== 'embedded' || !link.startsWith(connection.baseUrl + '/')) return link;
	return origin + link.slice(connection.baseUrl.length);
}

/** GET /api/status : where the records come from and what the key can see. Nothing secret. */
export async function status(url: URL, signal: AbortSignal): Promise<Response> {
	const { connection, client } = service(url);
	try {
		const parts = await probeParts(client, signal);
		// A refused key is not a matter of one part: the whole answer is the refusal.
		const refused = parts.find((p) => p.status === 401);
		if (refused) return failure(refused.message!, 401);
		const datasets = [...new Set(parts.filter((p) => p.visible).map((p) => p.dataset))];
		return json({ source: connection.origin, service: client.host, datasets, parts }, { headers: NO_STORE });
	} catch (error) {
		return upstreamFailure(error, signal);
	}
}
