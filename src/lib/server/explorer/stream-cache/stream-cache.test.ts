// The stream cache against a loopback service (a real HTTP server whose manifests a test can grow,
// shrink and change), read back as a browser would: frames decoded, records named by the fake's
// own data. What is checked is what an analyst relies on: the records after a load are exactly
// the service's, none lost, none twice, whatever the cache did to get them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StreamDecoder, recordRef } from '../../../stream/decode';
import { COMPONENT_CODES, DATASET_CODES, type ControlMessage, type PartId } from '../../../types/stream';
import { ServiceClient } from '../client';
import { Pacer } from '../pacer';
import { problemBody, startFakeService, type FakeService } from '../testing/fake-service';
import { StreamCache, type CachedStream } from './index';
import { streamScope } from './scope';
import { StreamCacheStore } from './store';

const PARTS: PartId[] = ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'];
const SERVICE_PART: Record<PartId, string> = { 'icd/video': 'icd/videos', 'icd/image': 'icd/images', 'icdb/video': 'icdb/videos', 'icdb/image': 'icdb/images' };
const KEY = 'icd_0123456789ab_analyst-key-of-the-test-0000000000000000000';

let fake: FakeService;
let dir: string;
let clock = 1_000_000;
const caches: StreamCache[] = [];

beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-stream-cache-'));
	clock = 1_000_000;
});
afterEach(async () => {
	await Promise.all(caches.splice(0).map((c) => c.idle()));
	await fake?.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

function newCache(options: { maxBytes?: number; maxAgeMs?: number } = {}): { cache: StreamCache; secret: Buffer } {
	const store = new StreamCacheStore(dir, options.maxBytes ?? 1e9);
	const cache = new StreamCache(store, { maxAgeMs: options.maxAgeMs ?? 86_400_000, now: () => clock, pageSize: 100 });
	caches.push(cache);
	return { cache, secret: store.secret() };
}

interface Loaded {
	served: CachedStream['served'] | 'none';
	/** Records per part, by uuid, in the order they came. */
	records: Map<PartId, string[]>;
	controls: ControlMessage[];
	version: string | undefined;
	base: string | undefined;
	bytes: number;
}

async function load(
	c: { cache: StreamCache; secret: Buffer },
	options: { key?: string; since?: string | null; brotli?: boolean; settle?: false } = {}
): Promise<Loaded> {
	const key = options.key ?? KEY;
	const connection = { origin: 'remote' as const, baseUrl: fake.url, apiKey: key };
	const client = new ServiceClient({ baseUrl: fake.url, apiKey: key, pacer: new Pacer(), retry: { baseMs: 20, capMs: 100, attempts: 2 } });
	const scope = (await streamScope(c.secret, connection, client, PARTS))!;
	const opened = await c.cache.open({
		scope,
		client,
		parts: PARTS,
		source: 'remote',
		since: options.since ?? null,
		brotli: options.brotli ?? false,
		signal: new AbortController().signal
	});
	const records = new Map<PartId, string[]>(PARTS.map((p) => [p, []]));
	const controls: ControlMessage[] = [];
	if (!opened) return { served: 'none', records, controls, version: undefined, base: undefined, bytes: 0 };
	const chunks: Uint8Array[] = [];
	for await (const chunk of opened.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
	let bytes = Buffer.concat(chunks);
	const size = bytes.byteLength;
	if (opened.encoding === 'br') bytes = zlib.brotliDecompressSync(bytes);
	const decoder = new StreamDecoder();
	for (const event of decoder.push(bytes)) {
		if (event.type === 'control') {
			controls.push(event.message);
			continue;
		}
		const b = event.batch;
		const part = `${DATASET_CODES[b.dataset]}/${COMPONENT_CODES[b.component]}` as PartId;
		const uuidOf = new Map(fake.records(SERVICE_PART[part]).map((x) => [String(x.primary_id), x.uuid]));
		for (let i = 0; i < b.length; i++) records.get(part)!.push(uuidOf.get(recordRef(b, i)) ?? `gone:${recordRef(b, i)}`);
	}
	expect(decoder.pending).toBe(0);
	// What the load left behind (its copy written, compressed) before the test looks or loads again.
	if (options.settle !== false) await c.cache.idle();
	const done = controls.find((m) => m.type === 'done') as Extract<ControlMessage, { type: 'done' }> | undefined;
	const start = controls.find((m) => m.type === 'start') as Extract<ControlMessage, { type: 'start' }>;
	return { served: opened.served, records, controls, version: done?.version, base: start.base, bytes: size };
}

/** The fake's mappable records of each part, newest first. */
function serviceRecords(): Map<PartId, string[]> {
	return new Map(PARTS.map((p) => [p, fake.records(SERVICE_PART[p]).map((r) => r.uuid)]));
}

/** What a page holding `held` has after reading `next` (its base, or the whole stream). */
function applied(held: Map<PartId, string[]>, next: Loaded): Map<PartId, string[]> {
	return new Map(PARTS.map((p) => [p, next.base ? [...held.get(p)!, ...next.records.get(p)!] : next.records.get(p)!]));
}

function expectSameSets(actual: Map<PartId, string[]>, expected: Map<PartId, string[]>, parts = PARTS): void {
	for (const part of parts) {
		const got = actual.get(part)!;
		expect(new Set(got).size, `${part}: a record twice`).toBe(got.length);
		expect([...got].sort(), part).toEqual([...expected.get(part)!].sort());
	}
}

const geoRequests = () => fake.requests.length;

describe('stream cache', () => {
	it("walks once, then serves every later load from its copy, exactly the service's records", async () => {
		fake = await startFakeService({ 'icd/videos': 450, 'icd/images': 120, 'icdb/videos': 0, 'icdb/images': 301 });
		const c = newCache();
		const first = await load(c);
		expect(first.served).toBe('walk');
		expectSameSets(first.records, serviceRecords());
		expect(first.version).toMatch(/^[0-9a-f]{24}$/);
		const walked = geoRequests();

		const second = await load(c);
		expect(second.served).toBe('whole');
		expectSameSets(second.records, serviceRecords());
		expect(second.version).toBe(first.version);
		// Only the load's own check of each part's newest end: 4 small pages, no walk.
		expect(geoRequests() - walked).toBe(4);
		expect(fake.requests.slice(walked).every((r) => r.cursor === undefined && r.limit === 16)).toBe(true);

		// Compressed once, for every load: the stored brotli stream says the same.
		await c.cache.idle();
		const compressed = await load(c, { brotli: true });
		expect(compressed.served).toBe('whole');
		expectSameSets(compressed.records, serviceRecords());
	});

	it('adds only the records the service gained, for a page that holds the last version and for one that holds nothing', async () => {
		fake = await startFakeService({ 'icd/videos': 450, 'icd/images': 120, 'icdb/videos': 30, 'icdb/images': 301 });
		const c = newCache();
		const first = await load(c);
		const inserted = [...fake.insertAtTop('icd/videos', 7), ...fake.insertAtTop('icdb/images', 130)];
		const before = geoRequests();

		const delta = await load(c, { since: first.version });
		expect(delta.served).toBe('delta');
		expect(delta.base).toBe(first.version);
		expect(delta.version).not.toBe(first.version);
		// Exactly the new records, nothing else.
		expect([...delta.records.values()].flat().sort()).toEqual(inserted.map((r) => r.uuid).sort());
		expectSameSets(applied(first.records, delta), serviceRecords());
		// The check (4), then the newest ends of the two parts that grew: no walk of 900 records.
		expect(geoRequests() - before).toBeLessThanOrEqual(4 + 2 + 2);

		const whole = await load(c);
		expect(whole.served).toBe('whole');
		expect(whole.version).toBe(delta.version);
		expectSameSets(whole.records, serviceRecords());
		// Newest first within each part, as the manifest has them.
		expect(whole.records.get('icd/video')).toEqual(fake.records('icd/videos').map((r) => r.uuid));

		const unchanged = await load(c, { since: delta.version });
		expect(unchanged.served).toBe('unchanged');
		expect([...unchanged.records.values()].flat()).toEqual([]);
		expect(unchanged.version).toBe(delta.version);
	});

	it('brings a page two versions behind up to date in one delta', async () => {
		fake = await startFakeService({ 'icd/videos': 200, 'icd/images': 10, 'icdb/videos': 10, 'icdb/images': 10 });
		const c = newCache();
		const first = await load(c);
		fake.insertAtTop('icd/videos', 3);
		await load(c);
		fake.insertAtTop('icd/images', 5);
		fake.insertAtTop('icd/videos', 2);
		await load(c);
		const caughtUp = await load(c, { since: first.version });
		expect(caughtUp.served).toBe('delta');
		expect([...caughtUp.records.values()].flat()).toHaveLength(10);
		expectSameSets(applied(first.records, caughtUp), serviceRecords());
	});

	it('walks again when the service no longer agrees: a total that fell, a record changed in place, records inserted below the top', async () => {
		fake = await startFakeService({ 'icd/videos': 300, 'icd/images': 40, 'icdb/videos': 40, 'icdb/images': 40 });
		const c = newCache();
		await load(c);

		// A record gone: the total fell.
		fake.remove('icd/videos', fake.records('icd/videos')[120].uuid);
		let next = await load(c);
		expect(next.served).toBe('walk');
		expectSameSets(next.records, serviceRecords());

		// The newest record changed in place: the total is the same, the newest items are not.
		const newest = fake.records('icd/images')[0];
		fake.modify('icd/images', newest.uuid, { primary_country: 'Elsewhere' });
		next = await load(c, { since: next.version });
		expect(next.served).toBe('walk');
		expect(next.base).toBeUndefined();
		expectSameSets(next.records, serviceRecords());

		// Records dated in the past land below the top: the total grew, but not by new records at the top.
		fake.insertDated('icdb/videos', 3, '2019-01-01');
		const held = next.records;
		next = await load(c, { since: next.version });
		expect(next.served).toBe('walk');
		expectSameSets(applied(held, next), serviceRecords());
	});

	it('keeps no copy of a walk whose cursor was rejected, and walks again next time', async () => {
		fake = await startFakeService({ 'icd/videos': 350, 'icd/images': 10, 'icdb/videos': 10, 'icdb/images': 10 });
		let rejected = false;
		fake.script((req) => {
			if (req.part === 'icd/videos' && req.cursor && !rejected) {
				rejected = true;
				return { status: 400, body: problemBody(400, 'invalid_cursor', 'Cursor rejected') };
			}
		});
		const c = newCache();
		const first = await load(c);
		expect(first.served).toBe('walk');
		expect(first.controls.some((m) => m.type === 'restart')).toBe(true);
		expectSameSets(first.records, serviceRecords());
		expect(first.version).toBeUndefined();
		const second = await load(c);
		expect(second.served).toBe('walk');
		expect(second.version).toBeDefined();
	});

	it('shares one walk among loads that come at once, each reading it whole', async () => {
		fake = await startFakeService({ 'icd/videos': 900, 'icd/images': 400, 'icdb/videos': 400, 'icdb/images': 400 });
		// Slow pages, so that every load comes while the walk runs.
		fake.script((req) => (req.limit === 100 ? { delayMs: 15 } : undefined));
		const c = newCache();
		const loads = await Promise.all([1, 2, 3, 4, 5].map(() => load(c, { settle: false })));
		// One load walks; the others read its walk as it runs (or, on a machine slow enough that their
		// own checks end after it, its copy).
		const served = loads.map((l) => l.served);
		expect(served.filter((s) => s === 'walk')).toHaveLength(1);
		expect(served.filter((s) => s !== 'walk').every((s) => s === 'joined' || s === 'whole')).toBe(true);
		for (const l of loads) expectSameSets(l.records, serviceRecords());
		// One walk of 2,100 records in pages of 100 (21 + one page per part's end at most), and each load's own check.
		const walkPages = fake.requests.filter((r) => r.limit === 100).length;
		expect(walkPages).toBeLessThanOrEqual(21 + 4);
		expect(fake.requests.filter((r) => r.limit === 16).length).toBe(5 * 4);
	});

	it('keeps separate copies for keys of a remote service, and no key or key hash on disk', async () => {
		fake = await startFakeService({ 'icd/videos': 50, 'icd/images': 10, 'icdb/videos': 10, 'icdb/images': 10 });
		const other = 'icd_ba9876543210_another-analyst-key-000000000000000000000000';
		const c = newCache();
		await load(c, { key: KEY });
		await load(c, { key: other });
		const entries = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
		expect(entries).toHaveLength(2);
		const { createHash } = await import('node:crypto');
		for (const name of fs.readdirSync(dir)) {
			const bytes = fs.readFileSync(path.join(dir, name));
			for (const k of [KEY, other]) {
				expect(bytes.includes(k), name).toBe(false);
				expect(bytes.includes(k.slice('icd_0123456789ab_'.length)), name).toBe(false);
				expect(bytes.includes(createHash('sha256').update(k).digest('hex')), name).toBe(false);
			}
		}
	});

	it('serves nothing to a key the service refuses, whatever is cached', async () => {
		fake = await startFakeService({ 'icd/videos': 50, 'icd/images': 10, 'icdb/videos': 10, 'icdb/images': 10 });
		const c = newCache();
		await load(c);
		fake.script((req) => (req.authorization === `Bearer ${KEY}` ? { status: 401, body: problemBody(401, 'unauthorized', 'revoked') } : undefined));
		const refused = await load(c);
		expect(refused.served).toBe('none');
		expect([...refused.records.values()].flat()).toEqual([]);
	});

	it('leaves a load the service asks to wait to the walk, which says that it waits', async () => {
		fake = await startFakeService({ 'icd/videos': 50, 'icd/images': 10, 'icdb/videos': 10, 'icdb/images': 10 });
		const c = newCache();
		await load(c);
		fake.script((req) =>
			req.limit === 16 ? { status: 429, headers: { 'retry-after': '5' }, body: problemBody(429, 'rate_limited', 'slow down') } : undefined
		);
		const started = performance.now();
		expect((await load(c)).served).toBe('none');
		// Not after waiting the 5 s asked for: at the first 429.
		expect(performance.now() - started).toBeLessThan(3000);
	});

	it('reports a part the key may not see as a walk would, and keeps it so', async () => {
		fake = await startFakeService({ 'icd/videos': 50, 'icd/images': 10, 'icdb/videos': 10, 'icdb/images': 10 });
		fake.script((req) =>
			req.part.startsWith('icdb/') ? { status: 403, body: problemBody(403, 'forbidden', 'This key is not permitted to use the ICDB dataset.') } : undefined
		);
		const c = newCache();
		for (const served of ['walk', 'whole']) {
			const l = await load(c);
			expect(l.served).toBe(served);
			expect(
				l.controls
					.filter((m) => m.type === 'error')
					.map((m) => (m as { part: string }).part)
					.sort()
			).toEqual(['icdb/image', 'icdb/video']);
			expect(l.records.get('icdb/video')).toEqual([]);
			expectSameSets(l.records, serviceRecords(), ['icd/video', 'icd/image']);
		}
	});

	it('survives a restart (the copy is on disk), walks again once its walk is too old, and stays within its bound', async () => {
		fake = await startFakeService({ 'icd/videos': 400, 'icd/images': 100, 'icdb/videos': 100, 'icdb/images': 100 });
		const first = newCache({ maxAgeMs: 60_000 });
		const walked = await load(first);
		const restarted = newCache({ maxAgeMs: 60_000 });
		const after = await load(restarted, { since: walked.version });
		expect(after.served).toBe('unchanged');
		clock += 61_000;
		expect((await load(restarted)).served).toBe('walk');

		// Two scopes in a cache that holds about one: the one used least lately goes.
		const small = newCache({ maxBytes: 30_000 });
		await load(small, { key: 'icd_111111111111_first-key-0000000000000000000000000000000' });
		await small.cache.idle();
		await load(small, { key: 'icd_222222222222_second-key-000000000000000000000000000000' });
		await small.cache.idle();
		const bytes = fs.readdirSync(dir).reduce((n, name) => n + fs.statSync(path.join(dir, name)).size, 0);
		expect(bytes).toBeLessThanOrEqual(30_000 + 100);
		expect(fs.readdirSync(dir).filter((n) => n.endsWith('.json')).length).toBe(1);
	});
});
