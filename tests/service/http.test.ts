import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

describe('the service is read-only and speaks problem JSON', () => {
	it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on a read endpoint is 405 with Allow', async (method) => {
		const r = await server.get('/v1/icd/videos', undefined, { method });
		expect(r.headers.get('allow')).toMatch(/GET/);
		await expectProblem(r, 405, 'method_not_allowed');
	});

	it('unknown paths are 404 problems', async () => {
		await expectProblem(await server.get('/v1/icd/nowhere'), 404, 'not_found');
		await expectProblem(await server.get('/v1/other/videos'), 404, 'not_found');
	});

	it('HEAD works where GET does', async () => {
		const r = await server.get('/v1/icd/videos', undefined, { method: 'HEAD' });
		expect(r.status).toBe(200);
	});
});

describe('rate limits', () => {
	it('sends RateLimit headers on every response, errors included', async () => {
		for (const p of ['/v1/icd/videos', '/v1/icd/videos?page=0', `/v1/icd/videos/${crypto.randomUUID()}`]) {
			const r = await server.get(p);
			expect(r.headers.get('ratelimit-policy')).toMatch(/q=\d+;w=\d+/);
			expect(r.headers.get('ratelimit')).toMatch(/r=\d+;t=\d+/);
		}
	});

	it('answers 429 with problem JSON and an integer retry-after when the bucket is empty', async () => {
		const { key } = await server.createKey(['--rate', '0.5', '--burst', '3']);
		const statuses: number[] = [];
		let limited: Response | undefined;
		for (let i = 0; i < 5; i++) {
			const r = await server.get('/v1/icd/videos?per_page=1', key);
			statuses.push(r.status);
			if (r.status === 429 && !limited) limited = r;
			else await r.body?.cancel();
		}
		expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
		expect(limited).toBeDefined();
		const retryAfter = limited!.headers.get('retry-after');
		expect(retryAfter).toMatch(/^\d+$/);
		expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
		const body = await expectProblem(limited!, 429, 'rate_limited');
		expect(body.instance).toBe('/v1/icd/videos');
	});

	it('limits each key on its own', async () => {
		const a = await server.createKey(['--rate', '0.1', '--burst', '1']);
		const b = await server.createKey(['--rate', '0.1', '--burst', '1']);
		expect((await server.get('/v1/icd/videos?per_page=1', a.key)).status).toBe(200);
		expect((await server.get('/v1/icd/videos?per_page=1', a.key)).status).toBe(429);
		expect((await server.get('/v1/icd/videos?per_page=1', b.key)).status).toBe(200);
	});
});

describe('openapi.json', () => {
	it('describes every REST path of the spec with version 1.3.1', async () => {
		const doc = await (await fetch(`${server.url}/openapi.json`)).json();
		expect(doc.openapi).toBe('3.1.0');
		expect(doc.info.version).toBe('1.3.1');
		const ops = Object.values(doc.paths as Record<string, { get?: { operationId: string } }>).map((p) => p.get?.operationId);
		for (const op of [
			'searchIcdVideos',
			'searchIcdbImages',
			'getOneIcdVideo',
			'getOneIcdbImage',
			'getIcdVideoPlayer',
			'getIcdbImageViewer',
			'getIcdVideoByComponentId',
			'getIcdbImageGeoManifest'
		]) {
			expect(ops).toContain(op);
		}
		const search = doc.paths['/v1/icd/videos'].get.parameters.map((p: { name: string }) => p.name);
		expect(search).toEqual(expect.arrayContaining(['search', 'country', 'entity', 'page', 'per_page', 'sort', 'date_from', 'date_to']));
	});
});
