// Lexical candidate lists: BM25 over the chunk indexes of the asked components, within the
// key's entity restriction and the caller's filters. Without any filter the ranking and the
// cut happen inside FTS5; with filters the matches are collected first and then joined to the
// records (see records/search.ts for why that order).
import type { Db } from '../../db/open';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { Clause } from '../records/scope';
import { questionClause } from '../understand/clause';
import type { QuestionFilters } from '../understand/interpret';
import { sqlTieOrder, tieOrder } from './chunks';
import { topIndices } from './top';

/** The filters of a retrieval: those read from a question, or a single country (GenAI's focus). */
export type NlFilters = QuestionFilters & { country?: string };

export interface Hit {
	rowid: number;
	component: Component;
}

/** Conditions on records beyond the component, or null when there are none. */
export const recordClause = (db: Db, key: ApiKey, f: NlFilters): Clause | null => questionClause(db, key, f);

export const components = (f: NlFilters): Component[] => (f.source_component ? [f.source_component] : ['video', 'image']);

const matchExpression = (words: string[]) => words.map((w) => `"${w.replace(/"/g, '')}"`).join(' OR ');

/**
 * Beyond this many postings (summed over the words), FTS5 would score every match to find the
 * best few: at a million records per component that is seconds. Unfiltered queries then take the
 * newest POSTINGS_PER_WORD matches of each word, read in index order (no scoring), and rank those
 * by the sum of the matched words' idf. Below it (every query of the default dataset) and with
 * filters, ranking is FTS5's BM25 over all matches.
 */
const FULL_SCORING_POSTINGS = 15_000;
/** With filters every scored match is also a record lookup. */
const FILTERED_FULL_SCORING_POSTINGS = 4_000;
const POSTINGS_PER_WORD = 2_000;
/** With filters each kept posting costs a record lookup, so fewer are taken. */
const FILTERED_POSTINGS_PER_WORD = 500;

export interface TermStats {
	docFrequency(term: string): number;
	weight(term: string): number;
}

function boundedList(db: Db, dataset: Dataset, words: string[], filters: NlFilters, clause: Clause | null, stats: TermStats, limit: number): Hit[] {
	// Tens of thousands of postings per question: kept in flat arrays (one slot per chunk), not an
	// object per posting, and only the best `limit` are ordered (nl/top.ts), not all of them.
	const slot = new Map<number, number>();
	const rowids: number[] = [];
	const scores: number[] = [];
	const owners: Component[] = [];
	for (const component of components(filters)) {
		const t = `nl_${dataset}_${component}`;
		// Newest first is rowid order in both the index and the records table (records are written
		// chronologically), so with filters the record lookups walk the table nearly sequentially.
		const read = clause
			? db.prepare(`SELECT f.rowid FROM ${t} f JOIN records r ON r.id = f.rowid / 8 WHERE ${t} MATCH ? AND ${clause.sql} ORDER BY f.rowid DESC LIMIT ?`).pluck()
			: db.prepare(`SELECT rowid FROM ${t} WHERE ${t} MATCH ? ORDER BY rowid DESC LIMIT ?`).pluck();
		for (const w of words) {
			const idf = stats.weight(w);
			const rows = (clause ? read.all(matchExpression([w]), ...clause.params, FILTERED_POSTINGS_PER_WORD) : read.all(matchExpression([w]), POSTINGS_PER_WORD)) as number[];
			for (const rowid of rows) {
				const i = slot.get(rowid);
				if (i !== undefined) scores[i] += idf;
				else {
					slot.set(rowid, rowids.length);
					rowids.push(rowid);
					scores.push(idf);
					owners.push(component);
				}
			}
		}
	}
	const tie = rowids.map(tieOrder);
	const better = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && tie[a] < tie[b]);
	return topIndices(rowids.length, limit, better).map((i) => ({ rowid: rowids[i], component: owners[i] }));
}

/** The best chunks for any of the words, best first, merged across components by BM25 score. */
export function bm25List(db: Db, dataset: Dataset, words: string[], filters: NlFilters, clause: Clause | null, limit: number, stats?: TermStats): Hit[] {
	if (words.length === 0) return [];
	if (stats && words.reduce((sum, w) => sum + stats.docFrequency(w), 0) > (clause ? FILTERED_FULL_SCORING_POSTINGS : FULL_SCORING_POSTINGS)) {
		return boundedList(db, dataset, words, filters, clause, stats, limit);
	}
	const match = matchExpression(words);
	const scored: (Hit & { score: number })[] = [];
	for (const component of components(filters)) {
		const t = `nl_${dataset}_${component}`;
		const rows = (clause
			? db
					.prepare(`WITH f AS MATERIALIZED (SELECT rowid AS id, rank AS s FROM ${t} WHERE ${t} MATCH ?) SELECT f.id, f.s FROM f JOIN records r ON r.id = f.id / 8 WHERE ${clause.sql} ORDER BY f.s, ${sqlTieOrder('f.id')} LIMIT ?`)
					.all(match, ...clause.params, limit)
			: db.prepare(`SELECT rowid AS id, rank AS s FROM ${t} WHERE ${t} MATCH ? ORDER BY rank, ${sqlTieOrder('rowid')} LIMIT ?`).all(match, limit)) as { id: number; s: number }[];
		for (const r of rows) scored.push({ rowid: r.id, component, score: r.s });
	}
	// FTS5's rank is bm25 negated: lower is better.
	scored.sort((a, b) => a.score - b.score || tieOrder(a.rowid) - tieOrder(b.rowid));
	return scored.slice(0, limit).map(({ rowid, component }) => ({ rowid, component }));
}
