// The keyword index of structured search, per engine. The search text is read once by the same
// grammar (search-text.ts); what it becomes differs:
//   SQLite      an FTS5 expression over fts_<dataset>_<component>, ranked by BM25 (title 8,
//               summary 3, report and transcript 1);
//   PostgreSQL  a tsquery over the tsvectors of fts_<dataset>_<component> (GIN), ranked by
//               ts_rank with the same weights on the labels A–D (title, summary, report,
//               transcript). ts_rank counts how often and how close the words occur, weighted by
//               where; unlike BM25 it knows nothing of how rare a word is in the whole index, so a
//               query mixing a rare and a common word ranks differently (docs/api.md).
import { SUMMARY_COLUMNS, type SummaryRow } from './shape';
import type { Component, Dataset } from '../../../types/dataset';
import type { Sql } from '../../db/sql';
import type { Sort } from '../schemas';
import type { RecordScope } from './scope';
import { ftsExpression, parseSearch, type SearchTerm } from './search-text';

// Title matters most, then the summary; report and transcript are long and count least.
const BM25_WEIGHTS = '8.0, 3.0, 1.0, 1.0';
/** The same weights for ts_rank, whose array runs D, C, B, A (transcript, report, summary, title), scaled to title = 1. */
const TS_WEIGHTS = "'{0.125, 0.125, 0.375, 1.0}'";
/** English stemming without stop words (PostgreSQL migration 1). */
export const TS_CONFIG = "'icd_english'";

export const ORDER: Record<Exclude<Sort, 'relevance'>, string> = {
	date_desc: 'r.primary_date DESC, r.primary_id DESC',
	date_asc: 'r.primary_date ASC, r.primary_id ASC',
	id_asc: 'r.primary_id ASC',
	id_desc: 'r.primary_id DESC'
};

export interface KeywordIndex {
	count(scope: RecordScope): Promise<number>;
	page(scope: RecordScope, sort: Sort, limit: number, offset: number): Promise<SummaryRow[]>;
}

const tsTerm = (t: SearchTerm) => {
	const words = t.words.map((w) => `'${w}'`);
	if (t.prefix) words[words.length - 1] += ':*';
	return words.length === 1 ? words[0] : `(${words.join(' <-> ')})`;
};

/**
 * The tsquery text for the search grammar: every included term (a phrase as words in sequence, a
 * prefix as :*), none of the excluded. Words are letters, digits and marks only, each quoted: no
 * input is tsquery syntax. Null when there is nothing to look for.
 */
export function tsqueryText(search: string): string | null {
	const { include, exclude } = parseSearch(search);
	if (include.length === 0) return null;
	return [...include.map(tsTerm), ...exclude.map((t) => `!${tsTerm(t)}`)].join(' & ');
}

/** The keyword index of one component for a search text, or null when the text has nothing to look for. */
export function keywordIndex(
	sql: Sql,
	dataset: Dataset,
	component: Component,
	text: string,
	count: (text: string, params: (string | number)[]) => Promise<number>
): KeywordIndex | null {
	const fts = `fts_${dataset}_${component}`;
	if (sql.engine === 'postgres') {
		const query = tsqueryText(text);
		if (query === null) return null;
		const q = `to_tsquery(${TS_CONFIG}, ?)`;
		const score = `ts_rank(${TS_WEIGHTS}, f.doc, ${q})`;
		return {
			count: (scope) =>
				scope.componentOnly
					? count(`SELECT count(*) FROM ${fts} f WHERE f.doc @@ ${q}`, [query])
					: count(`SELECT count(*) FROM ${fts} f JOIN records r ON r.id = f.id WHERE f.doc @@ ${q} AND ${scope.sql}`, [query, ...scope.params]),
			page(scope, sort, limit, offset) {
				if (sort === 'relevance' && scope.componentOnly) {
					// Ranked and cut in the index; only the page is joined to the records.
					return sql.all<SummaryRow>(
						`SELECT ${SUMMARY_COLUMNS} FROM (SELECT f.id, ${score} AS score FROM ${fts} f WHERE f.doc @@ ${q} ORDER BY score DESC, f.id LIMIT ? OFFSET ?) f JOIN records r ON r.id = f.id ORDER BY f.score DESC, f.id`,
						[query, query, limit, offset]
					);
				}
				if (sort === 'relevance') {
					return sql.all<SummaryRow>(
						`SELECT ${SUMMARY_COLUMNS} FROM ${fts} f JOIN records r ON r.id = f.id WHERE f.doc @@ ${q} AND ${scope.sql} ORDER BY ${score} DESC, f.id LIMIT ? OFFSET ?`,
						[query, ...scope.params, query, limit, offset]
					);
				}
				return sql.all<SummaryRow>(
					`SELECT ${SUMMARY_COLUMNS} FROM ${fts} f JOIN records r ON r.id = f.id WHERE f.doc @@ ${q} AND ${scope.sql} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`,
					[query, ...scope.params, limit, offset]
				);
			}
		};
	}
	const match = ftsExpression(text);
	if (match === null) return null;
	return {
		// Each component has its own index, so with no other filter the matches are the answer.
		count: (scope) =>
			scope.componentOnly
				? count(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`, [match])
				: count(`SELECT count(*) FROM ${fts} JOIN records r ON r.id = ${fts}.rowid WHERE ${fts} MATCH ? AND ${scope.sql}`, [match, ...scope.params]),
		/**
		 * The matches are collected (and scored) in the FTS index first, as a materialized set, and
		 * only then joined to the records: left to itself SQLite walks the records and probes the
		 * index per row, which at a million records per component is 20–80 times slower. With no
		 * filter beyond the component, the page is cut inside the index before any join.
		 */
		page(scope, sort, limit, offset) {
			const score = `bm25(${fts}, ${BM25_WEIGHTS})`;
			if (sort === 'relevance') {
				// Ties in score are broken by the internal id in both plans, so pages never overlap or skip.
				const inner = scope.componentOnly
					? `SELECT rowid AS id, ${score} AS score FROM ${fts} WHERE ${fts} MATCH ? ORDER BY score, id LIMIT ? OFFSET ?`
					: `SELECT rowid AS id, ${score} AS score FROM ${fts} WHERE ${fts} MATCH ?`;
				const paged = scope.componentOnly ? '' : ' LIMIT ? OFFSET ?';
				const params = scope.componentOnly ? [match, limit, offset, ...scope.params] : [match, ...scope.params, limit, offset];
				return sql.all<SummaryRow>(
					`WITH f AS MATERIALIZED (${inner}) SELECT ${SUMMARY_COLUMNS} FROM f JOIN records r ON r.id = f.id WHERE ${scope.sql} ORDER BY f.score, f.id${paged}`,
					params
				);
			}
			return sql.all<SummaryRow>(
				`WITH f AS MATERIALIZED (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ?) SELECT ${SUMMARY_COLUMNS} FROM f JOIN records r ON r.id = f.id WHERE ${scope.sql} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`,
				[match, ...scope.params, limit, offset]
			);
		}
	};
}

/** Records (alias r) whose text holds every one of the words: the topic of a figure (genai/figures.ts). */
export function holdsWords(sql: Sql, dataset: Dataset, component: Component, words: string[]): { sql: string; params: string[] } {
	const fts = `fts_${dataset}_${component}`;
	const clean = words.map((w) => w.replace(/["']/g, ''));
	if (sql.engine === 'postgres')
		return { sql: `r.id IN (SELECT id FROM ${fts} WHERE doc @@ to_tsquery(${TS_CONFIG}, ?))`, params: [clean.map((w) => `'${w}'`).join(' & ')] };
	return { sql: `r.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, params: [clean.map((w) => `"${w}"`).join(' ')] };
}
