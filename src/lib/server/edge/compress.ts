// Responses compressed as the client asks (Accept-Encoding): brotli at a fast level, else gzip,
// else as they are. Streamed: each chunk the route writes is compressed and flushed on its own,
// so a record stream's frames leave as they are made, and nothing is buffered whole. Static
// assets are compressed at build time instead (svelte.config.js `precompress`), served by
// adapter-node before any of this runs.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

export type Coding = 'br' | 'gzip';

/** Below this, the bytes saved do not pay for the work. Bodies of unknown length are compressed. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Brotli's quality 4 runs at about gzip's speed and packs JSON some 15 % smaller; 11 is for build time. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;

/** Media types worth compressing: JSON, problems, text, HTML, scripts, and the explorer's record stream. */
const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|geo\+json|vnd\.icd-explorer\.[\w.+-]+)|text\/(html|plain|csv|css|javascript|vtt))\b/i;

/** The coding to answer with: the client's preference by q-value, brotli before gzip on a tie; null for none. */
export function negotiate(acceptEncoding: string | null): Coding | null {
	if (!acceptEncoding) return null;
	const q = new Map<string, number>();
	for (const part of acceptEncoding.split(',')) {
		const [name, ...params] = part.trim().toLowerCase().split(';');
		if (!name) continue;
		const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
		q.set(name, weight === undefined ? 1 : Number(weight));
	}
	const weightOf = (coding: Coding) => q.get(coding) ?? (q.has(coding) ? 0 : (q.get('*') ?? 0));
	const best = (['br', 'gzip'] as const).filter((c) => weightOf(c) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
	return best ?? null;
}

function compressible(request: Request, response: Response): boolean {
	if (request.method === 'HEAD' || !response.body || response.headers.has('content-encoding')) return false;
	if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304) return false;
	if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return false;
	return COMPRESSIBLE.test(response.headers.get('content-type') ?? '');
}

/** The response, compressed when the client and its type allow; `Vary: Accept-Encoding` on every compressible type. */
export function compressResponse(request: Request, response: Response): Response {
	if (!compressible(request, response)) return response;
	const headers = new Headers(response.headers);
	const vary = headers.get('vary');
	if (!vary?.split(',').some((v) => v.trim().toLowerCase() === 'accept-encoding' || v.trim() === '*'))
		headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
	const coding = negotiate(request.headers.get('accept-encoding'));
	const length = Number(headers.get('content-length') ?? NaN);
	if (!coding || (Number.isFinite(length) && length < MIN_COMPRESSED_BYTES))
		return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
	headers.set('content-encoding', coding);
	headers.delete('content-length');
	return new Response(compressStream(response.body!, coding), { status: response.status, statusText: response.statusText, headers });
}

function encoder(coding: Coding): zlib.BrotliCompress | zlib.Gzip {
	return coding === 'br'
		? zlib.createBrotliCompress({
				params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_GENERIC }
			})
		: zlib.createGzip({ level: GZIP_LEVEL });
}

/**
 * The body compressed chunk by chunk, pulled: a chunk of the source is read only when the client
 * has taken what came before (so a slow client holds the route's stream, as it would uncompressed),
 * and each is flushed so that it can be decoded on arrival. zlib works on libuv's thread pool.
 */
export function compressStream(source: ReadableStream<Uint8Array>, coding: Coding): ReadableStream<Uint8Array> {
	const z = encoder(coding);
	const flushKind = coding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
	const reader = source.getReader();
	let output: Buffer[] = [];
	let failed: Error | null = null;
	z.on('data', (d: Buffer) => output.push(d));
	z.on('error', (e) => (failed = e));
	/** What a flush produced, as one chunk: one write to the socket rather than a gzip header on its own. */
	const take = (controller: ReadableStreamDefaultController<Uint8Array>) => {
		if (output.length === 0) return false;
		const b = output.length === 1 ? output[0] : Buffer.concat(output);
		output = [];
		controller.enqueue(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
		return true;
	};
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) {
					// 'end' comes after the last output was handed over (z flows into `output`).
					await new Promise<void>((resolve) => {
						z.once('end', resolve);
						z.once('error', () => resolve());
						z.end();
					});
					if (failed) return controller.error(failed);
					take(controller);
					return controller.close();
				}
				z.write(value);
				await new Promise<void>((resolve) => z.flush(flushKind, () => resolve()));
				if (failed) return controller.error(failed);
				if (take(controller)) return;
			}
		},
		cancel(reason) {
			z.destroy();
			return reader.cancel(reason);
		}
	});
}

/** A Node stream of a compressed body decoded, for tests and the bench: the identity bytes back. */
export function decodeBody(body: ReadableStream<Uint8Array>, coding: Coding): Readable {
	return Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>).pipe(
		coding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip()
	);
}
