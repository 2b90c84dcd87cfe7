import { describe, expect, it } from 'vitest';
import { StreamEncoder, encodeControl, encodeFrame, encodeHeader } from '../server/explorer/encode';
import { concat } from './concat';
import type { GeoItem } from '../server/explorer/adapters/geo-manifest';
import { FRAME_BATCH, FRAME_HEADER, MAX_STREAM_ID, STREAM_FORMAT_VERSION, type ControlMessage } from '../types/stream';
import {
	FrameReader,
	NO_CODE,
	NO_DAY,
	StreamDictionaries,
	StreamFormatError,
	dateToDay,
	dayToDate,
	decodeFrame,
	joinColumns,
	readRecordStream,
	recordRef,
	isUuid,
	uuidToBytes,
	uuidToString,
	type RecordColumns,
	type StreamEvent
} from './decode';

/** n records, newest first and primary_ids descending as the geo manifest sends them; every 11th without a primary_id. */
function items(n: number, seed: number, countries: (string | undefined)[], entities: (string | undefined)[]): GeoItem[] {
	return Array.from({ length: n }, (_, i) => ({
		uuid: crypto.randomUUID(),
		primaryId: i % 11 === 5 ? undefined : 900_000 - seed * 1000 - i * 3,
		lat: ((i * 13 + seed) % 180) - 90 + 0.123456789,
		lon: ((i * 29 + seed) % 360) - 180 + 0.456789012,
		date: i % 7 === 3 ? undefined : `20${24 - (i % 15)}-0${9 - (i % 9)}-1${i % 10}`,
		country: countries[i % countries.length],
		entity: entities[i % entities.length]
	}));
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
	let i = 0;
	return new ReadableStream({
		pull(controller) {
			if (i < chunks.length) controller.enqueue(chunks[i++]);
			else controller.close();
		}
	});
}

async function readAll(chunks: Uint8Array[]): Promise<StreamEvent[]> {
	const out: StreamEvent[] = [];
	for await (const e of readRecordStream(streamOf(chunks))) out.push(e);
	return out;
}

/** Two pages whose second introduces new dictionary values, wrapped in start/done. */
function sampleStream() {
	const encoder = new StreamEncoder();
	const first = items(40, 1, ['Syria', 'Iraq', undefined], ['Alpha', undefined]);
	const second = items(25, 7, ['Iraq', 'Yemen', 'Mali'], ['Beta', 'Alpha']);
	const bytes = concat([
		encoder.start({ type: 'start', parts: ['icd/video', 'icdb/image'], source: 'embedded' }),
		encoder.page('icd/video', first),
		encoder.control({ type: 'progress', part: 'icd/video', received: 40, total: 40 }),
		encoder.page('icdb/image', second),
		encoder.control({ type: 'done', received: 65, ms: 12 })
	]);
	return { bytes, first, second };
}

/** Coordinates travel in whole 1e-5 degrees: at most half of one off on the wire (0.56 m). */
const WIRE_ERROR = 0.5e-5;
/** What the page holds is a Float32 of that: half a Float32 step more (2^-17 degrees at |lon| >= 128). */
const PAGE_ERROR = WIRE_ERROR + 2 ** -17;

function checkValues(batch: RecordColumns, expected: GeoItem[], dicts: StreamDictionaries, dataset: number, component: number): void {
	expect(batch.length).toBe(expected.length);
	expect([batch.dataset, batch.component]).toEqual([dataset, component]);
	expected.forEach((item, i) => {
		const wireLon = Math.round(item.lon * 1e5) / 1e5;
		const wireLat = Math.round(item.lat * 1e5) / 1e5;
		expect(Math.abs(wireLon - item.lon)).toBeLessThanOrEqual(WIRE_ERROR + 1e-12);
		expect(batch.lon[i]).toBe(Math.fround(wireLon));
		expect(batch.lat[i]).toBe(Math.fround(wireLat));
		expect(Math.abs(batch.lon[i] - item.lon)).toBeLessThanOrEqual(PAGE_ERROR);
		expect(Math.abs(batch.lat[i] - item.lat)).toBeLessThanOrEqual(PAGE_ERROR);
		expect(batch.day[i]).toBe(dateToDay(item.date));
		expect(dayToDate(batch.day[i])).toBe(item.date ?? '');
		expect(dicts.lookup('country', batch.country[i])).toBe(item.country);
		expect(dicts.lookup('entity', batch.entity[i])).toBe(item.entity);
		expect(recordRef(batch, i)).toBe(item.primaryId !== undefined ? String(item.primaryId) : item.uuid);
	});
}

function checkEvents(events: StreamEvent[], first: GeoItem[], second: GeoItem[]): void {
	const dicts = new StreamDictionaries();
	const batches: RecordColumns[] = [];
	const messages: ControlMessage[] = [];
	for (const e of events) {
		if (e.type === 'control') {
			dicts.apply(e.message);
			messages.push(e.message);
		} else {
			// Dictionaries arrive before the batch that uses them: check values at arrival time.
			checkValues(e.batch, batches.length === 0 ? first : second, dicts, batches.length === 0 ? 0 : 1, batches.length === 0 ? 0 : 1);
			batches.push(e.batch);
		}
	}
	expect(batches).toHaveLength(2);
	expect(messages.map((m) => m.type)).toEqual(['start', 'dict', 'dict', 'progress', 'dict', 'dict', 'done']);
	expect(messages[4]).toEqual({ type: 'dict', field: 'country', start: 2, values: ['Yemen', 'Mali'] });
	expect(messages[5]).toEqual({ type: 'dict', field: 'entity', start: 1, values: ['Beta'] });
	expect(dicts.country).toEqual(['Syria', 'Iraq', 'Yemen', 'Mali']);
}

/** Everything decoded, as one string, to compare many decodes cheaply. */
function fingerprint(events: StreamEvent[]): string {
	return JSON.stringify(
		events.map((e) =>
			e.type === 'control' ? e.message : Object.entries(e.batch).map(([k, v]) => [k, typeof v === 'number' ? v : Array.from(v as ArrayLike<number>)])
		)
	);
}

describe('record stream round trip', () => {
	it('decodes values, dictionaries across batches, ids, uuids and control messages', async () => {
		const { bytes, first, second } = sampleStream();
		checkEvents(await readAll([bytes]), first, second);
	});

	it('decodes the same whatever byte boundary a chunk ends at', async () => {
		const { bytes, first, second } = sampleStream();
		const whole = await readAll([bytes]);
		checkEvents(whole, first, second);
		const reference = fingerprint(whole);
		const mismatches: number[] = [];
		for (let cut = 0; cut <= bytes.length; cut++) {
			if (fingerprint(await readAll([bytes.subarray(0, cut), bytes.subarray(cut)])) !== reference) mismatches.push(cut);
		}
		expect(mismatches).toEqual([]);
	});

	it('decodes one-byte chunks and uneven chunks', async () => {
		const { bytes, first, second } = sampleStream();
		checkEvents(await readAll(Array.from(bytes, (b) => Uint8Array.of(b))), first, second);
		const uneven: Uint8Array[] = [];
		for (let at = 0, size = 1; at < bytes.length; at += size, size = ((size * 7) % 61) + 1) uneven.push(bytes.subarray(at, at + size));
		checkEvents(await readAll(uneven), first, second);
	});

	it('gives unknown countries, entities and dates their sentinel', async () => {
		const encoder = new StreamEncoder();
		const [event] = (
			await readAll([
				encoder.start({ type: 'start', parts: [], source: 'remote' }),
				encoder.page('icdb/video', [{ uuid: crypto.randomUUID(), lat: 1, lon: 2 }])
			])
		).filter((e) => e.type === 'batch');
		const batch = (event as Extract<StreamEvent, { type: 'batch' }>).batch;
		expect([batch.country[0], batch.entity[0], batch.day[0]]).toEqual([NO_CODE, NO_CODE, NO_DAY]);
	});

	it('refuses a stream cut inside a frame', async () => {
		const { bytes } = sampleStream();
		await expect(readAll([bytes.subarray(0, bytes.length - 3)])).rejects.toThrow(/middle of a frame/);
	});

	it('cancels the body when the reader stops early', async () => {
		let cancelled = false;
		const body = new ReadableStream<Uint8Array>({
			start(c) {
				c.enqueue(new StreamEncoder().start({ type: 'start', parts: [], source: 'remote' }));
			},
			cancel() {
				cancelled = true;
			}
		});
		for await (const e of readRecordStream(body)) {
			expect(e.type).toBe('control');
			break;
		}
		expect(cancelled).toBe(true);
	});

	it('frame reader keeps partial frames pending', () => {
		const frame = encodeControl({ type: 'done', received: 1, ms: 2 });
		const reader = new FrameReader();
		expect(reader.push(frame.subarray(0, 3))).toEqual([]);
		expect(reader.pending).toBe(3);
		const [f] = reader.push(frame.subarray(3));
		expect(f.payload.byteOffset).toBe(0);
		expect(reader.pending).toBe(0);
	});
});

describe('edge values', () => {
	const start = () => new StreamEncoder();
	async function roundTrip(page: GeoItem[]): Promise<RecordColumns[]> {
		const encoder = start();
		const events = await readAll([encoder.start({ type: 'start', parts: ['icd/image'], source: 'remote' }), encoder.page('icd/image', page)]);
		return events.flatMap((e) => (e.type === 'batch' ? [e.batch] : []));
	}
	const item = (over: Partial<GeoItem>): GeoItem => ({ uuid: crypto.randomUUID(), lat: 0, lon: 0, primaryId: 1, date: '2020-01-01', ...over });

	it('carries coordinates at ±180 and ±90 exactly, and within the stated bound elsewhere', async () => {
		const corners = [
			item({ lon: -180, lat: -90 }),
			item({ lon: 180, lat: 90 }),
			item({ lon: 179.999995, lat: -89.999995 }),
			item({ lon: 0.000004999, lat: -0.000005001 })
		];
		const [b] = await roundTrip(corners);
		expect([b.lon[0], b.lat[0], b.lon[1], b.lat[1]]).toEqual([-180, -90, 180, 90]);
		corners.forEach((c, i) => {
			expect(Math.abs(b.lon[i] - c.lon)).toBeLessThanOrEqual(PAGE_ERROR);
			expect(Math.abs(b.lat[i] - c.lat)).toBeLessThanOrEqual(PAGE_ERROR);
		});
		expect([b.lon[3], b.lat[3]]).toEqual([0, Math.fround(-0.00001)]);
	});

	it('carries the first and last representable days, 1970-01-01 and no date; a page spanning more than a u16 of days is split', async () => {
		const dates = ['9999-12-31', '2026-10-31', '1970-01-01', '1000-01-01', undefined];
		const batches = await roundTrip(dates.map((date) => item({ date })));
		expect(batches.length).toBeGreaterThan(1);
		const days = batches.flatMap((b) => Array.from(b.day));
		expect(days).toEqual(dates.map((d) => dateToDay(d)));
		expect(days[0]).toBe(2932896);
		expect(days[3]).toBe(-354_285);
		expect(days[4]).toBe(NO_DAY);
		// A span of 65,534 days still fits one batch.
		expect(await roundTrip([item({ date: dayToDate(70_000) }), item({ date: dayToDate(70_000 - 65_534) })])).toHaveLength(1);
		expect(await roundTrip([item({ date: dayToDate(70_000) }), item({ date: dayToDate(70_000 - 65_535) })])).toHaveLength(2);
	});

	it('carries ids from 0 to 2^52 - 1 in any order; other ids, and none, travel as the uuid', async () => {
		const ids = [0, MAX_STREAM_ID, 0, 7, MAX_STREAM_ID - 1, undefined, -1, 1.5, 2 ** 53, 3];
		const page = ids.map((primaryId) => item({ primaryId }));
		const [b] = await roundTrip(page);
		expect(page.map((_, i) => recordRef(b, i))).toEqual(page.map((p, i) => (i < 5 || i === 9 ? String(p.primaryId) : p.uuid)));
		expect([...b.uuids.keys()]).toEqual([5, 6, 7, 8]);
	});

	it('spends 17 bytes a record and one more per id byte past the first on a 5,000-record page', () => {
		const encoder = start();
		encoder.page('icd/video', items(5000, 1, ['A', 'B'], ['C']));
		const page = items(5000, 2, ['A', 'B'], ['C']).map((x, i) => ({ ...x, primaryId: 898_000 - 3 * i }));
		const frames = new FrameReader().push(encoder.page('icd/video', page));
		expect(frames.map((f) => f.kind)).toEqual([FRAME_BATCH]);
		// Ids 3 apart, the first 898,000 (3 bytes as a varint): 16 bytes of columns + 1 of id each.
		expect(frames[0].payload.byteLength).toBe(20 + 17 * 5000 + 2);
	});
});

describe('format versions', () => {
	const rest = () => concat([encodeControl({ type: 'start', parts: [], source: 'remote' }), new StreamEncoder().page('icd/video', items(3, 1, ['A'], ['B']))]);

	it('refuses a stream in the old format (no header: it began with a control frame) with a readable message', async () => {
		const refusal = readAll([rest()]);
		await expect(refusal).rejects.toBeInstanceOf(StreamFormatError);
		await expect(readAll([rest()])).rejects.toThrow(/older format \(version 1, without a version header\).*reload the page/);
	});

	it('refuses an unknown version, newer or older, before reading any record', async () => {
		for (const version of [STREAM_FORMAT_VERSION + 1, 1, 0, 65535]) {
			const events: StreamEvent[] = [];
			const read = (async () => {
				for await (const e of readRecordStream(streamOf([concat([encodeHeader(version), rest()])]))) events.push(e);
			})();
			await expect(read).rejects.toThrow(new RegExp(`format version ${version}; this page reads version ${STREAM_FORMAT_VERSION}`));
			expect(events).toEqual([]);
		}
	});

	it('refuses a header without the magic, and accepts the current version', async () => {
		await expect(readAll([encodeFrame(FRAME_HEADER, Uint8Array.of(0x49, 0x43, 0x44, 0x58, STREAM_FORMAT_VERSION, 0))])).rejects.toThrow(/not a record stream/);
		await expect(readAll([encodeHeader(), rest()])).resolves.toHaveLength(4); // start, two dictionaries, the batch
	});
});

describe('uuid helpers', () => {
	it('round-trips uuids at any record index', () => {
		const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
		const bytes = new Uint8Array(16 * ids.length);
		ids.forEach((id, i) => expect(uuidToBytes(id.toUpperCase(), bytes, 16 * i)).toBe(true));
		expect(ids.map((_, i) => uuidToString(bytes, i))).toEqual(ids);
		expect(uuidToBytes(ids[0].replace(/-/g, ''), bytes, 0)).toBe(true);
		expect(uuidToString(bytes, 0)).toBe(ids[0]);
	});

	it('refuses text that is not a uuid and writes nothing', () => {
		const bytes = new Uint8Array(16);
		for (const bad of [
			'',
			'not-a-uuid',
			'0123456789abcdef0123456789abcdeg',
			'01234567-89ab-cdef-0123-456789abcdef0',
			'0123456-789ab-cdef-0123-456789abcdef',
			'01234567-89ab-cdef-0123-456789abcdeX'
		]) {
			expect(uuidToBytes(bad, bytes, 0)).toBe(false);
			expect(isUuid(bad)).toBe(false);
		}
		expect(isUuid('01234567-89AB-cdef-0123-456789abcdef')).toBe(true);
		expect(bytes.every((b) => b === 0)).toBe(true);
	});
});

describe('joining batches of one part', () => {
	it('keeps every column in order and moves the uuid-named records to their place', async () => {
		const encoder = new StreamEncoder();
		const pages = [items(30, 1, ['A', 'B'], ['X']), items(7, 2, ['C'], [undefined, 'Y']), items(45, 3, ['A'], ['Z'])];
		const batches = pages.map((page) => decodeFrame({ kind: FRAME_BATCH, payload: encoder.pageFrames('icd/video', page).batches[0].subarray(5) }));
		const joined = joinColumns(batches.map((b) => (b as Extract<StreamEvent, { type: 'batch' }>).batch));
		const flat = pages.flat();
		expect(joined.length).toBe(flat.length);
		for (let i = 0; i < flat.length; i++) {
			expect(recordRef(joined, i)).toBe(flat[i].primaryId === undefined ? flat[i].uuid : String(flat[i].primaryId));
			expect(joined.lon[i]).toBeCloseTo(flat[i].lon, 4);
			expect(joined.day[i]).toBe(dateToDay(flat[i].date));
		}
		expect(joined.uuids.size).toBe(flat.filter((x) => x.primaryId === undefined).length);
	});
});
