// Totals are the expensive half of a page. The records are read-only while the server runs,
// so a count for the same query is cached (bounded LRU) and dropped when the data is regenerated.
import type { Param, Sql } from '../../db/sql';

const MAX_ENTRIES = 5000;
const caches = new WeakMap<Sql, Map<string, number>>();

export async function cachedCount(sql: Sql, text: string, params: Param[]): Promise<number> {
	let cache = caches.get(sql);
	if (!cache) caches.set(sql, (cache = new Map()));
	const key = text + '\u0000' + JSON.stringify(params);
	const hit = cache.get(key);
	if (hit !== undefined) {
		cache.delete(key);
		cache.set(key, hit);
		return hit;
	}
	const value = (await sql.pluck<number>(text, params)) ?? 0;
	cache.set(key, value);
	if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
	return value;
}

export function forgetCounts(sql: Sql): void {
	caches.delete(sql);
}
