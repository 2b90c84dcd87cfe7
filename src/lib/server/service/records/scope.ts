// The WHERE clause every record query shares: component, the key's entity restriction and the
// caller's filters. Keeping it in one place is what guarantees that items, totals, lookups,
// media and manifests all see exactly what the key may see.
import type { Db } from '../../db/open';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';

export interface RecordFilters {
	country?: string;
	entity?: string;
	date_from?: string;
	date_to?: string;
}

export interface Clause {
	sql: string;
	params: (string | number)[];
}

export interface RecordScope extends Clause {
	/** True when the clause says nothing beyond dataset and component (no filter, no entity restriction). */
	componentOnly: boolean;
}

const canonicalCache = new WeakMap<Db, Map<string, Map<string, string>>>();

/**
 * Country and entity filters match case-insensitively. The stored spelling is looked up once per
 * column (a few hundred distinct values) so that the query can use the binary-collated indexes.
 */
export function canonicalValue(db: Db, column: 'primary_country' | 'entity', value: string): string {
	let perDb = canonicalCache.get(db);
	if (!perDb) canonicalCache.set(db, (perDb = new Map()));
	let values = perDb.get(column);
	if (!values) {
		values = new Map();
		const rows = db.prepare(`SELECT DISTINCT ${column} AS v FROM records WHERE ${column} IS NOT NULL`).pluck().all() as string[];
		for (const v of rows) values.set(v.toLowerCase(), v);
		perDb.set(column, values);
	}
	return values.get(value.trim().toLowerCase()) ?? value.trim();
}

/** Forget cached values after the records change (regeneration). */
export function forgetCanonicalValues(db: Db): void {
	canonicalCache.delete(db);
}

export function scopeClause(db: Db, key: ApiKey, dataset: Dataset, component: Component, filters: RecordFilters, alias = 'r'): RecordScope {
	const sql = [`${alias}.dataset = ?`, `${alias}.component = ?`];
	const params: (string | number)[] = [dataset, component];
	if (key.entities) {
		sql.push(`${alias}.entity IN (${key.entities.map(() => '?').join(', ')})`);
		params.push(...key.entities);
	}
	if (filters.country !== undefined) {
		sql.push(`${alias}.primary_country = ?`);
		params.push(canonicalValue(db, 'primary_country', filters.country));
	}
	if (filters.entity !== undefined) {
		sql.push(`${alias}.entity = ?`);
		params.push(canonicalValue(db, 'entity', filters.entity));
	}
	if (filters.date_from) {
		sql.push(`${alias}.primary_date >= ?`);
		params.push(filters.date_from);
	}
	if (filters.date_to) {
		sql.push(`${alias}.primary_date <= ?`);
		params.push(filters.date_to);
	}
	return { sql: sql.join(' AND '), params, componentOnly: sql.length === 2 };
}
