import { describe, expect, it } from 'vitest';
import { PartMap } from './part-map';

describe('parts by their fixed order', () => {
	it('go through the parts in PART_IDS order, whatever order they were added in', () => {
		const parts = new PartMap<number>();
		parts.set('icdb/image', 4);
		parts.set('icd/image', 2);
		parts.set('icdb/video', 3);
		parts.set('icd/video', 1);
		expect([...parts.keys()]).toEqual(['icd/video', 'icd/image', 'icdb/video', 'icdb/image']);
		expect([...parts.values()]).toEqual([1, 2, 3, 4]);
		expect([...parts]).toEqual([...parts.entries()]);
		const seen: number[] = [];
		parts.forEach((v) => seen.push(v));
		expect(seen).toEqual([1, 2, 3, 4]);
		parts.delete('icd/image');
		expect([...parts.values()]).toEqual([1, 3, 4]);
	});
});
