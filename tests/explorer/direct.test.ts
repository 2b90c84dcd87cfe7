// The embedded service's in-process geo-manifest pages (service/direct.ts) against the same
// service over HTTP: a real server on loopback and the same database (its SQLite file, or its
// PostgreSQL database) opened in this process.
// The explorer's client must not be able to tell the two apart, except that one skips the socket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/lib/server/env';
import { ServiceClient } from '../../src/lib/server/explorer/client';
import type { GeoPage } from '../../src/lib/server/explorer/adapters/geo-manifest';
import { directGeoManifest } from '../../src/lib/server/service/direct';
import { createRuntime, type Runtime } from '../../src/lib/server/runtime';
import { poolReads } from '../../src/lib/server/service/reads/pool';
import { refusal } from '../../src/lib/server/explorer/testing/refusal';
import { startServer, type TestServer } from '../helpers/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-direct-'));
let server: TestServer;
let rt: Runtime;
/** URLs the direct client sent over HTTP. */
let sentOverHttp: string[];

beforeAll(async () => {
	server = await startServer({ dataDir, size: 1200 });
	const settings = readSettings({ DATA_DIR: dataDir, DATABASE_URL: server.databaseUrl ?? '' });
	// The pages are read by reader workers, as in the server under load (DB_READERS > 0; none on this thread).
	const base = createRuntime(settings);
	const reads = await poolReads(settings, { readers: 1, queue: 16, inlineBudgetMs: 0, lexicons: null }, base.reads);
	rt = { ...base, now: Date.now, reads };
});
afterAll(async () => {
	await rt?.reads.close();
	await rt?.sql.close();
	await server?.stop();
	fs.rmSync(dataDir, { recursive: true, force: true });
});

function clients(apiKey: string): { http: ServiceClient; direct: ServiceClient } {
	sentOverHttp = [];
	const recording: typeof fetch = (input, init) => {
		sentOverHttp.push(String(input));
		return fetch(input, init);
	};
	return {
		http: new ServiceClient({ baseUrl: server.url, apiKey }),
		direct: new ServiceClient({ baseUrl: server.url, apiKey, fetch: recording, direct: directGeoManifest(rt), retry: { attempts: 1 } })
	};
}

async function walk(client: ServiceClient, limit: number, options: { withoutTitles?: boolean } = {}): Promise<GeoPage[]> {
	const pages: GeoPage[] = [];
	let cursor: string | undefined;
	do {
		const page = await client.geoManifestPage('icd', 'video', { cursor, limit }, options);
		pages.push(page);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return pages;
}

describe('geo-manifest pages in process', () => {
	it('are the pages the HTTP service sends, cursors included, without a request on the socket', async () => {
		const { http, direct } = clients((await server.createKey()).key);
		const overHttp = await walk(http, 100);
		const inProcess = await walk(direct, 100);
		expect(overHttp.length).toBeGreaterThan(2);
		expect(inProcess).toEqual(overHttp);
		expect(sentOverHttp).toEqual([]);
		// A cursor handed out over HTTP continues in process, and the other way round.
		const second = await direct.geoManifestPage('icd', 'video', { cursor: overHttp[0].nextCursor!, limit: 100 });
		expect(second).toEqual(overHttp[1]);
	});

	it('leave the titles out for a walk that does not use them (the record stream), and nothing else', async () => {
		const { http, direct } = clients((await server.createKey()).key);
		const overHttp = await walk(http, 100);
		const withoutTitles = await walk(direct, 100, { withoutTitles: true });
		expect(overHttp.some((p) => p.items.some((i) => i.title !== undefined))).toBe(true);
		expect(withoutTitles.every((p) => p.items.every((i) => i.title === undefined))).toBe(true);
		// The same items, cursors and totals otherwise.
		const untitled = (pages: GeoPage[]) => pages.map((p) => ({ ...p, items: p.items.map(({ title: _, ...rest }) => rest) }));
		expect(withoutTitles).toEqual(untitled(overHttp));
		// A cursor of a page with titles continues a walk without them, and the other way round.
		const second = await direct.geoManifestPage('icd', 'video', { cursor: withoutTitles[0].nextCursor!, limit: 100 });
		expect(second).toEqual(overHttp[1]);
		// Over HTTP the request is the spec's: a remote service sends the titles all the same.
		const remote = await http.geoManifestPage('icd', 'video', { limit: 100 }, { withoutTitles: true });
		expect(remote).toEqual(overHttp[0]);
		expect(sentOverHttp).toEqual([]);
	});

	it('cross from the reader thread as columns, not as 5,000 objects', async () => {
		const { key } = await server.createKey();
		const answer = (await directGeoManifest(rt)('/v1/icd/videos/geo-manifest', { limit: '50' }, `Bearer ${key}`))!;
		expect(answer.status).toBe(200);
		const body = answer.body as { items?: unknown; columns: Record<string, unknown>; itemsReceived: number };
		expect(body.items).toBeUndefined();
		expect(body.itemsReceived).toBe(50);
		expect(body.columns.lat).toBeInstanceOf(Float64Array);
		expect((body.columns.uuid as string[]).length).toBe(50);
	});

	it('show only what the key may see', async () => {
		const entity =
			(await rt.sql.pluck<string>(
				`SELECT entity FROM records WHERE dataset = 'icd' AND component = 'video' AND mappable = 1 AND entity IS NOT NULL LIMIT 1`
			)) ?? '';
		const { direct } = clients((await server.createKey(['--entities', entity])).key);
		const items = (await walk(direct, 500)).flatMap((p) => p.items);
		const expected = await rt.sql.pluck<number>(`SELECT count(*) FROM records WHERE dataset = 'icd' AND component = 'video' AND mappable = 1 AND entity = ?`, [
			entity
		]);
		expect(items.length).toBe(expected);
		expect(new Set(items.map((i) => i.entity))).toEqual(new Set([entity]));
	});

	it('refuse as the HTTP service does: unknown key, missing dataset, rejected cursor', async () => {
		const wrong = clients('icd_000000000000_' + 'x'.repeat(43));
		const [viaHttp, inProcess] = [
			await refusal(wrong.http.geoManifestPage('icd', 'video', {})),
			await refusal(wrong.direct.geoManifestPage('icd', 'video', {}))
		];
		expect(inProcess.status).toBe(401);
		expect(inProcess.message).toBe(viaHttp.message);

		const icdOnly = clients((await server.createKey(['--datasets', 'icd'])).key);
		const forbidden = await refusal(icdOnly.direct.geoManifestPage('icdb', 'image', {}));
		expect(forbidden.status).toBe(403);
		expect(forbidden.message).toBe((await refusal(icdOnly.http.geoManifestPage('icdb', 'image', {}))).message);

		const badCursor = await refusal(icdOnly.direct.geoManifestPage('icd', 'video', { cursor: 'not-a-cursor' }));
		expect(badCursor.status).toBe(400);
		expect(badCursor.code).toBe('invalid_cursor');
		expect(sentOverHttp).toEqual([]);
	});

	it('are not run for a caller that has gone away', async () => {
		const { key } = await server.createKey(['--rate', '1', '--burst', '1']);
		const { direct } = clients(key);
		const gone = new AbortController();
		gone.abort();
		await expect(direct.geoManifestPage('icd', 'video', { limit: 10 }, { signal: gone.signal })).rejects.toThrow();
		// The key's single token is still there: the aborted call cost no query and no token.
		expect((await directGeoManifest(rt)('/v1/icd/videos/geo-manifest', { limit: '10' }, `Bearer ${key}`))?.status).toBe(200);
	});

	it("charge the key's rate limit: a 429 with retry-after, which the client waits out", async () => {
		const { key } = await server.createKey(['--rate', '2', '--burst', '1']);
		const answer = directGeoManifest(rt);
		const path = '/v1/icd/videos/geo-manifest';
		expect((await answer(path, { limit: '10' }, `Bearer ${key}`))?.status).toBe(200);
		const refused = (await answer(path, { limit: '10' }, `Bearer ${key}`))!;
		expect(refused.status).toBe(429);
		expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
		expect(refused.body).toMatchObject({ code: 'rate_limited', status: 429, instance: path });
		expect(answer('/v1/icd/videos', {}, `Bearer ${key}`)).toBeUndefined(); // not served in process

		// The client paces itself by the RateLimit headers or waits out the 429: either way it waits.
		const { direct } = clients(key);
		const started = Date.now();
		await direct.geoManifestPage('icd', 'video', { limit: 10 });
		await direct.geoManifestPage('icd', 'video', { limit: 10 });
		expect(Date.now() - started).toBeGreaterThanOrEqual(400);
	});
});
