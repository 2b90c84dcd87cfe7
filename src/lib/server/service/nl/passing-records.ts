// Which records of one component pass a question's filters, as a bitmap over their ids. Filtered
// candidate lists read the chunk index alone, in rowid order, and keep the postings whose record
// is set here: a bit test per posting instead of a records-table lookup per posting, which at a
// million records a component made "damaged buildings in Libya" cost seconds. The bitmap comes
// from the records table's own indexes (country, entity, date) and is kept for the next question
// with the same filters (bounded LRU, with the other per-filter facts of the candidate lists; the
// records are read-only while the server runs, and the cache is dropped when they are regenerated).
import type { Db } from '../../db/open';
import type { Component, Dataset } from '../../../types/dataset';
import type { Clause } from '../records/scope';

export interface RecordSet {
	has(recordId: number): boolean;
	/** How many records pass. */
	readonly size: number;
}

const MAX_ENTRIES = 64;
const caches = new WeakMap<Db, Map<string, unknown>>();

/** A fact about the filters, computed once and kept while it is among the latest asked for. */
export function remembered<T>(db: Db, key: string, compute: () => T): T {
	let cache = caches.get(db);
	if (!cache) caches.set(db, (cache = new Map()));
	if (cache.has(key)) {
		const hit = cache.get(key) as T;
		cache.delete(key);
		cache.set(key, hit);
		return hit;
	}
	const value = compute();
	cache.set(key, value);
	if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
	return value;
}

class Bitmap implements RecordSet {
	private readonly bits: Uint32Array;
	constructor(
		private readonly base: number,
		span: number,
		readonly size: number
	) {
		this.bits = new Uint32Array(Math.ceil(span / 32));
	}
	set(id: number): void {
		const i = id - this.base;
		this.bits[i >>> 5] |= 1 << (i & 31);
	}
	has(id: number): boolean {
		const i = id - this.base;
		return i >= 0 && i >>> 5 < this.bits.length && (this.bits[i >>> 5] & (1 << (i & 31))) !== 0;
	}
}

export function passingRecords(db: Db, dataset: Dataset, component: Component, clause: Clause): RecordSet {
	return remembered(db, `passing\u0000${dataset}\u0000${component}\u0000${clause.sql}\u0000${JSON.stringify(clause.params)}`, () => {
		const ids = db
			.prepare(`SELECT r.id FROM records r WHERE r.dataset = ? AND r.component = ? AND ${clause.sql}`)
			.pluck()
			.all(dataset, component, ...clause.params) as number[];
		let lo = Infinity;
		let hi = -Infinity;
		for (const id of ids) {
			if (id < lo) lo = id;
			if (id > hi) hi = id;
		}
		const set = new Bitmap(ids.length ? lo : 0, ids.length ? hi - lo + 1 : 0, ids.length);
		for (const id of ids) set.set(id);
		return set;
	});
}

export function forgetPassingRecords(db: Db): void {
	caches.delete(db);
}
