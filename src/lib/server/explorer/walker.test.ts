import { afterEach, describe, expect, it } from 'vitest';
import { COMPONENT_CODES, DATASET_CODES, type ControlMessage, type PartId } from '../../types/stream';
import { readRecordStream, recordRef } from '../../stream/decode';
import { ServiceClient } from './client';
import { Pacer } from './pacer';
import { recordStream } from './record-stream';
import { walkManifests } from './walker';
import { problemBody, startFakeService, type FakeService } from './testing/fake-service';

const PARTS: PartId[] = ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'];
const SERVICE_PART: Record<PartId, string> = { 'icd/video': 'icd/videos', 'icd/image': 'icd/images', 'icdb/video': 'icdb/videos', 'icdb/image': 'icdb/images' };

let fake: FakeService;
afterEach(() => fake?.close());

function client(): ServiceClient {
	return new ServiceClient({ baseUrl: fake.url, apiKey: 'test-key-123', pacer: new Pacer(), retry: { baseMs: 20, capMs: 100 } });
}

interface Received {
	uuids: Map<PartId, string[]>;
	/** The refs as the stream gave them: primary_ids or uuids. */
	refs: Map<PartId, string[]>;
	controls: ControlMessage[];
	of(type: ControlMessage['type']): ControlMessage[];
}

async function receive(
	options: { parts?: PartId[]; signal?: AbortSignal; pageSize?: number; onControl?: (m: ControlMessage) => void } = {}
): Promise<Received> {
	const parts = options.parts ?? PARTS;
	const body = recordStream({ source: client(), parts, origin: 'remote', signal: options.signal, pageSize: options.pageSize ?? 100 });
	const uuids = new Map<PartId, string[]>(parts.map((p) => [p, []]));
	const controls: ControlMessage[] = [];
	for await (const event of readRecordStream(body)) {
		if (event.type === 'control') {
			controls.push(event.message);
			options.onControl?.(event.message);
			continue;
		}
		const b = event.batch;
		const part = `${DATASET_CODES[b.dataset]}/${COMPONENT_CODES[b.component]}` as PartId;
		for (let i = 0; i < b.length; i++) uuids.get(part)!.push(recordRef(b, i));
	}
	// The stream names records by primary_id (or by uuid, record-naming.ts): compared by uuid, through the fake's own records (inserted ones too).
	const refs = new Map([...uuids].map(([part, list]) => [part, [...list]]));
	for (const [part, list] of uuids) {
		const uuidOf = new Map(fake.records(SERVICE_PART[part]).map((x) => [String(x.primary_id), x.uuid]));
		const known = new Set(uuidOf.values());
		uuids.set(
			part,
			list.map((ref) => uuidOf.get(ref) ?? (known.has(ref) ? ref : `unknown record ${ref}`))
		);
	}
	return { uuids, refs, controls, of: (type) => controls.filter((c) => c.type === type) };
}

function expectExactlyOnce(received: string[], expected: string[]): void {
	expect(new Set(received).size).toBe(received.length);
	expect([...received].sort()).toEqual([...expected].sort());
}

describe('walker against a loopback service', () => {
	it('names records by uuid when the key may not look them up by component id', async () => {
		fake = await startFakeService({ 'icd/videos': 450, 'icd/images': 0, 'icdb/videos': 120, 'icdb/images': 301 }, { lookup: false });
		const r = await receive();
		for (const part of PARTS) {
			expectExactlyOnce(
				r.uuids.get(part)!,
				fake.records(SERVICE_PART[part]).map((x) => x.uuid)
			);
			// Every ref is the record's uuid itself, which /api/record opens with the detail feature alone.
			expect(r.refs.get(part)).toEqual(r.uuids.get(part));
		}
		// One probe per part that has records, not one per page (450 records are 5 pages of 100).
		expect([...fake.lookups()].sort()).toEqual(['icd/videos', 'icdb/images', 'icdb/videos'].map((p) => `${p}/${fake.records(p)[0].primary_id}`).sort());
	});

	it('walks all four parts and ends with done', async () => {
		fake = await startFakeService({ 'icd/videos': 450, 'icd/images': 120, 'icdb/videos': 0, 'icdb/images': 301 });
		const r = await receive();
		for (const part of PARTS)
			expectExactlyOnce(
				r.uuids.get(part)!,
				fake.records(SERVICE_PART[part]).map((x) => x.uuid)
			);
		// Named by primary_id: the lookup of each part's first record answered with that record.
		for (const part of PARTS) expect(r.refs.get(part)!.every((ref) => /^\d+$/.test(ref))).toBe(true);
		expect(fake.lookups()).toHaveLength(3);
		expect(r.controls[0]).toMatchObject({ type: 'start', parts: PARTS, source: 'remote' });
		expect(r.controls.at(-1)).toMatchObject({ type: 'done', received: 450 + 120 + 301 });
		expect(r.of('part-done')).toHaveLength(4);
		expect(
			r
				.of('progress')
				.filter((p) => p.type === 'progress' && p.part === 'icd/video')
				.map((p) => (p as { received: number }).received)
		).toEqual([100, 200, 300, 400, 450]);
		expect(fake.requests.every((q) => q.authorization === 'Bearer test-key-123' && q.limit === 100)).toBe(true);
	});

	it('reads the parts concurrently over kept-alive connections', async () => {
		fake = await startFakeService({ 'icd/videos': 900, 'icd/images': 900, 'icdb/videos': 900, 'icdb/images': 900 });
		fake.script(() => ({ delayMs: 20 }));
		await receive();
		expect(fake.requests.length).toBeGreaterThanOrEqual(36);
		// Pages of different parts were in flight at once…
		expect(fake.mostPending()).toBeGreaterThanOrEqual(2);
		// …and connections were reused: at most one per part in flight, not one per page.
		expect(fake.connections()).toBeLessThanOrEqual(8);
	});

	it('asks for the next page while the page before is still being handed on', async () => {
		fake = await startFakeService({ 'icd/videos': 500 });
		fake.script(() => ({ delayMs: 30 }));
		// Each page takes the consumer 60 ms to take (a slow link's back-pressure); the request for
		// the next one is already at the service meanwhile, one at a time.
		const log: string[] = [];
		const { received } = await walkManifests({
			source: client(),
			parts: ['icd/video'],
			pageSize: 100,
			signal: new AbortController().signal,
			emit: async (event) => {
				if (event.type !== 'page') return;
				log.push(`emit started, ${fake.requests.length} asked`);
				await new Promise((r) => setTimeout(r, 60));
				log.push(`emit ended, ${fake.requests.length} asked`);
			}
		});
		expect(received).toBe(500);
		expect(fake.requests).toHaveLength(5);
		// While page k (of 5) was handed on, page k+1 had been asked for.
		expect(log.filter((l) => l.startsWith('emit ended'))).toEqual([
			'emit ended, 2 asked',
			'emit ended, 3 asked',
			'emit ended, 4 asked',
			'emit ended, 5 asked',
			'emit ended, 5 asked'
		]);
		expect(fake.mostPending()).toBe(1);
	});

	it('restarts without cursor on invalid_cursor and sends every record exactly once', async () => {
		fake = await startFakeService({ 'icd/videos': 1000 });
		let rejected = false;
		fake.script((req) => {
			if (req.cursor && !rejected && fake.requests.filter((q) => q.part === req.part).length === 6) {
				rejected = true;
				return { status: 400, body: problemBody(400, 'invalid_cursor', 'The cursor was rejected.') };
			}
		});
		const r = await receive({ parts: ['icd/video'] });
		expect(rejected).toBe(true);
		expect(r.of('restart')).toHaveLength(1);
		expect(fake.requests[6].cursor).toBeUndefined();
		expectExactlyOnce(
			r.uuids.get('icd/video')!,
			fake.records('icd/videos').map((x) => x.uuid)
		);
		expect(r.of('part-done')[0]).toMatchObject({ received: 1000 });
	});

	it('also delivers records inserted at the top between the walks, still exactly once', async () => {
		fake = await startFakeService({ 'icdb/images': 800 });
		let inserted: string[] = [];
		fake.script((req) => {
			if (req.n === 4) {
				inserted = fake.insertAtTop('icdb/images', 37).map((x) => x.uuid);
				return { status: 400, body: problemBody(400, 'invalid_cursor', 'The cursor was rejected.') };
			}
		});
		const r = await receive({ parts: ['icdb/image'] });
		const all = fake.records('icdb/images').map((x) => x.uuid);
		expect(all).toHaveLength(837);
		expect(r.uuids.get('icdb/image')).toEqual(expect.arrayContaining(inserted));
		expectExactlyOnce(r.uuids.get('icdb/image')!, all);
		const last = r.of('progress').at(-1) as { received: number; total: number };
		expect(last).toMatchObject({ received: 837, total: 837 });
	});

	it('treats a 400 without our problem shape on a cursor request as a rejected cursor', async () => {
		fake = await startFakeService({ 'icd/images': 350 });
		fake.script((req) => (req.n === 3 ? { status: 400, text: '<html>Bad Request</html>' } : undefined));
		const r = await receive({ parts: ['icd/image'] });
		expect(r.of('restart')).toHaveLength(1);
		expectExactlyOnce(
			r.uuids.get('icd/image')!,
			fake.records('icd/images').map((x) => x.uuid)
		);
	});

	it('gives up on a part after 5 restarts while the other parts complete', async () => {
		fake = await startFakeService({ 'icd/videos': 300, 'icd/images': 300 });
		fake.script((req) => (req.part === 'icd/videos' && req.cursor ? { status: 400, body: problemBody(400, 'invalid_cursor', 'no') } : undefined));
		const r = await receive({ parts: ['icd/video', 'icd/image'] });
		expect(r.of('restart')).toHaveLength(5);
		expect(r.of('error')).toEqual([
			expect.objectContaining({ part: 'icd/video', code: 'invalid_cursor', message: expect.stringMatching(/gave up after 5 restarts/) })
		]);
		expect(r.uuids.get('icd/video')).toHaveLength(100);
		expectExactlyOnce(
			r.uuids.get('icd/image')!,
			fake.records('icd/images').map((x) => x.uuid)
		);
		expect(r.of('part-done')).toEqual([expect.objectContaining({ part: 'icd/image', received: 300 })]);
		expect(r.controls.at(-1)).toMatchObject({ type: 'done', received: 400 });
	});

	it('waits retry-after on a 429, says so, then completes', async () => {
		fake = await startFakeService({ 'icd/videos': 250 });
		let at429 = 0;
		let after429 = 0;
		fake.script((req) => {
			if (req.n === 2) {
				at429 = Date.now();
				return { status: 429, headers: { 'retry-after': '1' }, body: problemBody(429, 'rate_limited', 'slow down') };
			}
			if (req.n === 3) after429 = Date.now();
		});
		const r = await receive({ parts: ['icd/video'] });
		expect(after429 - at429).toBeGreaterThanOrEqual(1000);
		expect(r.of('waiting')).toEqual([
			expect.objectContaining({ part: 'icd/video', reason: 'rate_limited', seconds: 1, message: 'Rate limited by the service; waiting 1 s' })
		]);
		expectExactlyOnce(
			r.uuids.get('icd/video')!,
			fake.records('icd/videos').map((x) => x.uuid)
		);
	});

	it('retries connection resets and 503s with back-off and completes', async () => {
		fake = await startFakeService({ 'icd/videos': 300, 'icdb/videos': 300 });
		fake.script((req) => {
			const nth = fake.requests.filter((q) => q.part === req.part).length;
			if (req.part === 'icd/videos' && (nth === 2 || nth === 3)) return { reset: true };
			if (req.part === 'icdb/videos' && (nth === 1 || nth === 3)) return { status: 503, text: 'unavailable' };
		});
		const r = await receive({ parts: ['icd/video', 'icdb/video'] });
		const waits = r.of('waiting') as Extract<ControlMessage, { type: 'waiting' }>[];
		expect(waits.filter((w) => w.part === 'icd/video')).toHaveLength(2);
		expect(waits.filter((w) => w.part === 'icdb/video')).toHaveLength(2);
		expect(waits.every((w) => w.reason === 'network')).toBe(true);
		expect(waits.find((w) => w.part === 'icd/video')!.message).toMatch(/^Cannot reach the service at 127\.0\.0\.1:\d+; retrying in [\d.]+ s$/);
		expect(r.of('error')).toEqual([]);
		expectExactlyOnce(
			r.uuids.get('icd/video')!,
			fake.records('icd/videos').map((x) => x.uuid)
		);
		expectExactlyOnce(
			r.uuids.get('icdb/video')!,
			fake.records('icdb/videos').map((x) => x.uuid)
		);
	});

	it('gives up after bounded attempts when the network stays down', async () => {
		fake = await startFakeService({ 'icd/videos': 100 });
		fake.script(() => ({ reset: true }));
		const r = await receive({ parts: ['icd/video'] });
		expect(fake.requests).toHaveLength(6);
		expect(r.of('error')).toEqual([
			expect.objectContaining({ part: 'icd/video', status: 0, message: expect.stringMatching(/^Cannot reach the service at 127\.0\.0\.1:\d+\.$/) })
		]);
	});

	it('reports 401 and 403 as error frames for people, without retrying', async () => {
		fake = await startFakeService({ 'icd/videos': 100, 'icdb/images': 100, 'icd/images': 100 });
		fake.script((req) => {
			if (req.part === 'icd/videos') return { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: problemBody(401, 'unauthorized', 'bad key') };
			if (req.part === 'icdb/images') return { status: 403, body: problemBody(403, 'forbidden', 'This key is not permitted to use the ICDB dataset.') };
			if (req.part === 'icd/images') return { status: 403, text: '' };
		});
		const r = await receive({ parts: ['icd/video', 'icdb/image', 'icd/image'] });
		const errors = r.of('error');
		expect(errors).toHaveLength(3);
		expect(errors).toContainEqual({
			type: 'error',
			part: 'icd/video',
			status: 401,
			code: 'unauthorized',
			message: `The API key was refused by the service at ${new URL(fake.url).host}: it is missing, wrong, revoked, or for another deployment.`
		});
		expect(errors).toContainEqual({
			type: 'error',
			part: 'icdb/image',
			status: 403,
			code: 'forbidden',
			message: 'This key is not permitted to use the ICDB dataset.'
		});
		expect(errors).toContainEqual(
			expect.objectContaining({
				part: 'icd/image',
				status: 403,
				message: expect.stringMatching(/^This key is not permitted to use the ICD image geo manifest/)
			})
		);
		expect(fake.requests).toHaveLength(3);
		expect(r.controls.at(-1)).toMatchObject({ type: 'done', received: 0 });
	});

	it.each(['cancels the stream', 'aborts the request'])('stops every upstream request at once when the browser %s', async (how) => {
		fake = await startFakeService({ 'icd/videos': 5000, 'icd/images': 5000, 'icdb/videos': 5000, 'icdb/images': 5000 });
		fake.script((req) => (req.n > 4 ? { delayMs: 3000 } : undefined));
		const browser = new AbortController();
		let pages = 0;
		const started = Date.now();
		const body = recordStream({ source: client(), parts: PARTS, origin: 'remote', signal: browser.signal, pageSize: 100 });
		for await (const event of readRecordStream(body)) {
			if (event.type === 'control' && event.message.type === 'progress' && ++pages === 4) {
				if (how === 'aborts the request') browser.abort();
				else break; // leaving the loop cancels the body, as a closed tab does
			}
		}
		expect(Date.now() - started).toBeLessThan(1500); // did not wait for the slow answers
		await new Promise((r) => setTimeout(r, 100));
		const seen = fake.requests.length;
		expect(seen).toBeLessThanOrEqual(8);
		expect(fake.pending()).toBe(0); // in-flight requests were cancelled, not left to finish
		await new Promise((r) => setTimeout(r, 600));
		expect(fake.requests.length).toBe(seen);
	});

	it('skips unmappable items and malformed uuids defensively', async () => {
		fake = await startFakeService({ 'icd/videos': 50 });
		const records = fake.records('icd/videos');
		records[3].dominant_lat = 91;
		records[4].dominant_long = -180.5;
		(records[5] as { dominant_lat: unknown }).dominant_lat = null;
		records[6].uuid = 'not-a-uuid';
		(records[7] as { dominant_long: unknown }).dominant_long = '12.5';
		const r = await receive({ parts: ['icd/video'] });
		expect(r.uuids.get('icd/video')).toHaveLength(46);
		expect(r.uuids.get('icd/video')).toContain(records[7].uuid);
	});
});
