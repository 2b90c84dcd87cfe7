// Lexical candidate lists on SQLite: BM25 over the chunk indexes of the asked components, within
// the key's entity restriction and the caller's filters. The ranking and the cut happen inside
// FTS5. (PostgreSQL: nl/candidates-pg.ts.)
// With filters, the index matches them itself through the chunks' facet tokens (facets.ts), and
// each match is then checked against the records that pass (passing-records.ts: a bit test, not a
// records-table lookup), which also settles what the facets cannot say (a town's radius).
import type { Db } from '../../db/open';
import type { Sql } from '../../db/sql';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { Clause } from '../records/scope';
import { questionClause } from '../understand/clause';
import type { QuestionFilters } from '../understand/interpret';
import { sqlTieOrder, tieOrder } from './chunks';
import { topIndices } from './top';
import { facetExpression, facetTsquery } from './facets';
import { passingRecords, remembered, type RecordSet } from './passing-records';

/** The filters of a retrieval: those read from a question, or a single country (GenAI's focus). */
export type NlFilters = QuestionFilters & { country?: string };

export interface Hit {
	rowid: number;
	component: Component;
}

/** Conditions on records beyond the component, or null when there are none. */
export const recordClause = (sql: Sql, key: ApiKey, f: NlFilters): Promise<Clause | null> => questionClause(sql, key, f);

export const components = (f: NlFilters): Component[] => (f.source_component ? [f.source_component] : ['video', 'image']);

const matchExpression = (words: string[]) => words.map((w) => `"${w.replace(/"/g, '')}"`).join(' OR ');

/** What bounds a filtered list: the key's restriction and the filters as SQL, and as facet tokens. */
export interface Scope {
	clause: Clause | null;
	/**
	 * An expression over the facet tokens that holds every record passing `clause` (and maybe more):
	 * FTS5 over the facets column on SQLite, a tsquery on PostgreSQL.
	 */
	facets: string | null;
}

export async function scopeOf(sql: Sql, key: ApiKey, f: NlFilters): Promise<Scope> {
	const clause = await recordClause(sql, key, f);
	return { clause, facets: clause ? (sql.engine === 'postgres' ? facetTsquery : facetExpression)(key, f) : null };
}

/**
 * Beyond this many postings (summed over the words), FTS5 would score every match to find the
 * best few: at a million records per component that is seconds. Such queries then take the
 * newest POSTINGS_PER_WORD matches of each word, read in index order (no scoring), and rank those
 * by the sum of the matched words' idf. Below it (every query of the default dataset) ranking is
 * FTS5's BM25 over all matches. With filters the bar is lower, by the postings of the whole
 * index rather than those within the filters: the evaluation ranks better that way (nDCG@10 on
 * literal queries 0.907 against 0.852 when filtered lists were scored whenever few matches fell
 * within the filters).
 */
const FULL_SCORING_POSTINGS = 15_000;
const FILTERED_FULL_SCORING_POSTINGS = 4_000;
const POSTINGS_PER_WORD = 2_000;
/** With filters: matches of each word kept when it is bounded. */
const FILTERED_POSTINGS_PER_WORD = 500;

/**
 * The chunk rowids a period allows in one component's index, or null without a period. Records
 * are written oldest first, so a period's records are one run of ids (a chunk's rowid is its
 * record's id × 8 + section). Used when the facets cannot say the period (it is open at one end).
 * Taken from the ids of the records in the period, so it is right whatever the order (a wider
 * range then, never a narrower one).
 */
function periodRowids(db: Db, dataset: Dataset, component: Component, filters: NlFilters): [number, number] | null {
	if (!filters.date_from && !filters.date_to) return null;
	const from = filters.date_from ?? '0000-01-01';
	const to = filters.date_to ?? '9999-12-31';
	return remembered(db, `period\u0000${dataset}\u0000${component}\u0000${from}\u0000${to}`, () => {
		const r = db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM records WHERE dataset = ? AND component = ? AND primary_date >= ? AND primary_date <= ?').get(dataset, component, from, to) as {
			lo: number | null;
			hi: number | null;
		};
		return r.lo === null || r.hi === null ? [1, 0] : [r.lo * 8, r.hi * 8 + 7];
	});
}

export interface TermStats {
	docFrequency(term: string): number;
	weight(term: string): number;
}

const postingsOf = (words: string[], stats?: TermStats) => (stats ? words.reduce((sum, w) => sum + stats.docFrequency(w), 0) : 0);

/** How one component's index is read for a filtered list: the match expression, and the records that pass. */
interface FilteredRead {
	table: string;
	/** MATCH for the words, with the facets when there are. */
	match(words: string[]): string;
	/** A rowid range when the facets leave the period out. */
	range: { sql: string; params: number[] };
	passing: RecordSet;
}

function filteredRead(db: Db, dataset: Dataset, component: Component, filters: NlFilters, scope: Scope & { clause: Clause }): FilteredRead {
	const range = (scope.facets?.includes('zqm') || scope.facets?.includes('zqy') ? null : periodRowids(db, dataset, component, filters)) ?? null;
	return {
		table: `nl_${dataset}_${component}`,
		match: (words) => (scope.facets ? `(${matchExpression(words)}) AND ${scope.facets}` : matchExpression(words)),
		range: range ? { sql: ' AND rowid BETWEEN ? AND ?', params: range } : { sql: '', params: [] },
		passing: passingRecords(db, dataset, component, scope.clause)
	};
}

/** The newest matches of each word, ranked by the sum of the matched words' idf. */
function boundedList(db: Db, dataset: Dataset, words: string[], filters: NlFilters, scope: Scope, stats: TermStats, limit: number): Hit[] {
	// Tens of thousands of postings per question: kept in flat arrays (one slot per chunk), not an
	// object per posting, and only the best `limit` are ordered (nl/top.ts), not all of them.
	const slot = new Map<number, number>();
	const rowids: number[] = [];
	const scores: number[] = [];
	const owners: Component[] = [];
	const add = (rowid: number, idf: number, component: Component) => {
		const i = slot.get(rowid);
		if (i !== undefined) scores[i] += idf;
		else {
			slot.set(rowid, rowids.length);
			rowids.push(rowid);
			scores.push(idf);
			owners.push(component);
		}
	};
	for (const component of components(filters)) {
		if (!scope.clause) {
			const t = `nl_${dataset}_${component}`;
			const read = db.prepare(`SELECT rowid FROM ${t} WHERE ${t} MATCH ? ORDER BY rowid DESC LIMIT ?`).pluck();
			for (const w of words) for (const rowid of read.all(matchExpression([w]), POSTINGS_PER_WORD) as number[]) add(rowid, stats.weight(w), component);
			continue;
		}
		const f = filteredRead(db, dataset, component, filters, scope as Scope & { clause: Clause });
		if (f.passing.size === 0) continue;
		const read = db.prepare(`SELECT rowid FROM ${f.table} WHERE ${f.table} MATCH ?${f.range.sql} ORDER BY rowid DESC`).pluck();
		for (const w of words) {
			let kept = 0;
			for (const rowid of read.iterate(f.match([w]), ...f.range.params) as IterableIterator<number>) {
				if (!f.passing.has(Math.floor(rowid / 8))) continue;
				add(rowid, stats.weight(w), component);
				if (++kept >= FILTERED_POSTINGS_PER_WORD) break;
			}
		}
	}
	const tie = rowids.map(tieOrder);
	const better = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && tie[a] < tie[b]);
	return topIndices(rowids.length, limit, better).map((i) => ({ rowid: rowids[i], component: owners[i] }));
}

/** The best chunks for any of the words, best first, merged across components by BM25 score. */
export function bm25List(db: Db, dataset: Dataset, words: string[], filters: NlFilters, scope: Scope, limit: number, stats?: TermStats): Hit[] {
	if (words.length === 0) return [];
	const postings = postingsOf(words, stats);
	const scored: (Hit & { score: number })[] = [];
	for (const component of components(filters)) {
		if (!scope.clause) {
			if (stats && postings > FULL_SCORING_POSTINGS) return boundedList(db, dataset, words, filters, scope, stats, limit);
			const t = `nl_${dataset}_${component}`;
			const rows = db.prepare(`SELECT rowid AS id, rank AS s FROM ${t} WHERE ${t} MATCH ? ORDER BY rank, ${sqlTieOrder('rowid')} LIMIT ?`).all(matchExpression(words), limit) as { id: number; s: number }[];
			for (const r of rows) scored.push({ rowid: r.id, component, score: r.s });
			continue;
		}
		const f = filteredRead(db, dataset, component, filters, scope as Scope & { clause: Clause });
		if (f.passing.size === 0) continue;
		if (stats && postings > FILTERED_FULL_SCORING_POSTINGS) return boundedList(db, dataset, words, filters, scope, stats, limit);
		// Every match within the facets scored by FTS5, kept when its record passes.
		const all = db.prepare(`SELECT rowid AS id, rank AS s FROM ${f.table} WHERE ${f.table} MATCH ?${f.range.sql}`).all(f.match(words), ...f.range.params) as { id: number; s: number }[];
		for (const r of all) if (f.passing.has(Math.floor(r.id / 8))) scored.push({ rowid: r.id, component, score: r.s });
	}
	// FTS5's rank is bm25 negated: lower is better.
	scored.sort((a, b) => a.score - b.score || tieOrder(a.rowid) - tieOrder(b.rowid));
	return scored.slice(0, limit).map(({ rowid, component }) => ({ rowid, component }));
}
