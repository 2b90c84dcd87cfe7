import { describe, expect, it } from 'vitest';
import { PartColumns } from '../load/columns';
import { locate } from './locate';

function uuidOf(n: number): string {
	const hex = n.toString(16).padStart(32, '0');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** count records with primary_ids first, first + 1, …; those at `byUuid` are named by uuid instead (no primary_id). */
function part(count: number, first: number, byUuid: number[] = []): PartColumns {
	const p = new PartColumns('icd/video');
	const id = Float64Array.from({ length: count }, (_, i) => (byUuid.includes(i) ? NaN : first + i));
	const uuids = new Map(byUuid.map((i) => [i, uuidOf(first + i)]));
	const lon = Float32Array.from({ length: count }, (_, i) => i);
	const lat = Float32Array.from({ length: count }, (_, i) => -i / 2);
	p.append(
		{
			length: count,
			lon,
			lat,
			day: new Int32Array(count),
			country: new Int16Array(count),
			entity: new Int16Array(count),
			area: new Int16Array(count),
			id,
			uuids,
			dataset: 0,
			component: 0
		},
		() => true
	);
	return p;
}

describe('locating records by ref', () => {
	it('finds the wanted records by primary_id with their positions, and only those', () => {
		const p = part(1000, 500_000);
		const found = locate(
			[p],
			[
				{ part: 'icd/video', ref: '500007' },
				{ part: 'icd/video', ref: '500999' },
				{ part: 'icd/video', ref: '501000' },
				{ part: 'icd/image', ref: '500007' },
				{ part: 'icd/video', ref: 'not-a-ref' }
			]
		);
		expect(found.size).toBe(2);
		expect(found.get('icd/video/500007')).toEqual({ part: 'icd/video', index: 7, lon: 7, lat: -3.5 });
		expect(found.get('icd/video/500999')?.index).toBe(999);
	});

	it('finds a record the stream named by uuid (it had no primary_id), in any case', () => {
		const p = part(10, 0x10_0000, [3]);
		const found = locate(
			[p],
			[
				{ part: 'icd/video', ref: uuidOf(0x10_0000 + 3).toUpperCase() },
				{ part: 'icd/video', ref: uuidOf(0x10_0000 + 4) }
			]
		);
		expect([...found.keys()]).toEqual([`icd/video/${uuidOf(0x10_0000 + 3)}`]);
		expect(p.ref(3)).toBe(uuidOf(0x10_0000 + 3));
		expect(p.ref(4)).toBe(String(0x10_0000 + 4));
	});
});
