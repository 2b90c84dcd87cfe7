// Compression through the real production server, as clients negotiate it: every route family
// answers brotli or gzip when asked (and the body decodes to exactly what an identity client
// gets), identity clients get what they got before, small answers stay as they are, the record
// stream is compressed frame by frame as it is made, and the page's scripts come precompressed.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordStream, recordRef } from '../../src/lib/stream/decode';
import { negotiate } from '../../src/lib/server/edge/compress';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let port: number;

beforeAll(async () => {
	server = await startServer();
	port = Number(new URL(server.url).port);
});
afterAll(() => server?.stop());

interface Answer {
	status: number;
	headers: http.IncomingHttpHeaders;
	/** The bytes as they crossed the wire. */
	wire: Buffer;
	/** When each chunk arrived, in ms from the request. */
	arrivals: number[];
}

/** One request over node:http, which neither adds Accept-Encoding nor decodes: the bytes on the wire. */
function request(path: string, acceptEncoding: string | null, options: { method?: string; body?: string; key?: boolean } = {}): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const headers: Record<string, string> = {};
		if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
		if (options.key) headers.authorization = `Bearer ${server.localKey}`;
		if (options.body) Object.assign(headers, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
		const started = performance.now();
		const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent: false }, (res) => {
			const chunks: Buffer[] = [];
			const arrivals: number[] = [];
			res.on('data', (d: Buffer) => (chunks.push(d), arrivals.push(performance.now() - started)));
			res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, wire: Buffer.concat(chunks), arrivals }));
		});
		req.on('error', reject);
		req.end(options.body);
	});
}

const decode = (a: Answer): Buffer => {
	const coding = a.headers['content-encoding'];
	if (coding === 'br') return zlib.brotliDecompressSync(a.wire);
	if (coding === 'gzip') return zlib.gunzipSync(a.wire);
	expect(coding).toBeUndefined();
	return a.wire;
};

const mcpCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'searchIcdVideos', arguments: { per_page: 100 } } });

/** A route of each family that answers with a body worth compressing, deterministic for the same request. */
const ROUTES: { name: string; path: string; method?: string; body?: string; key?: boolean }[] = [
	{ name: 'service search', path: '/v1/icd/videos?per_page=100&sort=id_asc', key: true },
	{ name: 'geo-manifest page of 5,000', path: '/v1/icd/images/geo-manifest?limit=5000', key: true },
	{ name: 'natural language search', path: '/v1/icdb/nl-search?search=aid%20convoy%20in%20Sudan&per_page=50', key: true },
	{ name: 'problem', path: `/v1/icd/videos?per_page=${'9'.repeat(2000)}`, key: true },
	{ name: 'MCP', path: '/mcp-all', method: 'POST', body: mcpCall, key: true },
	{ name: 'OpenAPI', path: '/openapi.json' },
	{ name: 'explorer search', path: '/api/search?mode=keyword&q=convoy&datasets=icd,icdb&components=video,image' }
];

describe.each(['br', 'gzip'] as const)('%s', (coding) => {
	it.each(ROUTES)('$name: compressed as asked, and decodes to the identity bytes', async (route) => {
		const identity = await request(route.path, 'identity', route);
		const compressed = await request(route.path, coding === 'br' ? 'gzip;q=0.8, br' : 'gzip, br;q=0.1', route);
		expect(compressed.status).toBe(identity.status);
		expect(identity.headers['content-encoding']).toBeUndefined();
		expect(compressed.headers['content-encoding']).toBe(coding);
		expect(compressed.headers['content-length']).toBeUndefined();
		for (const a of [identity, compressed]) expect(a.headers.vary).toMatch(/accept-encoding/i);
		// Two requests read "last month" against their own clocks: the reference time is the one difference.
		const text = (b: Buffer) => b.toString().replace(/"reference_time":"[^"]+"/, '');
		expect(text(decode(compressed))).toBe(text(identity.wire));
		expect(compressed.wire.length).toBeLessThan(identity.wire.length);
	});
});

describe('clients that do not ask', () => {
	it('get no Content-Encoding without Accept-Encoding, with identity, or with codings the server lacks', async () => {
		for (const accept of [null, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
			const a = await request('/v1/icd/videos?per_page=100', accept, { key: true });
			expect(a.headers['content-encoding'], String(accept)).toBeUndefined();
			expect(JSON.parse(a.wire.toString()).items).toHaveLength(100);
		}
	});

	it('leaves small answers as they are', async () => {
		const a = await request('/api/status', 'br, gzip');
		expect(a.status).toBe(200);
		expect(a.wire.length).toBeLessThan(1024);
		expect(a.headers['content-encoding']).toBeUndefined();
	});

	it('reads Accept-Encoding with q-values', () => {
		expect(negotiate('gzip, deflate, br')).toBe('br');
		expect(negotiate('gzip;q=1, br;q=0.5')).toBe('gzip');
		expect(negotiate('*')).toBe('br');
		expect(negotiate('*;q=0.5, br;q=0')).toBe('gzip');
		expect(negotiate('identity')).toBeNull();
		expect(negotiate('')).toBeNull();
	});
});

describe('the record stream', () => {
	it('is compressed frame by frame: the same records, decodable as they arrive', async () => {
		const identity = await request('/api/stream?datasets=icd,icdb&components=video,image', 'identity');
		const compressed = await request('/api/stream?datasets=icd,icdb&components=video,image', 'br');
		expect(compressed.headers['content-encoding']).toBe('br');
		// Walks differ only in the timing of their control frames; the records are the same.
		const records = async (bytes: Buffer) => {
			const refs: string[] = [];
			for await (const event of readRecordStream(new Blob([new Uint8Array(bytes)]).stream()))
				if (event.type === 'batch')
					for (let i = 0; i < event.batch.length; i++) refs.push(`${event.batch.dataset}/${event.batch.component}/${recordRef(event.batch, i)}`);
			return refs.sort();
		};
		const fromCompressed = await records(decode(compressed));
		expect(fromCompressed.length).toBeGreaterThan(1000);
		expect(fromCompressed).toEqual(await records(identity.wire));
		// Several chunks, each flushed on its own: the browser decodes the first pages before the last arrive.
		expect(compressed.arrivals.length).toBeGreaterThan(1);
		const stream = zlib.createBrotliDecompress();
		const firstChunk = await new Promise<Buffer>((resolve, reject) => {
			stream.once('data', resolve);
			stream.once('error', reject);
			stream.write(compressed.wire.subarray(0, Math.min(compressed.wire.length - 1, 4096)));
		});
		expect(firstChunk.length).toBeGreaterThan(0);
		stream.destroy();
	});
});

describe('static assets', () => {
	it('are served precompressed by the Accept-Encoding of the request', async () => {
		const page = (await request('/', 'identity')).wire.toString();
		const script = /\/_app\/immutable\/[^"']+\.js/.exec(page)![0];
		const plain = await request(script, 'identity');
		for (const coding of ['br', 'gzip'] as const) {
			const a = await request(script, coding);
			expect(a.headers['content-encoding']).toBe(coding);
			expect(decode(a).equals(plain.wire)).toBe(true);
		}
		expect(plain.headers['content-encoding']).toBeUndefined();
	});
});
