// The requests answered before SvelteKit (src/lib/server/fast-path.ts, attached by
// scripts/serve.mjs) answer exactly as SvelteKit's routes do: two servers over one data directory,
// one as npm start runs it and one as adapter-node's build/index.js alone, asked the same requests
// in the same order. Status, headers and (decompressed) bytes are compared; only the framing may
// differ, and is what shows that the fast path took the request.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let fast: TestServer;
let kit: TestServer;
let keys: Record<string, string>;
let sample: { uuid: string; primary_id: number; entity: string };

/** Headers that depend on the moment or the connection, not on the answer. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'ratelimit', 'ratelimit-remaining', 'ratelimit-reset']);

beforeAll(async () => {
	fast = await startServer({ size: 1500 });
	// One data directory (on PostgreSQL one database): the same records and keys on both.
	kit = await startServer({ dataDir: fast.dataDir, databaseUrl: fast.databaseUrl, entry: 'build/index.js' });
	keys = {
		all: fast.localKey,
		icdbOnly: (await fast.createKey(['--datasets', 'icdb'])).key,
		searchOnly: (await fast.createKey(['--features', 'search'])).key,
		// One each: on PostgreSQL the two servers share the key's bucket.
		burstOfTwoFast: (await fast.createKey(['--rate', '0.01', '--burst', '2'])).key,
		burstOfTwoKit: (await fast.createKey(['--rate', '0.01', '--burst', '2'])).key
	};
	const page = await (await fast.get('/v1/icd/videos?per_page=1')).json();
	sample = page.items[0];
	keys.otherEntity = (await fast.createKey(['--entities', `${sample.entity}x`])).key;
}, 120_000);
afterAll(async () => {
	await kit?.stop();
	await fast?.stop();
});

interface Answer {
	status: number;
	headers: Record<string, string>;
	body: string;
	framing: { length: string | null; chunked: boolean };
}

/** One raw answer: the body as sent, decompressed by hand (fetch would hide the coding). */
async function ask(server: TestServer, path: string, headers: Record<string, string | null> = {}): Promise<Answer> {
	const init: Record<string, string> = { authorization: `Bearer ${keys.all}` };
	for (const [k, v] of Object.entries(headers)) {
		if (v === null) delete init[k];
		else init[k] = v;
	}
	const { default: http } = await import('node:http');
	const url = new URL(server.url + path);
	return new Promise((resolve, reject) => {
		const req = http.get({ host: url.hostname, port: url.port, path, headers: init }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c) => chunks.push(c));
			res.on('end', () => {
				let body = Buffer.concat(chunks);
				const coding = res.headers['content-encoding'];
				if (coding === 'br') body = zlib.brotliDecompressSync(body);
				if (coding === 'gzip') body = zlib.gunzipSync(body);
				const kept: Record<string, string> = {};
				for (const [k, v] of Object.entries(res.headers)) if (!VOLATILE.has(k)) kept[k] = String(v);
				resolve({
					status: res.statusCode!,
					headers: kept,
					body: body.toString('utf8'),
					framing: { length: res.headers['content-length'] ?? null, chunked: res.headers['transfer-encoding'] === 'chunked' }
				});
			});
		});
		req.on('error', reject);
	});
}

/** The same request to both servers: the same answer. */
async function same(path: string, headers: Record<string, string | null> = {}): Promise<{ fast: Answer; kit: Answer }> {
	const a = await ask(fast, path, headers);
	const b = await ask(kit, path, headers);
	expect(a.status).toBe(b.status);
	expect(a.headers).toEqual(b.headers);
	// A refusal names the origin it expected: each server's own.
	expect(a.body.replaceAll(fast.url, 'SERVER')).toBe(b.body.replaceAll(kit.url, 'SERVER'));
	return { fast: a, kit: b };
}

describe('lookups and manifest pages before SvelteKit', () => {
	it('answer a record by component id and by uuid as SvelteKit does, sent whole with its length', async () => {
		for (const path of [
			`/v1/icd/videos/by-component-id/${sample.primary_id}`,
			`/v1/icd/videos/${sample.uuid}`,
			`/v1/icd/videos/${sample.uuid.toUpperCase()}`
		]) {
			const { fast: a, kit: b } = await same(path);
			expect(a.status).toBe(200);
			expect(JSON.parse(a.body).uuid).toBe(sample.uuid);
			expect(a.headers['content-type']).toBe('application/json');
			expect(a.headers['x-content-type-options']).toBe('nosniff');
			// The framing is how the fast path shows: its answer has a length, SvelteKit's is sent in chunks.
			expect(a.framing).toEqual({ length: String(Buffer.byteLength(a.body)), chunked: false });
			expect(b.framing.chunked).toBe(true);
		}
	});

	it('compress as SvelteKit does, to the same bytes once decompressed', async () => {
		for (const coding of ['br', 'gzip', 'identity', 'gzip;q=0, br;q=0']) {
			const { fast: a } = await same(`/v1/icd/videos/${sample.uuid}`, { 'accept-encoding': coding });
			expect(a.status).toBe(200);
			expect(a.headers.vary).toBe('Accept-Encoding');
		}
	});

	it('answer every refusal and error with the same problem', async () => {
		const cases: [string, Record<string, string | null>, number][] = [
			[`/v1/icd/videos/by-component-id/999999999`, {}, 404],
			[`/v1/icd/images/${sample.uuid}`, {}, 404],
			[`/v1/icd/videos/00000000-0000-4000-8000-000000000000`, {}, 404],
			[`/v1/icd/videos/by-component-id/0`, {}, 400],
			[`/v1/icd/videos/by-component-id/12a`, {}, 400],
			[`/v1/icd/videos/by-component-id/${sample.primary_id}?x=1`, {}, 400],
			[`/v1/icd/videos/by-component-id/${sample.primary_id}`, { authorization: null }, 401],
			[`/v1/icd/videos/by-component-id/${sample.primary_id}`, { authorization: 'Bearer nope' }, 401],
			[`/v1/icd/videos/by-component-id/${sample.primary_id}`, { authorization: `Bearer ${keys.icdbOnly}` }, 403],
			[`/v1/icd/videos/by-component-id/${sample.primary_id}`, { authorization: `Bearer ${keys.searchOnly}` }, 403],
			[`/v1/icd/videos/${sample.uuid}`, { authorization: `Bearer ${keys.otherEntity}` }, 404],
			// The edge's refusals: a foreign page in the analyst's browser, a host this server does not answer to.
			[`/v1/icd/videos/${sample.uuid}`, { 'sec-fetch-site': 'cross-site' }, 403],
			[`/v1/icd/videos/${sample.uuid}`, { origin: 'http://evil.example' }, 403],
			[`/v1/icd/videos/${sample.uuid}`, { host: 'evil.example' }, 403]
		];
		for (const [path, headers, status] of cases) {
			const { fast: a } = await same(path, headers);
			expect([path, headers, a.status]).toEqual([path, headers, status]);
			expect(a.headers['content-type']).toMatch(/^application\/problem\+json/);
		}
	});

	it('answer geo-manifest pages as SvelteKit does, cursor after cursor, filtered, compressed or not', async () => {
		for (const query of ['limit=7', 'limit=5&date_from=2023-01-01', `limit=4&country=${encodeURIComponent('Sudan')}`]) {
			let path = `/v1/icd/videos/geo-manifest?${query}`;
			for (let page = 0; page < 3; page++) {
				const { fast: a, kit: b } = await same(path);
				expect(a.status).toBe(200);
				expect(a.framing.chunked).toBe(false);
				expect(b.framing.chunked).toBe(true);
				const body = JSON.parse(a.body);
				expect(body.items.length).toBeGreaterThan(0);
				if (!body.next_cursor) break;
				path = `/v1/icd/videos/geo-manifest?${query}&cursor=${encodeURIComponent(body.next_cursor)}`;
			}
		}
		// A page large enough to compress: compressed as it is sent (in chunks) on both.
		for (const coding of ['br', 'gzip']) {
			const { fast: a } = await same('/v1/icdb/images/geo-manifest?limit=500', { 'accept-encoding': coding });
			expect(a.headers['content-encoding']).toBe(coding);
			expect(JSON.parse(a.body).items.length).toBe(500);
		}
		for (const query of ['limit=0', 'bogus=1', 'limit=5&limit=6', 'cursor=garbage', 'date_from=2024-01-01&date_to=2023-01-01']) {
			const { fast: a } = await same(`/v1/icd/videos/geo-manifest?${query}`);
			expect([query, a.status]).toEqual([query, 400]);
		}
	});

	it('spend the key’s rate limit as SvelteKit does: past the burst, 429 with retry-after', async () => {
		const path = `/v1/icd/videos/by-component-id/${sample.primary_id}`;
		const answers = async (server: TestServer, key: string) => {
			const out: Answer[] = [];
			for (let i = 0; i < 3; i++) out.push(await ask(server, path, { authorization: `Bearer ${key}` }));
			return out;
		};
		const a = await answers(fast, keys.burstOfTwoFast);
		const b = await answers(kit, keys.burstOfTwoKit);
		expect(a.map((x) => x.status)).toEqual([200, 200, 429]);
		expect(a.map(({ status, headers, body }) => ({ status, headers, body }))).toEqual(b.map(({ status, headers, body }) => ({ status, headers, body })));
		expect(a[2].headers['retry-after']).toMatch(/^\d+$/);
	});
});
