import { describe, expect, it } from 'vitest';
import { brotliCompressSync, constants } from 'node:zlib';
import { decodeBatch, FrameReader } from '../../stream/decode';
import { FRAME_BATCH, FRAME_CONTROL, FRAME_HEADER } from '../../types/stream';
import { StreamEncoder } from './encode';
import type { GeoItem } from './adapters/geo-manifest';

const COUNTRIES = Array.from({ length: 120 }, (_, i) => `Country ${i}`);
const ENTITIES = Array.from({ length: 60 }, (_, i) => `Entity number ${i}`);

/** A page as a geo manifest sends one: newest first, primary_ids descending, coordinates of 5 decimals. */
function page(n: number, firstId = 1_000_000): GeoItem[] {
	let id = firstId;
	let day = Date.UTC(2026, 0, 1);
	return Array.from({ length: n }, () => {
		id -= 1 + Math.floor(Math.random() * 4);
		if (Math.random() < 0.05) day -= 86_400_000;
		return {
			uuid: crypto.randomUUID(),
			primaryId: id,
			lat: Math.round((Math.random() * 40 - 5) * 1e5) / 1e5,
			lon: Math.round((Math.random() * 60 + 10) * 1e5) / 1e5,
			date: new Date(day).toISOString().slice(0, 10),
			country: COUNTRIES[Math.floor(Math.random() * COUNTRIES.length)],
			entity: ENTITIES[Math.floor(Math.random() * ENTITIES.length)]
		};
	});
}

describe('stream encoder', () => {
	it('spends about 17 bytes per record on a 5,000-record page, and at most 16 once compressed', () => {
		const encoder = new StreamEncoder();
		const first = encoder.page('icd/video', page(5000));
		const second = encoder.page('icd/video', page(5000, 990_000));
		const brotli = brotliCompressSync(second, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).byteLength / 5000;
		console.log(
			`bytes/record for 5,000-record pages: ${(first.byteLength / 5000).toFixed(2)} (first page, with dictionaries), ${(second.byteLength / 5000).toFixed(2)} (next page), ${brotli.toFixed(2)} (next page, brotli 4)`
		);
		expect(first.byteLength / 5000).toBeLessThanOrEqual(18);
		expect(second.byteLength / 5000).toBeLessThanOrEqual(17.01);
		expect(brotli).toBeLessThanOrEqual(16);
	});

	it('writes one batch frame per page, after the dictionary frames it needs; the stream opens with its header', () => {
		const encoder = new StreamEncoder();
		expect(new FrameReader().push(encoder.start({ type: 'start', parts: ['icdb/image'], source: 'remote' })).map((f) => f.kind)).toEqual([
			FRAME_HEADER,
			FRAME_CONTROL
		]);
		const frames = new FrameReader().push(encoder.page('icdb/image', page(10)));
		expect(frames.map((f) => f.kind)).toEqual([FRAME_CONTROL, FRAME_CONTROL, FRAME_BATCH]);
		const batch = decodeBatch(frames[2].payload);
		expect(batch.length).toBe(10);
		expect([batch.dataset, batch.component]).toEqual([1, 1]);
	});

	it('sends no dictionary frame when a page brings no new value', () => {
		const encoder = new StreamEncoder();
		const items = page(50);
		encoder.page('icd/image', items);
		const frames = new FrameReader().push(
			encoder.page(
				'icd/image',
				items.map((i) => ({ ...i, uuid: crypto.randomUUID() }))
			)
		);
		expect(frames.map((f) => f.kind)).toEqual([FRAME_BATCH]);
	});

	it('refuses a batch whose lengths do not add up rather than misread it', () => {
		const [, , batch] = new FrameReader().push(new StreamEncoder().page('icd/video', page(20)));
		expect(() => decodeBatch(batch.payload.subarray(0, batch.payload.byteLength - 1))).toThrow(/Corrupt record stream/);
		const wrongCount = batch.payload.slice();
		new DataView(wrongCount.buffer).setUint32(4, 21, true);
		expect(() => decodeBatch(wrongCount)).toThrow(/Corrupt record stream/);
	});
});
