// Totals are the expensive half of a page. The records are read-only while the server runs,
// so a count for the same query is cached (bounded LRU) and dropped when the data is regenerated.
import type { Db } from '../../db/open';

const MAX_ENTRIES = 5000;
const caches = new WeakMap<Db, Map<string, number>>();

export function cachedCount(db: Db, sql: string, params: (string | number)[]): number {
	let cache = caches.get(db);
	if (!cache) caches.set(db, (cache = new Map()));
	const key = sql + '\u0000' + JSON.stringify(params);
	const hit = cache.get(key);
	if (hit !== undefined) {
		cache.delete(key);
		cache.set(key, hit);
		return hit;
	}
	const value = db.prepare(sql).pluck().get(...params) as number;
	cache.set(key, value);
	if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
	return value;
}

export function forgetCounts(db: Db): void {
	caches.delete(db);
}
