import { describe, expect, it } from 'vitest';
import { ServiceClient } from './client';
import { refusal } from './testing/refusal';
import { problemBody, startFakeService, type FakeAction } from './testing/fake-service';
import { Pacer, quotaSpentFor, type Wait } from './pacer';

type Reply = { status: number; body?: unknown; text?: string; headers?: Record<string, string> };

/** A client over a scripted fetch; `calls` records each request's URL and time. */
function scripted(replies: Reply[], pacer = new Pacer()) {
	const calls: { url: string; at: number; init?: RequestInit }[] = [];
	const fetchStub = (async (url: URL, init?: RequestInit) => {
		calls.push({ url: String(url), at: Date.now(), init });
		const r = replies[Math.min(calls.length - 1, replies.length - 1)];
		return new Response(r.text ?? JSON.stringify(r.body ?? {}), { status: r.status, headers: r.headers });
	}) as unknown as typeof fetch;
	const client = new ServiceClient({ baseUrl: 'https://icd.example.org/api/', apiKey: 'sk-secret', fetch: fetchStub, pacer, retry: { baseMs: 10, capMs: 20 } });
	return { client, calls };
}

const page = { status: 'ok', items: [], itemsTotal: 0, next_cursor: null };

describe('ServiceClient', () => {
	it('sends the key as a bearer token to the base URL, and reads the page', async () => {
		const { client, calls } = scripted([
			{ status: 200, body: { ...page, items: [{ uuid: 'u', dominant_lat: 1, dominant_long: 2, extra: true }], itemsTotal: 9, next_cursor: 'abc' } }
		]);
		const result = await client.geoManifestPage('icdb', 'image', { cursor: 'c 1', limit: 5000 });
		expect(result).toEqual({ items: [{ uuid: 'u', lat: 1, lon: 2 }], nextCursor: 'abc', total: 9, dropped: 0 });
		expect(calls[0].url).toBe('https://icd.example.org/api/v1/icdb/images/geo-manifest?limit=5000&cursor=c+1');
		expect(new Headers(calls[0].init?.headers).get('authorization')).toBe('Bearer sk-secret');
		expect(calls[0].init?.method ?? 'GET').toBe('GET');
		expect(client.host).toBe('icd.example.org');
	});

	it('explains 401, 403 and 404 for people, using the problem detail when there is one', async () => {
		const e401 = await refusal(scripted([{ status: 401, text: '' }]).client.recordDetail('icd', 'video', 'x'));
		expect(e401).toMatchObject({
			status: 401,
			message: 'The API key was refused by the service at icd.example.org: it is missing, wrong, revoked, or for another deployment.'
		});
		const e403 = await refusal(
			scripted([
				{ status: 403, body: { type: '/p', title: 'Forbidden', status: 403, detail: 'This key is not permitted to use geo manifests.', code: 'forbidden' } }
			]).client.geoManifestPage('icd', 'video', {})
		);
		expect(e403).toMatchObject({ status: 403, code: 'forbidden', title: 'Forbidden', message: 'This key is not permitted to use geo manifests.' });
		const e403bare = await refusal(scripted([{ status: 403, text: '<html>no</html>' }]).client.geoManifestPage('icdb', 'video', {}));
		expect(e403bare.message).toMatch(/^This key is not permitted to use the ICDB video geo manifest/);
		const e404 = await refusal(
			scripted([{ status: 404, body: { title: 'Not found', detail: 'No ICD video record with uuid x.' } }]).client.recordDetail('icd', 'video', 'x')
		);
		expect(e404).toMatchObject({ status: 404, message: 'No ICD video record with uuid x.' });
	});

	it('never retries 4xx other than 429', async () => {
		for (const status of [400, 401, 403, 404]) {
			const { client, calls } = scripted([{ status, text: '' }]);
			await refusal(client.recordDetail('icd', 'image', 'x'));
			expect(calls).toHaveLength(1);
		}
	});

	it('retries 502/503/504 with back-off, honouring retry-after, within bounded attempts', async () => {
		const waits: Wait[] = [];
		const { client, calls } = scripted([
			{ status: 502 },
			{ status: 503, headers: { 'retry-after': '0' } },
			{ status: 504 },
			{ status: 200, body: { uuid: 'u', title: 'T' } }
		]);
		expect(await client.recordDetail('icd', 'video', 'u', { onWait: (w) => waits.push(w) })).toEqual({ uuid: 'u', title: 'T' });
		expect(calls).toHaveLength(4);
		expect(waits.map((w) => w.reason)).toEqual(['network', 'network', 'network']);
		expect(waits[0].message).toMatch(/^The service at icd\.example\.org is unavailable \(502\); retrying in [\d.]+ s$/);

		const down = scripted([{ status: 503 }]);
		expect((await refusal(down.client.recordDetail('icd', 'video', 'u'))).status).toBe(503);
		expect(down.calls).toHaveLength(6);
	});

	it('waits retry-after on 429 and gives up at once when the wait is unreasonably long', async () => {
		const waits: Wait[] = [];
		const { client, calls } = scripted([
			{ status: 429, headers: { 'retry-after': '1' }, body: { type: '/p', title: 'Too many', status: 429 } },
			{ status: 200, body: page }
		]);
		await client.geoManifestPage('icd', 'video', {}, { onWait: (w) => waits.push(w) });
		expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(1000);
		expect(waits).toEqual([{ seconds: 1, reason: 'rate_limited', message: 'Rate limited by the service; waiting 1 s' }]);

		const quota = scripted([{ status: 429, headers: { 'retry-after': '86400' }, body: { type: '/p', title: 'Quota', status: 429, code: 'quota_exhausted' } }]);
		const error = await refusal(quota.client.geoManifestPage('icd', 'video', {}));
		expect(error).toMatchObject({ status: 429, retryAfter: 86400, code: 'quota_exhausted', message: 'Rate limited by the service; retry after 86400 s.' });
		expect(quota.calls).toHaveLength(1);
	});

	it('holds the next request when the RateLimit header says the quota is spent (r=0)', async () => {
		const pacer = new Pacer();
		const { client, calls } = scripted(
			[
				{ status: 200, body: page, headers: { ratelimit: '"burst";r=0;t=1' } },
				{ status: 200, body: page }
			],
			pacer
		);
		await client.geoManifestPage('icd', 'video', {});
		await client.geoManifestPage('icd', 'image', {});
		expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(990);
	});

	it('reports a body of the wrong shape as such, without retrying', async () => {
		const { client, calls } = scripted([{ status: 200, body: { data: [] } }]);
		const error = await refusal(client.geoManifestPage('icd', 'video', {}));
		expect(error).toMatchObject({ status: 502, code: 'unexpected_response' });
		expect(error.message).toMatch(/unexpected shape \(items: expected an array\)/);
		expect(calls).toHaveLength(1);
		expect((await refusal(scripted([{ status: 200, text: '<html>' }]).client.recordDetail('icd', 'video', 'u'))).message).toMatch(/not JSON/);
	});

	it('tolerates nulls and unknown fields in optional places', async () => {
		const { client } = scripted([{ status: 200, body: { uuid: 'u', title: null, primary_id: 'seven', report: 'R', extra: { a: 1 } } }]);
		expect(await client.recordDetail('icd', 'video', 'u')).toEqual({ uuid: 'u', title: undefined, primary_id: undefined, report: 'R', extra: { a: 1 } });
		const media = scripted([{ status: 200, body: { status: 'ok', embed_url: 'https://p/1', expires: 5 } }]);
		expect(await media.client.media('icd', 'video', 'u')).toMatchObject({ kind: 'player', embed_url: 'https://p/1', expires: 5 });
		const image = scripted([{ status: 200, body: { signed_url: 'https://i/1' } }]);
		expect(await image.client.media('icd', 'image', 'u')).toMatchObject({ kind: 'image', signed_url: 'https://i/1' });
		expect((await refusal(scripted([{ status: 200, body: { status: 'ok' } }]).client.media('icd', 'image', 'u'))).code).toBe('unexpected_response');
	});
});

describe('RateLimit header', () => {
	it.each([
		['"burst";r=0;t=3', 3],
		['"burst";r=5;t=3', undefined],
		['"burst";r=4;t=1, "day";r=0;t=60', 60],
		['limit=100, remaining=0, reset=7', 7],
		['limit=100, remaining=3, reset=7', undefined],
		['garbage', undefined]
	])('%s → %s', (header, seconds) => {
		expect(quotaSpentFor(header)).toBe(seconds);
	});
});

describe('ServiceClient against a loopback service', () => {
	// The spec sends the 429 body as application/json; the embedded service sends its other errors as
	// application/problem+json; a remote deployment may use either for any error.
	it.each(['application/json', 'application/problem+json'])('reads %s error bodies alike: 429 waits retry-after, 403 explains', async (type) => {
		const fake = await startFakeService({ 'icd/videos': 3 });
		try {
			fake.script((req): FakeAction => {
				if (req.n === 1) return { status: 429, headers: { 'content-type': type, 'retry-after': '1' }, body: problemBody(429, 'rate_limited', 'slow down') };
				if (req.n === 3)
					return { status: 403, headers: { 'content-type': type }, body: problemBody(403, 'forbidden', 'This key is not permitted to use geo manifests.') };
				return undefined;
			});
			const client = new ServiceClient({ baseUrl: fake.url, apiKey: 'k', pacer: new Pacer(), retry: { baseMs: 10, capMs: 20 } });
			const started = Date.now();
			const page = await client.geoManifestPage('icd', 'video', { limit: 10 });
			expect(page.items).toHaveLength(3);
			expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
			const e = await refusal(client.geoManifestPage('icd', 'video', { limit: 10 }));
			expect(e).toMatchObject({ status: 403, code: 'forbidden', message: 'This key is not permitted to use geo manifests.' });
		} finally {
			await fake.close();
		}
	});
});

describe('compressed answers from a remote deployment', () => {
	it('asks for brotli or gzip and reads either, and an identity answer too', async () => {
		const http = await import('node:http');
		const zlib = await import('node:zlib');
		const body = JSON.stringify({
			...page,
			items: Array.from({ length: 300 }, (_, i) => ({ uuid: `u${i}`, dominant_lat: 1, dominant_long: 2 })),
			itemsTotal: 300
		});
		const seen: (string | undefined)[] = [];
		let answer: 'br' | 'gzip' | 'identity' = 'br';
		const remote = http.createServer((req, res) => {
			seen.push(req.headers['accept-encoding']);
			const encoded = answer === 'br' ? zlib.brotliCompressSync(body) : answer === 'gzip' ? zlib.gzipSync(body) : Buffer.from(body);
			res.writeHead(200, { 'content-type': 'application/json', ...(answer === 'identity' ? {} : { 'content-encoding': answer }) });
			res.end(encoded);
		});
		await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
		try {
			const client = new ServiceClient({ baseUrl: `http://127.0.0.1:${(remote.address() as { port: number }).port}`, apiKey: 'k' });
			for (const coding of ['br', 'gzip', 'identity'] as const) {
				answer = coding;
				const result = await client.geoManifestPage('icd', 'video', { limit: 5000 });
				expect(result.items, coding).toHaveLength(300);
			}
			expect(seen.every((s) => /\bbr\b/.test(s ?? '') && /\bgzip\b/.test(s ?? ''))).toBe(true);
		} finally {
			remote.close();
		}
	});
});
