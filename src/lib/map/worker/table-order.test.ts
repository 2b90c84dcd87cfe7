import { describe, expect, it } from 'vitest';
import { nameRanks, orderAll, refIndex, refPart, toRef, type PartKeys, type TableSort } from './table-order';
import { collectRows, type RowTest } from './table-rows';

/** Two parts of records as [country code, day]. */
const RECORDS: [number, number][][] = [
	[
		[0, 10],
		[1, 12],
		[-1, 30],
		[0, 15]
	],
	[
		[2, 11],
		[1, 9],
		[0, 15],
		[2, 30]
	]
];
const PART_NOS = [0, 2];
const partKeys = (withCodes: boolean): PartKeys[] =>
	RECORDS.map((records, p) => ({
		partNo: PART_NOS[p],
		length: records.length,
		day: Int32Array.from(records, (r) => r[1]),
		codes: withCodes ? Int16Array.from(records, (r) => r[0]) : undefined
	}));
const all = RECORDS.flatMap((records, p) => records.map((r, i) => ({ ref: toRef(PART_NOS[p], i), code: r[0], day: r[1] })));
const dayOf = (ref: number) => all.find((r) => r.ref === ref)!.day;

/** The order by comparison, for the counting sorts to agree with: key, then newest first, then refs' order. */
function compared(sort: TableSort, key: (r: (typeof all)[number]) => number): number[] {
	return [...all]
		.map((r, position) => ({ ...r, position }))
		.sort((a, b) => {
			const k = sort.key === 'date' ? 0 : (key(a) - key(b)) * (sort.descending ? -1 : 1);
			const d = sort.key === 'date' && !sort.descending ? a.day - b.day : b.day - a.day;
			return k || d || a.position - b.position;
		})
		.map((r) => r.ref);
}

describe('the records table order', () => {
	it('packs a part number and an index into one ref', () => {
		const ref = toRef(3, 40_000_123);
		expect([refPart(ref), refIndex(ref)]).toEqual([3, 40_000_123]);
		expect(new Uint32Array([ref])[0]).toBe(ref);
	});

	it('orders by date either way, ties in the parts’ order', () => {
		for (const descending of [true, false]) {
			const sort: TableSort = { key: 'date', descending };
			expect([...orderAll(partKeys(false), sort, 9, 30)]).toEqual(compared(sort, () => 0));
		}
		expect([...orderAll(partKeys(false), { key: 'date', descending: false }, 9, 30)].map(dayOf)).toEqual([9, 10, 11, 12, 15, 15, 30, 30]);
	});

	it('orders by a name with the newest first among equal names, records without a name last', () => {
		const dictionary = ['Sudan', 'chad', 'Yemen'];
		const ranks = nameRanks(dictionary);
		for (const descending of [false, true]) {
			const sort: TableSort = { key: 'country', descending };
			expect([...orderAll(partKeys(true), sort, 9, 30, ranks)]).toEqual(compared(sort, (r) => ranks.rank[r.code + 1]));
		}
		// chad, chad (newest first), Sudan…, Yemen…, no country last
		expect([...orderAll(partKeys(true), { key: 'country', descending: false }, 9, 30, ranks)].map((ref) => all.find((r) => r.ref === ref)!.code)).toEqual([
			1, 1, 0, 0, 0, 2, 2, -1
		]);
	});

	it('orders by a value of the part (dataset, component)', () => {
		const sort: TableSort = { key: 'dataset', descending: true };
		const order = orderAll(partKeys(false), sort, 9, 30, { size: 2, ofPart: (n) => n >> 1 });
		expect([...order]).toEqual(compared(sort, (r) => refPart(r.ref) >> 1));
	});
});

describe('the records table rows', () => {
	const columns = RECORDS.map((records) => ({
		day: Int32Array.from(records, (r) => r[1]),
		country: Int16Array.from(records, (r) => r[0]),
		entity: new Int16Array(records.length),
		x: new Float32Array(records.length),
		y: new Float32Array(records.length)
	}));
	const test = (over: Partial<RowTest> = {}): RowTest => ({
		parts: [columns[0], undefined, columns[1], undefined],
		from: -1e9,
		to: 1e9,
		countries: null,
		entities: null,
		areas: null,
		pinned: null,
		box: null,
		...over
	});
	const order = orderAll(partKeys(false), { key: 'date', descending: true }, 9, 30);

	it('keeps the records passing the filter, in order, and stops after the first rows when asked', () => {
		const sudan = Uint8Array.from([0, 1, 0, 0]); // code 0
		const out = new Uint32Array(order.length);
		const first = collectRows(order, 0, test({ countries: sudan }), out, 0, 2);
		expect(first.n).toBe(2);
		expect(first.next).toBeLessThan(order.length);
		const rest = collectRows(order, first.next, test({ countries: sudan }), out, first.n, Infinity);
		expect([...out.subarray(0, rest.n)]).toEqual(
			compared({ key: 'date', descending: true }, () => 0).filter((ref) => all.find((r) => r.ref === ref)!.code === 0)
		);
		expect(rest.next).toBe(order.length);
	});

	it('applies the dates, a part filtered out, pinned records and areas', () => {
		const out = new Uint32Array(order.length);
		const dates = collectRows(order, 0, test({ from: 11, to: 15 }), out, 0, Infinity);
		expect([...out.subarray(0, dates.n)].map(dayOf)).toEqual([15, 15, 12, 11]);
		const onePart = collectRows(order, 0, test({ parts: [columns[0], undefined, undefined, undefined] }), out, 0, Infinity);
		expect([...out.subarray(0, onePart.n)].every((ref) => refPart(ref) === 0)).toBe(true);
		const pinned = collectRows(order, 0, test({ pinned: [new Set([1]), undefined, new Set([0, 3]), undefined] }), out, 0, Infinity);
		expect([...out.subarray(0, pinned.n)]).toEqual([toRef(2, 3), toRef(0, 1), toRef(2, 0)]);
		const areas = collectRows(
			order,
			0,
			test({ areas: [Uint8Array.from([1, 0, 0, 0]), undefined, Uint8Array.from([0, 0, 0, 1]), undefined] }),
			out,
			0,
			Infinity
		);
		expect([...out.subarray(0, areas.n)]).toEqual([toRef(2, 3), toRef(0, 0)]);
	});
});
