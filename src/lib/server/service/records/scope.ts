// The WHERE clause every record query shares: component, the key's entity restriction and the
// caller's filters. Keeping it in one place is what guarantees that items, totals, lookups,
// media and manifests all see exactly what the key may see.
import type { Sql } from '../../db/sql';
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

const canonicalCache = new WeakMap<Sql, Map<string, Promise<Map<string, string>>>>();

async function distinctValues(sql: Sql, column: 'primary_country' | 'entity'): Promise<Map<string, string>> {
	const values = new Map<string, string>();
	for (const v of await sql.column<string>(`SELECT DISTINCT ${column} AS v FROM records WHERE ${column} IS NOT NULL`)) values.set(v.toLowerCase(), v);
	return values;
}

/**
 * Country and entity filters match case-insensitively. The stored spelling is looked up once per
 * column (a few hundred distinct values) so that the query can use the binary-collated indexes.
 */
export async function canonicalValue(sql: Sql, column: 'primary_country' | 'entity', value: string): Promise<string> {
	let perSql = canonicalCache.get(sql);
	if (!perSql) canonicalCache.set(sql, (perSql = new Map()));
	let values = perSql.get(column);
	if (!values) {
		values = distinctValues(sql, column);
		perSql.set(column, values);
		values.catch(() => perSql.delete(column));
	}
	return (await values).get(value.trim().toLowerCase()) ?? value.trim();
}

/** Forget cached values after the records change (regeneration). */
export function forgetCanonicalValues(sql: Sql): void {
	canonicalCache.delete(sql);
}

export async function scopeClause(sql: Sql, key: ApiKey, dataset: Dataset, component: Component, filters: RecordFilters, alias = 'r'): Promise<RecordScope> {
	const where = [`${alias}.dataset = ?`, `${alias}.component = ?`];
	const params: (string | number)[] = [dataset, component];
	if (key.entities) {
		where.push(`${alias}.entity IN (${key.entities.map(() => '?').join(', ')})`);
		params.push(...key.entities);
	}
	if (filters.country !== undefined) {
		where.push(`${alias}.primary_country = ?`);
		params.push(await canonicalValue(sql, 'primary_country', filters.country));
	}
	if (filters.entity !== undefined) {
		where.push(`${alias}.entity = ?`);
		params.push(await canonicalValue(sql, 'entity', filters.entity));
	}
	if (filters.date_from) {
		where.push(`${alias}.primary_date >= ?`);
		params.push(filters.date_from);
	}
	if (filters.date_to) {
		where.push(`${alias}.primary_date <= ?`);
		params.push(filters.date_to);
	}
	return { sql: where.join(' AND '), params, componentOnly: where.length === 2 };
}
