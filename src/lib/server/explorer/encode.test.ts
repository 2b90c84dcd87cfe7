import { describe, expect, it } from 'vitest';
import { decodeBatch, FrameReader } from '../../stream/decode';
import { FRAME_BATCH } from '../../types/stream';
import { StreamEncoder } from './encode';
import type { GeoItem } from './adapters/geo-manifest';

const COUNTRIES = Array.from({ length: 120 }, (_, i) => `Country ${i}`);
const ENTITIES = Array.from({ length: 60 }, (_, i) => `Entity number ${i}`);

function page(n: number): GeoItem[] {
	return Array.from({ length: n }, (_, i) => ({
		uuid: crypto.randomUUID(),
		lat: Math.random() * 180 - 90,
		lon: Math.random() * 360 - 180,
		date: new Date(Date.UTC(2012, 0, 1) + Math.floor(Math.random() * 5000) * 86_400_000).toISOString().slice(0, 10),
		country: COUNTRIES[Math.floor(Math.random() * COUNTRIES.length)],
		entity: ENTITIES[Math.floor(Math.random() * ENTITIES.length)]
	}));
}

describe('stream encoder', () => {
	it('spends at most 40 bytes per record on a 5,000-record page, dictionaries included', () => {
		const encoder = new StreamEncoder();
		const first = encoder.page('icd/video', page(5000));
		const second = encoder.page('icd/video', page(5000));
		const perRecordFirst = first.byteLength / 5000;
		const perRecordSteady = second.byteLength / 5000;
		console.log(`bytes/record for 5,000-record pages: ${perRecordFirst.toFixed(2)} (first page, with dictionaries), ${perRecordSteady.toFixed(2)} (next page)`);
		expect(perRecordFirst).toBeLessThanOrEqual(40);
		expect(perRecordSteady).toBeLessThanOrEqual(40);
	});

	it('writes one batch frame per page, after the dictionary frames it needs', () => {
		const encoder = new StreamEncoder();
		const frames = new FrameReader().push(encoder.page('icdb/image', page(10)));
		expect(frames.map((f) => f.kind)).toEqual([1, 1, FRAME_BATCH]);
		const batch = decodeBatch(frames[2].payload);
		expect(batch.length).toBe(10);
		expect(batch.dataset.every((d) => d === 1) && batch.component.every((c) => c === 1)).toBe(true);
	});

	it('sends no dictionary frame when a page brings no new value', () => {
		const encoder = new StreamEncoder();
		const items = page(50);
		encoder.page('icd/image', items);
		const frames = new FrameReader().push(encoder.page('icd/image', items.map((i) => ({ ...i, uuid: crypto.randomUUID() }))));
		expect(frames.map((f) => f.kind)).toEqual([FRAME_BATCH]);
	});
});
