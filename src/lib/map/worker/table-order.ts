// The order of the records table, computed in the worker: every record the worker holds, sorted
// once per sort (and again when records arrive) by stable counting sorts over small integer keys
// (days, name ranks, codes), never by comparing records. A filter change then only walks that
// order and keeps the records passing the filter, which leaves them in order: the first rows are
// found after a few hundred records at most, the whole list in one pass. Records travel as refs,
// one Uint32 each: part number in the top bits, index into that part's columns below.

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

/** What the order reads of one part: its days, and the codes of the sorted name column if any. */
export interface PartKeys {
	/** The part's number in refs (PART_IDS). */
	partNo: number;
	length: number;
	day: Int32Array;
	/** Dictionary codes of the sorted column (country, area or entity). */
	codes?: Int16Array;
}

/** The key sorted on before the date: a name's rank (by code), or one value per part (dataset, component). */
export type PrimaryKey = { size: number; rank: Uint32Array } | { size: number; ofPart: (partNo: number) => number };

/**
 * Every record of `parts` in table order: by the primary key if any (ascending or descending),
 * newest first among equal keys; by date alone as asked. Ties keep the parts' order, then the
 * records' (stable). Four tight passes over typed arrays, no per-record function call.
 */
export function orderAll(parts: readonly PartKeys[], sort: TableSort, dayMin: number, dayMax: number, primary?: PrimaryKey): Uint32Array {
	let total = 0;
	for (const p of parts) total += p.length;
	const span = Math.max(1, dayMax - dayMin + 1);
	// Dates first (newest first unless the date itself is sorted ascending).
	const newestFirst = sort.key === 'date' ? sort.descending : true;
	const dayStarts = new Uint32Array(span + 1);
	for (const p of parts) {
		const day = p.day;
		if (newestFirst) for (let i = 0; i < p.length; i++) dayStarts[dayMax - day[i] + 1]++;
		else for (let i = 0; i < p.length; i++) dayStarts[day[i] - dayMin + 1]++;
	}
	for (let b = 0; b < span; b++) dayStarts[b + 1] += dayStarts[b];
	const byDate = new Uint32Array(total);
	// The primary key of each record, in date order, for the second pass to read sequentially.
	const keys = primary ? new Uint32Array(total) : null;
	for (const p of parts) {
		const day = p.day;
		const base = toRef(p.partNo, 0);
		const rank = primary && 'rank' in primary ? primary.rank : null;
		const codes = p.codes;
		const partKey = primary && 'ofPart' in primary ? primary.ofPart(p.partNo) : 0;
		for (let i = 0; i < p.length; i++) {
			const at = dayStarts[newestFirst ? dayMax - day[i] : day[i] - dayMin]++;
			byDate[at] = base + i;
			if (keys) keys[at] = rank && codes ? rank[codes[i] + 1] : partKey;
		}
	}
	if (!primary || !keys || sort.key === 'date') return byDate;
	const k = primary.size;
	const starts = new Uint32Array(k + 1);
	for (let j = 0; j < total; j++) starts[(sort.descending ? k - 1 - keys[j] : keys[j]) + 1]++;
	for (let b = 0; b < k; b++) starts[b + 1] += starts[b];
	const out = new Uint32Array(total);
	for (let j = 0; j < total; j++) out[starts[sort.descending ? k - 1 - keys[j] : keys[j]]++] = byDate[j];
	return out;
}
