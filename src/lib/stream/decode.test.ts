import { describe, expect, it } from 'vitest';
import { StreamEncoder, encodeControl } from '../server/explorer/encode';
import type { GeoItem } from '../server/explorer/adapters/geo-manifest';
import type { ControlMessage } from '../types/stream';
import { FrameReader, NO_CODE, NO_DAY, StreamDictionaries, dateToDay, dayToDate, readRecordStream, isUuid, uuidToBytes, uuidToString, type RecordColumns, type StreamEvent } from './decode';

function items(n: number, seed: number, countries: (string | undefined)[], entities: (string | undefined)[]): GeoItem[] {
	return Array.from({ length: n }, (_, i) => ({
		uuid: crypto.randomUUID(),
		lat: ((i * 13 + seed) % 180) - 90 + 0.123,
		lon: ((i * 29 + seed) % 360) - 180 + 0.456,
		date: i % 7 === 3 ? undefined : `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
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

function concat(parts: Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

/** Two pages whose second introduces new dictionary values, wrapped in start/done. */
function sampleStream() {
	const encoder = new StreamEncoder();
	const first = items(40, 1, ['Syria', 'Iraq', undefined], ['Alpha', undefined]);
	const second = items(25, 7, ['Iraq', 'Yemen', 'Mali'], ['Beta', 'Alpha']);
	const bytes = concat([
		encoder.control({ type: 'start', parts: ['icd/video', 'icdb/image'], source: 'embedded' }),
		encoder.page('icd/video', first),
		encoder.control({ type: 'progress', part: 'icd/video', received: 40, total: 40 }),
		encoder.page('icdb/image', second),
		encoder.control({ type: 'done', received: 65, ms: 12 })
	]);
	return { bytes, first, second };
}

function checkValues(batch: RecordColumns, expected: GeoItem[], dicts: StreamDictionaries, dataset: number, component: number): void {
	expect(batch.length).toBe(expected.length);
	expected.forEach((item, i) => {
		expect(batch.lon[i]).toBe(Math.fround(item.lon));
		expect(batch.lat[i]).toBe(Math.fround(item.lat));
		expect(batch.day[i]).toBe(dateToDay(item.date));
		expect(dayToDate(batch.day[i])).toBe(item.date ?? '');
		expect(dicts.lookup('country', batch.country[i])).toBe(item.country);
		expect(dicts.lookup('entity', batch.entity[i])).toBe(item.entity);
		expect(uuidToString(batch.uuid, i)).toBe(item.uuid);
		expect(batch.dataset[i]).toBe(dataset);
		expect(batch.component[i]).toBe(component);
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
	return JSON.stringify(events.map((e) => (e.type === 'control' ? e.message : Object.entries(e.batch).map(([k, v]) => [k, typeof v === 'number' ? v : Array.from(v as ArrayLike<number>)]))));
}

describe('record stream round trip', () => {
	it('decodes values, dictionaries across batches, uuids and control messages', async () => {
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
		for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7) % 61 + 1) uneven.push(bytes.subarray(at, at + size));
		checkEvents(await readAll(uneven), first, second);
	});

	it('gives unknown countries, entities and dates their sentinel', async () => {
		const encoder = new StreamEncoder();
		const [event] = (await readAll([encoder.page('icdb/video', [{ uuid: crypto.randomUUID(), lat: 1, lon: 2 }])])).filter((e) => e.type === 'batch');
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
				c.enqueue(encodeControl({ type: 'start', parts: [], source: 'remote' }));
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
		for (const bad of ['', 'not-a-uuid', '0123456789abcdef0123456789abcdeg', '01234567-89ab-cdef-0123-456789abcdef0', '0123456-789ab-cdef-0123-456789abcdef', '01234567-89ab-cdef-0123-456789abcdeX']) {
			expect(uuidToBytes(bad, bytes, 0)).toBe(false);
			expect(isUuid(bad)).toBe(false);
		}
		expect(isUuid('01234567-89AB-cdef-0123-456789abcdef')).toBe(true);
		expect(bytes.every((b) => b === 0)).toBe(true);
	});
});
