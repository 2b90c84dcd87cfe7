import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse, compressStream, type Coding } from './compress';

/** A source whose second chunk comes only when the test says so. */
function heldSource(first: string) {
	let release!: (rest: string) => void;
	const later = new Promise<string>((resolve) => (release = resolve));
	let reads = 0;
	const stream = new ReadableStream<Uint8Array>({
		async pull(controller) {
			reads++;
			if (reads === 1) return controller.enqueue(new TextEncoder().encode(first));
			if (reads === 2) return controller.enqueue(new TextEncoder().encode(await later));
			controller.close();
		}
	});
	return { stream, release, reads: () => reads };
}

describe.each(['br', 'gzip'] as Coding[])('%s stream', (coding) => {
	it('hands over each chunk decodable on its own, before the next exists', async () => {
		const first = JSON.stringify({ frame: 1, items: Array.from({ length: 200 }, (_, i) => ({ i })) });
		const source = heldSource(first);
		const reader = compressStream(source.stream, coding).getReader();
		const decoder = coding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
		let decoded = '';
		decoder.on('data', (d: Buffer) => (decoded += d.toString()));
		const { value } = await reader.read();
		decoder.write(value);
		await expect.poll(() => decoded).toBe(first);
		// The second chunk has not been asked of the route yet beyond the one read that waits for it.
		expect(source.reads()).toBe(2);
		source.release('{"frame":2}');
		for (;;) {
			const { done, value: more } = await reader.read();
			if (done) break;
			decoder.write(more);
		}
		decoder.end();
		await new Promise((r) => decoder.once('end', r));
		expect(decoded).toBe(first + '{"frame":2}');
	});
});

describe('compressResponse', () => {
	const big = () => new Response(JSON.stringify({ text: 'x'.repeat(5000) }), { headers: { 'content-type': 'application/json', 'content-length': '5012' } });
	const ask = (accept: string, method = 'GET') => new Request('http://127.0.0.1/x', { method, headers: { 'accept-encoding': accept } });

	it('leaves codings already applied, images, HEAD and no-transform alone', () => {
		expect(
			compressResponse(ask('br'), new Response('x'.repeat(5000), { headers: { 'content-type': 'image/png' } })).headers.get('content-encoding')
		).toBeNull();
		expect(compressResponse(ask('br', 'HEAD'), big()).headers.get('content-encoding')).toBeNull();
		const noTransform = new Response('{}'.padEnd(5000), { headers: { 'content-type': 'application/json', 'cache-control': 'no-transform' } });
		expect(compressResponse(ask('br'), noTransform).headers.get('content-encoding')).toBeNull();
		const already = new Response('abc', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
		expect(compressResponse(ask('br'), already)).toBe(already);
	});

	it('keeps an existing Vary and adds Accept-Encoding to it once', () => {
		const r = compressResponse(
			ask('gzip'),
			new Response(JSON.stringify({ a: 'y'.repeat(3000) }), { headers: { 'content-type': 'application/json', vary: 'Origin' } })
		);
		expect(r.headers.get('vary')).toBe('Origin, Accept-Encoding');
		expect(r.headers.get('content-encoding')).toBe('gzip');
		expect(compressResponse(ask('gzip'), big()).headers.get('content-length')).toBeNull();
	});
});
