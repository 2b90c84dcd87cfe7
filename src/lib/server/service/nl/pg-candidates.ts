// Lexical candidate lists on PostgreSQL: the chunk tables nl_<dataset>_<component> hold one
// tsvector a chunk (its words, English stemming, and its record's facet tokens, facets.ts) under a
// GIN index. A list is one statement per component:
//   - each word is matched on its own and scored idf(word) × ts_rank(chunk, word); a chunk's score
//     is the sum over the words it holds: BM25's two ingredients (how rare the word is in the
//     corpus, from the term model, and how often and where it occurs in the chunk), combined as a
//     sum instead of BM25's saturation curve;
//   - with filters, GIN intersects each word's postings with the facet tokens, and the records
//     table (joined on the chunk's record id) applies the exact filters: one query, no per-posting
//     lookups in node;
//   - a word in many chunks (more than FULL_SCORING_POSTINGS by the term model) contributes only
//     its newest matches (POSTINGS_PER_WORD, fewer with filters), as SQLite's bounded lists do, so
//     that a common word costs the same at any size. Without filters they are stored (pg-newest.ts)
//     and read as one row; with filters they are read in rowid order within the facets.
import type { Sql } from '../../db/sql';
import type { Component, Dataset } from '../../../types/dataset';
import { TS_CONFIG } from '../records/keyword';
import { sqlTieOrder, tieOrder } from './chunks';
import type { Hit, Scope, TermStats } from './candidates';
import { components, type NlFilters } from './filters';

export const FULL_SCORING_POSTINGS = 5_000;
export const POSTINGS_PER_WORD = 2_000;
const FILTERED_POSTINGS_PER_WORD = 500;

/** A word as one tsquery operand. */
export const quoted = (word: string) => `'${word.replace(/'/g, '')}'`;

/**
 * One word's matches in one component, scored; bounded to the newest when the word is common.
 * Parameters, in order: weight, word (rank), then the match's (word; the scope's parameters when
 * filtered; the facets). A stored list's: weight and its key (dataset, component, word), then for
 * the fallback weight, word, the key again, and word.
 */
function wordMatches(table: string, scope: Scope, common: boolean, filtered: boolean): string {
	const rank = `?::float8 * ts_rank(c.body, to_tsquery(${TS_CONFIG}, ?))`;
	const match = scope.facets ? `c.body @@ (to_tsquery(${TS_CONFIG}, ?) && to_tsquery('simple', ?))` : `c.body @@ to_tsquery(${TS_CONFIG}, ?)`;
	if (common && !filtered) {
		// The stored newest matches with their ranks (pg-newest.ts): no chunk is read. Should the
		// list be missing (an index built before the lists), the matches are read as before, never none.
		const key = 's.dataset = ? AND s.component = ? AND s.term = ?';
		const stored = `SELECT n.rowid, ?::float8 * n.rank AS score FROM nl_newest s, unnest(s.rowids, s.ranks) AS n(rowid, rank) WHERE ${key}`;
		const read = `SELECT c.rowid, ${rank} AS score FROM ${table} c WHERE NOT EXISTS (SELECT 1 FROM nl_newest s WHERE ${key}) AND ${match} ORDER BY c.rowid DESC LIMIT ${POSTINGS_PER_WORD}`;
		return `(${stored}) UNION ALL (${read})`;
	}
	const join = filtered ? ` JOIN records r ON r.id = c.rowid / 8 AND ${scope.clause!.sql}` : '';
	const bound = common ? ` ORDER BY c.rowid DESC LIMIT ${FILTERED_POSTINGS_PER_WORD}` : '';
	return `(SELECT c.rowid, ${rank} AS score FROM ${table} c${join} WHERE ${match}${bound})`;
}

export async function pgBm25List(
	sql: Sql,
	dataset: Dataset,
	words: string[],
	filters: NlFilters,
	scope: Scope,
	limit: number,
	stats?: TermStats
): Promise<Hit[]> {
	if (words.length === 0) return [];
	const scored: (Hit & { score: number })[] = [];
	const filtered = scope.clause !== null;
	for (const component of components(filters) as Component[]) {
		const table = `nl_${dataset}_${component}`;
		const parts: string[] = [];
		const params: (string | number)[] = [];
		for (const w of words) {
			const word = quoted(w);
			const common = stats ? stats.docFrequency(w) > FULL_SCORING_POSTINGS : false;
			const weight = stats ? stats.weight(w) : 1;
			parts.push(wordMatches(table, scope, common, filtered));
			if (common && !filtered) {
				params.push(weight, dataset, component, w, weight, word, dataset, component, w, word);
				continue;
			}
			params.push(weight, word);
			if (filtered) params.push(...scope.clause!.params);
			params.push(word);
			if (scope.facets) params.push(scope.facets);
		}
		const rows = await sql.all<{ rowid: number; score: number }>(
			`SELECT rowid, sum(score) AS score FROM (${parts.join(' UNION ALL ')}) m GROUP BY rowid ORDER BY score DESC, ${sqlTieOrder('rowid')} LIMIT ?`,
			[...params, limit]
		);
		for (const r of rows) scored.push({ rowid: r.rowid, component, score: r.score });
	}
	scored.sort((a, b) => b.score - a.score || tieOrder(a.rowid) - tieOrder(b.rowid));
	return scored.slice(0, limit).map(({ rowid, component }) => ({ rowid, component }));
}
