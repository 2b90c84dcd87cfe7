// The record stream's cache on the real production server: analysts signed in with keys of the same
// and of different scopes, against the embedded service (the SQLite file is the oracle), and an
// explorer in front of a loopback service that gains records between loads. What an analyst and a
// team lead rely on: a load shows exactly what the key may see now, however much of it came from
// a copy; keys of the same scope share one copy; nothing on disk or in the page reveals a key.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordStream, recordRef } from '../../src/lib/stream/decode';
import { COMPONENT_CODES, DATASET_CODES, type ControlMessage } from '../../src/lib/types/stream';
import { startFakeService, type FakeService } from '../../src/lib/server/explorer/testing/fake-service';
import { oracle, type Oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';
import { signIn, withSession } from '../helpers/signin';

interface Loaded {
	status: number;
	served: string | null;
	/** "part/ref" of every record, in the order they came. */
	records: string[];
	controls: ControlMessage[];
	version: string | undefined;
	base: string | undefined;
}

async function load(url: string, cookie: string | null, since?: string): Promise<Loaded> {
	const target = `${url}/api/stream${since ? `?since=${since}` : ''}`;
	const r = cookie ? await withSession(target, cookie) : await fetch(target);
	const records: string[] = [];
	const controls: ControlMessage[] = [];
	if (r.status !== 200) return { status: r.status, served: null, records, controls, version: undefined, base: undefined };
	for await (const event of readRecordStream(r.body!)) {
		if (event.type === 'control') controls.push(event.message);
		else
			for (let i = 0; i < event.batch.length; i++)
				records.push(`${DATASET_CODES[event.batch.dataset]}/${COMPONENT_CODES[event.batch.component]}/${recordRef(event.batch, i)}`);
	}
	const done = controls.find((m) => m.type === 'done') as Extract<ControlMessage, { type: 'done' }> | undefined;
	const start = controls.find((m) => m.type === 'start') as Extract<ControlMessage, { type: 'start' }> | undefined;
	return { status: r.status, served: r.headers.get('x-stream-served'), records, controls, version: done?.version, base: start?.base };
}

/** Once a walk's copy is on disk (its stream ends first): a page holding its version is then told it is current. */
async function kept(url: string, cookie: string | null, version: string | undefined): Promise<void> {
	expect(version).toMatch(/^[0-9a-f]{24}$/);
	await expect.poll(async () => (await load(url, cookie, version)).served, { timeout: 20_000 }).toBe('unchanged');
}

function cacheEntries(dir: string): string[] {
	return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : [];
}

describe('analysts of the embedded service, signed in', () => {
	let server: TestServer;
	let db: Oracle;
	let cacheDir: string;
	const keys: Record<string, { id: string; key: string }> = {};
	const cookies: Record<string, string> = {};
	let entity: string;

	beforeAll(async () => {
		server = await startServer({ env: { EXPLORER_AUTH: 'signin', SESSION_SECRET: 'stream-cache-test-session-secret-0123456789' } });
		cacheDir = path.join(server.dataDir, 'stream-cache');
		db = oracle(server);
		entity = db.rows<{ entity: string }>('SELECT entity FROM records WHERE entity IS NOT NULL GROUP BY entity ORDER BY count(*) DESC LIMIT 1')[0].entity;
		const features = ['--features', 'geo,detail,lookup'];
		keys.alice = await server.createKey(['--name', 'alice', ...features]);
		keys.bob = await server.createKey(['--name', 'bob', ...features]);
		keys.narrow = await server.createKey(['--name', 'narrow', ...features, '--entities', entity]);
		for (const [who, { key }] of Object.entries(keys)) {
			const answer = await signIn(server.url, key);
			expect(answer.cookie, who).not.toBeNull();
			cookies[who] = answer.cookie!;
		}
	});
	afterAll(async () => {
		db?.close();
		await server?.stop();
	});

	const mappable = (where = '1 = 1', ...params: string[]) => db.count(`mappable = 1 AND ${where}`, ...params);

	it('keys of one scope share one copy; a narrower key gets its own, with only its records', async () => {
		const first = await load(server.url, cookies.alice);
		expect(first.served).toBe('walk');
		expect(first.records).toHaveLength(mappable());
		expect(new Set(first.records).size).toBe(first.records.length);
		await kept(server.url, cookies.alice, first.version);
		const second = await load(server.url, cookies.bob);
		expect(second.served).toBe('whole');
		expect([...second.records].sort()).toEqual([...first.records].sort());
		expect(cacheEntries(cacheDir)).toHaveLength(1);

		const narrow = await load(server.url, cookies.narrow);
		expect(narrow.served).toBe('walk');
		expect(narrow.records).toHaveLength(mappable('entity = ?', entity));
		await kept(server.url, cookies.narrow, narrow.version);
		expect(cacheEntries(cacheDir)).toHaveLength(2);
		// The narrower key's later loads come from its own copy, never the wider one.
		const again = await load(server.url, cookies.narrow);
		expect(again.served).toBe('whole');
		expect(again.records).toHaveLength(narrow.records.length);
	});

	it('a page that holds the current version is told so, with no record', async () => {
		const whole = await load(server.url, cookies.alice);
		const unchanged = await load(server.url, cookies.alice, whole.version);
		expect(unchanged.served).toBe('unchanged');
		expect(unchanged.base).toBe(whole.version);
		expect(unchanged.records).toEqual([]);
		expect(unchanged.version).toBe(whole.version);
		// A version the server never gave (or another scope's): the whole stream.
		const narrow = await load(server.url, cookies.narrow);
		const crossed = await load(server.url, cookies.alice, narrow.version);
		expect(crossed.served).toBe('whole');
		expect(crossed.base).toBeUndefined();
		expect(crossed.records).toHaveLength(mappable());
	});

	it('a revoked key gets nothing from the cache: its stream says the key is refused, as a walk would', async () => {
		const gone = await server.createKey(['--name', 'gone', '--features', 'geo,detail,lookup']);
		const cookie = (await signIn(server.url, gone.key)).cookie!;
		const before = await load(server.url, cookie);
		expect(before.served).toBe('whole');
		await server.keys(['revoke', gone.id]);
		for (const since of [undefined, before.version]) {
			const refused = await load(server.url, cookie, since);
			expect(refused.served).toBe('uncached');
			expect(refused.records).toEqual([]);
			// Each part refused with 401: the page ends the session on it (session/watch.ts).
			expect(refused.controls.filter((m) => m.type === 'error' && m.status === 401)).toHaveLength(4);
		}
		// And the session's next request is refused, telling the browser to clear the site's storage.
		const next = await withSession(`${server.url}/api/status`, cookie);
		expect(next.status).toBe(401);
		expect(next.headers.get('clear-site-data')).toBe('"storage"');
	});

	it('signing out asks the browser to clear its copy of the records', async () => {
		const who = await server.createKey(['--name', 'leaving', '--features', 'geo']);
		const cookie = (await signIn(server.url, who.key)).cookie!;
		const r = await withSession(`${server.url}/signout`, cookie, { method: 'POST', headers: { origin: server.url } });
		expect(r.status).toBe(303);
		expect(r.headers.get('clear-site-data')).toBe('"storage"');
	});

	it('the page is told a name for its copy per analyst, and nothing of the key', async () => {
		const names: string[] = [];
		for (const who of ['alice', 'bob', 'narrow']) {
			const html = await (await withSession(`${server.url}/`, cookies[who])).text();
			const config = JSON.parse(/<script type="application\/json" id="explorer-config">(.*?)<\/script>/s.exec(html)![1]);
			expect(config.streamCopy).toMatch(/^[0-9a-f]{32}$/);
			expect(html).not.toContain(keys[who].key.slice('icd_0123456789ab_'.length));
			names.push(config.streamCopy);
		}
		expect(new Set(names).size).toBe(3);
	});

	it('keeps no key, and nothing a key could be checked against, on disk', () => {
		const files = fs.readdirSync(cacheDir);
		expect(files.some((n) => n.endsWith('.br'))).toBe(true);
		for (const name of files) {
			const bytes = fs.readFileSync(path.join(cacheDir, name));
			for (const { key } of [...Object.values(keys), { key: server.localKey }]) {
				for (const form of [
					key,
					key.slice('icd_0123456789ab_'.length),
					createHash('sha256').update(key).digest('hex'),
					createHash('sha256').update(key).digest('base64')
				]) {
					expect(bytes.includes(form), `${name} holds a form of a key`).toBe(false);
				}
			}
		}
	});
});

describe('an explorer in front of a service that gains records', () => {
	let fake: FakeService;
	let server: TestServer;

	beforeAll(async () => {
		fake = await startFakeService({ 'icd/videos': 1200, 'icd/images': 300, 'icdb/videos': 450, 'icdb/images': 80 });
		server = await startServer({ env: { ICD_BASE_URL: fake.url, ICD_API_KEY: 'icd_0123456789ab_the-remote-key-000000000000000000000000000' } });
	});
	afterAll(async () => {
		await server?.stop();
		await fake?.close();
	});

	const serviceRefs = () =>
		(['icd/videos', 'icd/images', 'icdb/videos', 'icdb/images'] as const)
			.flatMap((p) => fake.records(p).map((r) => `${p.replace(/s$/, '')}/${r.primary_id}`))
			.sort();

	it('the next load shows exactly the new set: only the new records for a page that holds the last version, all of them for a new page', async () => {
		const first = await load(server.url, null);
		expect(first.served).toBe('walk');
		expect([...first.records].sort()).toEqual(serviceRefs());
		await kept(server.url, null, first.version);
		const walked = fake.requests.length;

		const added = [
			...fake.insertAtTop('icd/videos', 25).map((r) => `icd/video/${r.primary_id}`),
			...fake.insertAtTop('icdb/images', 3).map((r) => `icdb/image/${r.primary_id}`)
		];
		const delta = await load(server.url, null, first.version);
		expect(delta.served).toBe('delta');
		expect(delta.base).toBe(first.version);
		expect([...delta.records].sort()).toEqual(added.sort());
		expect([...first.records, ...delta.records].sort()).toEqual(serviceRefs());
		// The check of each part's newest end, and the newest pages of the two parts that grew: no walk.
		expect(fake.requests.length - walked).toBeLessThanOrEqual(4 + 2);

		const whole = await load(server.url, null);
		expect(whole.served).toBe('whole');
		expect(whole.version).toBe(delta.version);
		expect([...whole.records].sort()).toEqual(serviceRefs());
	});

	it('a record gone from the service is gone from the next load (the copy is walked again)', async () => {
		const before = await load(server.url, null);
		await kept(server.url, null, before.version);
		fake.remove('icd/images', fake.records('icd/images')[40].uuid);
		const after = await load(server.url, null, before.version);
		expect(after.served).toBe('walk');
		expect(after.base).toBeUndefined();
		expect([...after.records].sort()).toEqual(serviceRefs());
	});

	it('eight loads at once share one walk, each receiving every record', async () => {
		// A new scope (another key): nothing cached for it yet.
		const other = await startServer({
			dataDir: server.dataDir,
			env: { ICD_BASE_URL: fake.url, ICD_API_KEY: 'icd_ba9876543210_another-remote-key-0000000000000000000000' }
		});
		try {
			// Slow pages, so that the loads' own checks are done while the walk runs.
			fake.script((req) => (req.limit > 16 ? { delayMs: 400 } : undefined));
			const before = fake.requests.filter((r) => r.limit > 16).length;
			const loads = await Promise.all(Array.from({ length: 8 }, () => load(other.url, null)));
			fake.script(() => undefined);
			// One load walks; the others read its walk as it runs (or, checked after it ended, its copy).
			const served = loads.map((l) => l.served);
			expect(served.filter((s) => s === 'walk')).toHaveLength(1);
			expect(served.filter((s) => s !== 'walk').every((s) => s === 'joined' || s === 'whole')).toBe(true);
			for (const l of loads) expect([...l.records].sort()).toEqual(serviceRefs());
			// One walk's pages (2,000 records in pages of 5,000: one per part), not eight.
			expect(fake.requests.filter((r) => r.limit > 16).length - before).toBe(4);
		} finally {
			await other.stop();
		}
	});
});
