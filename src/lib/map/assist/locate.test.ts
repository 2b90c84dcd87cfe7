import { describe, expect, it } from 'vitest';
import { PartColumns } from '../columns';
import { locate } from './locate';

function uuidOf(n: number): string {
	const hex = n.toString(16).padStart(32, '0');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function part(count: number, first: number): PartColumns {
	const p = new PartColumns('icd/video');
	const uuid = new Uint8Array(count * 16);
	for (let i = 0; i < count; i++) {
		const hex = uuidOf(first + i).replace(/-/g, '');
		for (let b = 0; b < 16; b++) uuid[i * 16 + b] = parseInt(hex.slice(b * 2, b * 2 + 2), 16);
	}
	const lon = Float32Array.from({ length: count }, (_, i) => i);
	const lat = Float32Array.from({ length: count }, (_, i) => -i / 2);
	p.append({ length: count, lon, lat, day: new Int32Array(count), country: new Int16Array(count), entity: new Int16Array(count), area: new Int16Array(count), uuid, dataset: new Uint8Array(count), component: new Uint8Array(count) }, () => true);
	return p;
}

describe('locating records by uuid', () => {
	it('finds the wanted records with their positions, and only those', () => {
		// Same first 4 bytes for every uuid here: the full 16 bytes must decide.
		const p = part(1000, 0x10_0000);
		const found = locate([p], [
			{ part: 'icd/video', uuid: uuidOf(0x10_0000 + 7) },
			{ part: 'icd/video', uuid: uuidOf(0x10_0000 + 999).toUpperCase() },
			{ part: 'icd/video', uuid: uuidOf(0x99_0000) },
			{ part: 'icd/image', uuid: uuidOf(0x10_0000 + 7) },
			{ part: 'icd/video', uuid: 'not-a-uuid' }
		]);
		expect(found.size).toBe(2);
		expect(found.get(`icd/video/${uuidOf(0x10_0000 + 7)}`)).toEqual({ part: 'icd/video', index: 7, lon: 7, lat: -3.5 });
		expect(found.get(`icd/video/${uuidOf(0x10_0000 + 999)}`)?.index).toBe(999);
	});
});
