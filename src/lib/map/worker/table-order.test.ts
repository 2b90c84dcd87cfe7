import { describe, expect, it } from 'vitest';
import { countingSort, nameRanks, refIndex, refPart, tableOrder, toRef } from './table-order';

describe('the records table order', () => {
	it('packs a part number and an index into one ref', () => {
		const ref = toRef(3, 40_000_123);
		expect([refPart(ref), refIndex(ref)]).toEqual([3, 40_000_123]);
		expect(new Uint32Array([ref])[0]).toBe(ref);
	});

	it('counting sort is stable both ways', () => {
		const refs = Uint32Array.from([0, 1, 2, 3, 4, 5]);
		const key = (r: number) => [2, 0, 2, 1, 0, 1][r];
		expect([...countingSort(refs, 3, key, false)]).toEqual([1, 4, 3, 5, 0, 2]);
		expect([...countingSort(refs, 3, key, true)]).toEqual([0, 2, 3, 5, 1, 4]);
	});

	it('sorts by a name with the newest first among equal names, records without a name last', () => {
		const dictionary = ['Sudan', 'chad', 'Yemen'];
		const { rank, size } = nameRanks(dictionary);
		// ref -> [country code, day]
		const records: [number, number][] = [[0, 10], [1, 12], [-1, 30], [0, 15], [2, 11], [1, 9]];
		const order = tableOrder({
			refs: Uint32Array.from(records.keys()),
			sort: { key: 'country', descending: false },
			day: (r) => records[r][1],
			dayMin: 9,
			dayMax: 30,
			primary: { k: size, key: (r) => rank[records[r][0] + 1] }
		});
		expect([...order]).toEqual([1, 5, 3, 0, 4, 2]);
		const byDate = tableOrder({ refs: Uint32Array.from(records.keys()), sort: { key: 'date', descending: false }, day: (r) => records[r][1], dayMin: 9, dayMax: 30 });
		expect([...byDate].map((r) => records[r][1])).toEqual([9, 10, 11, 12, 15, 30]);
	});
});
