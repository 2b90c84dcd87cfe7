// The benchmark's naive baseline pages are not in the production build (issue 41): their sources
// are in scripts/bench/routes, built into build-bench/ by the benchmark alone. The production
// server answers their paths as it answers any path no route matches, while the explorer's page
// and the service beside them are where they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ size: 50 });
});
afterAll(async () => {
	await server?.stop();
});

describe('the production build', () => {
	it('answers 404 at the naive baseline page and its stream', async () => {
		for (const path of ['/bench/naive', '/bench/naive-stream']) {
			const r = await fetch(server.url + path);
			expect(r.status, path).toBe(404);
			await r.body?.cancel();
		}
	});

	it('still serves the explorer page and the service at their URLs', async () => {
		const page = await fetch(server.url + '/');
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('<html');
		expect((await fetch(server.url + '/openapi.json')).status).toBe(200);
		const service = await server.get('/v1/icd/videos?per_page=1');
		// The problem's body in the message, should the service ever refuse the run's own key.
		expect(service.status, await service.clone().text()).toBe(200);
	});
});
