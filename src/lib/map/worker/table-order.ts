// The order of the records table, computed in the worker over every record passing the filters:
// a million records sorted in tens of milliseconds by stable counting sorts over small integer
// keys (days, name ranks, codes), never by comparing records. Records travel as refs, one
// Uint32 each: part number in the top bits, index into that part's columns below.

export type SortKey = 'date' | 'country' | 'area' | 'entity' | 'dataset' | 'component';

export interface TableSort {
	key: SortKey;
	descending: boolean;
}

export const DEFAULT_SORT: TableSort = { key: 'date', descending: true };

const INDEX_BITS = 26;
const INDEX_MASK = 2 ** INDEX_BITS - 1;

export function toRef(part: number, index: number): number {
	return part * 2 ** INDEX_BITS + index;
}

export function refPart(ref: number): number {
	return ref >>> INDEX_BITS;
}

export function refIndex(ref: number): number {
	return ref & INDEX_MASK;
}

/**
 * Stable counting sort of `refs` by `key(ref)` in [0, k): ascending, or descending with ties
 * kept in their current order (so a previous sort stays the tie-breaker either way).
 */
export function countingSort(refs: Uint32Array, k: number, key: (ref: number) => number, descending: boolean): Uint32Array {
	const n = refs.length;
	const keys = new Uint32Array(n);
	const starts = new Uint32Array(k + 1);
	for (let i = 0; i < n; i++) {
		const raw = key(refs[i]);
		const b = descending ? k - 1 - raw : raw;
		keys[i] = b;
		starts[b + 1]++;
	}
	for (let b = 0; b < k; b++) starts[b + 1] += starts[b];
	const out = new Uint32Array(n);
	for (let i = 0; i < n; i++) out[starts[keys[i]]++] = refs[i];
	return out;
}

/**
 * Ranks of dictionary codes in alphabetical order of their names, offset by one so that
 * NO_CODE (-1) has a slot; records without a value sort last.
 */
export function nameRanks(dictionary: readonly string[]): { rank: Uint32Array; size: number } {
	const codes = dictionary.map((_, code) => code).sort((a, b) => dictionary[a].localeCompare(dictionary[b], 'en', { sensitivity: 'base' }));
	const rank = new Uint32Array(dictionary.length + 1);
	rank[0] = dictionary.length; // NO_CODE
	codes.forEach((code, r) => (rank[code + 1] = r));
	return { rank, size: dictionary.length + 1 };
}

export interface OrderInput {
	refs: Uint32Array;
	sort: TableSort;
	/** Day of a ref, and the range of days among them. */
	day: (ref: number) => number;
	dayMin: number;
	dayMax: number;
	/** The primary key of a ref in [0, k) when sorting by something other than the date. */
	primary?: { k: number; key: (ref: number) => number };
}

/** Sorted by the chosen key, newest first within equal keys (or by date, as asked). */
export function tableOrder(o: OrderInput): Uint32Array {
	const span = Math.max(1, o.dayMax - o.dayMin + 1);
	const byDate = countingSort(o.refs, span, (r) => o.day(r) - o.dayMin, o.sort.key === 'date' ? o.sort.descending : true);
	if (o.sort.key === 'date' || !o.primary) return byDate;
	return countingSort(byDate, o.primary.k, o.primary.key, o.sort.descending);
}
