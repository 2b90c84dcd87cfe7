// The records a figure counts: those the key may see within the turn's filters and, when the
// question left topic words, whose text holds all of them (records/keyword.ts); and their tally.
import type { Sql } from '../../db/sql';
import { holdsWords } from '../records/keyword';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { components, recordClause, type NlFilters } from '../nl/filters';

export interface Scope {
	sql: Sql;
	key: ApiKey;
	dataset: Dataset;
	terms: string[];
}

/** `SELECT … FROM records r WHERE …` for one component, within the filters and the topic words. */
export async function from(s: Scope, component: Component, filters: NlFilters): Promise<{ sql: string; params: (string | number)[] }> {
	const clause = await recordClause(s.sql, s.key, filters);
	const where = ['r.dataset = ?', 'r.component = ?'];
	const params: (string | number)[] = [s.dataset, component];
	if (clause) {
		where.push(clause.sql);
		params.push(...clause.params);
	}
	if (s.terms.length) {
		const words = holdsWords(s.sql, s.dataset, component, s.terms);
		where.push(words.sql);
		params.push(...words.params);
	}
	return { sql: `FROM records r WHERE ${where.join(' AND ')}`, params };
}

export interface Tally {
	total: number;
	byComponent: Partial<Record<Component, number>>;
	first: string | null;
	last: string | null;
}

export async function tally(s: Scope, filters: NlFilters): Promise<Tally> {
	const out: Tally = { total: 0, byComponent: {}, first: null, last: null };
	for (const c of components(filters)) {
		const q = await from(s, c, filters);
		const row = (await s.sql.get<{ n: number; first: string | null; last: string | null }>(
			`SELECT count(*) AS n, min(r.primary_date) AS first, max(r.primary_date) AS last ${q.sql}`,
			q.params
		))!;
		out.total += row.n;
		out.byComponent[c] = row.n;
		if (row.first && (!out.first || row.first < out.first)) out.first = row.first;
		if (row.last && (!out.last || row.last > out.last)) out.last = row.last;
	}
	return out;
}
