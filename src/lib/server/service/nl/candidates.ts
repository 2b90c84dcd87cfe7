// Lexical candidate lists on SQLite: BM25 over the chunk indexes of the asked components, within
// the key's entity restriction and the caller's filters. The ranking and the cut happen inside
// FTS5. (PostgreSQL: nl/pg-candidates.ts.)
// With filters, the index matches them itself through the chunks' facet tokens (facets.ts), and
// each match is then checked against the records that pass (passing-records.ts: a bit test, not a
// records-table lookup), which also settles what the facets cannot say (a town's radius).
import type { Db } from '../../db/open';
import type { Sql } from '../../db/sql';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { Clause } from '../records/scope';
import { sqlTieOrder, tieOrder } from './chunks';
import { topIndices } from './top';
import { facetExpression, facetTsquery } from './facets';
import { components, recordClause, type NlFilters } from './filters';
import { passingRecords, remembered, type RecordSet } from './passing-records';
import { readNewest, storedNewest, wordPhrase } from './newest';

export interface Hit {
	rowid: number;
	component: Component;
}

const matchExpression = (words: string[]) => words.map(wordPhrase).join(' OR ');

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
		const r = db
			.prepare('SELECT min(id) AS lo, max(id) AS hi FROM records WHERE dataset = ? AND component = ? AND primary_date >= ? AND primary_date <= ?')
			.get(dataset, component, from, to) as {
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

/** One word's matches in one component, newest (highest rowid) first, and the word's idf. */
interface WordList {
	rowids: ArrayLike<number>;
	idf: number;
}

/**
 * Writes every rowid of the lists once from `from`, newest first, with the sum of the idf of the
 * lists that hold it, and returns where the next goes. The lists are each newest first, so this is
 * a merge of a few sorted runs: no map keyed by rowid for the tens of thousands of postings of a
 * question. The sums add the lists' idf in the lists' order, so a score is the same number however
 * the postings are read.
 */
function sumByRowid(lists: WordList[], rowids: Float64Array, scores: Float64Array, from: number): number {
	// The runs side by side in one typed array: the loop below reads nothing but typed arrays.
	const total = lists.reduce((n, l) => n + l.rowids.length, 0);
	const all = new Float64Array(total);
	const at = new Int32Array(lists.length);
	const end = new Int32Array(lists.length);
	const idf = new Float64Array(lists.length);
	let offset = 0;
	lists.forEach((l, i) => {
		for (let j = 0; j < l.rowids.length; j++) all[offset + j] = l.rowids[j];
		at[i] = offset;
		offset += l.rowids.length;
		end[i] = offset;
		idf[i] = l.idf;
	});
	const k = lists.length;
	let out = from;
	for (;;) {
		let newest = -1;
		for (let l = 0; l < k; l++) if (at[l] < end[l] && all[at[l]] > newest) newest = all[at[l]];
		if (newest < 0) return out;
		let score = 0;
		for (let l = 0; l < k; l++) {
			if (at[l] < end[l] && all[at[l]] === newest) {
				score += idf[l];
				at[l]++;
			}
		}
		rowids[out] = newest;
		scores[out] = score;
		out++;
	}
}

/** Each word's newest matches in one component: the stored list when the word has one (newest.ts), else FTS5's. */
function unfilteredLists(db: Db, dataset: Dataset, component: Component, words: string[], stats: TermStats): WordList[] {
	const read = readNewest(db, dataset, component);
	const stored = storedNewest(db);
	return words.map((w) => ({ rowids: stored(dataset, component, w) ?? read(w), idf: stats.weight(w) }));
}

/** Each word's newest matches in one component whose records pass the filters. */
function filteredLists(f: FilteredRead, db: Db, words: string[], stats: TermStats): WordList[] {
	const read = db.prepare(`SELECT rowid FROM ${f.table} WHERE ${f.table} MATCH ?${f.range.sql} ORDER BY rowid DESC`).pluck();
	return words.map((w) => {
		const kept: number[] = [];
		for (const rowid of read.iterate(f.match([w]), ...f.range.params) as IterableIterator<number>) {
			if (!f.passing.has(Math.floor(rowid / 8))) continue;
			kept.push(rowid);
			if (kept.length >= FILTERED_POSTINGS_PER_WORD) break;
		}
		return { rowids: kept, idf: stats.weight(w) };
	});
}

/** The newest matches of each word, ranked by the sum of the matched words' idf. */
function boundedList(db: Db, dataset: Dataset, words: string[], filters: NlFilters, scope: Scope, stats: TermStats, limit: number): Hit[] {
	const perComponent: { component: Component; lists: WordList[] }[] = [];
	for (const component of components(filters)) {
		if (!scope.clause) perComponent.push({ component, lists: unfilteredLists(db, dataset, component, words, stats) });
		else {
			const f = filteredRead(db, dataset, component, filters, scope as Scope & { clause: Clause });
			if (f.passing.size > 0) perComponent.push({ component, lists: filteredLists(f, db, words, stats) });
		}
	}
	// Tens of thousands of postings per question: kept in typed arrays sized for all of them (one
	// slot per chunk), not an object per posting, and only the best `limit` are ordered
	// (nl/top.ts), not all of them.
	const postings = perComponent.reduce((n, c) => c.lists.reduce((m, l) => m + l.rowids.length, n), 0);
	const rowids = new Float64Array(postings);
	const scores = new Float64Array(postings);
	const ends: number[] = [];
	let n = 0;
	for (const c of perComponent) ends.push((n = sumByRowid(c.lists, rowids, scores, n)));
	const better = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && tieOrder(rowids[a]) < tieOrder(rowids[b]));
	const ownerOf = (i: number) => perComponent[ends.findIndex((end) => i < end)].component;
	return topIndices(n, limit, better).map((i) => ({ rowid: rowids[i], component: ownerOf(i) }));
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
			const rows = db
				.prepare(`SELECT rowid AS id, rank AS s FROM ${t} WHERE ${t} MATCH ? ORDER BY rank, ${sqlTieOrder('rowid')} LIMIT ?`)
				.all(matchExpression(words), limit) as { id: number; s: number }[];
			for (const r of rows) scored.push({ rowid: r.id, component, score: r.s });
			continue;
		}
		const f = filteredRead(db, dataset, component, filters, scope as Scope & { clause: Clause });
		if (f.passing.size === 0) continue;
		if (stats && postings > FILTERED_FULL_SCORING_POSTINGS) return boundedList(db, dataset, words, filters, scope, stats, limit);
		// Every match within the facets scored by FTS5, kept when its record passes.
		const all = db.prepare(`SELECT rowid AS id, rank AS s FROM ${f.table} WHERE ${f.table} MATCH ?${f.range.sql}`).all(f.match(words), ...f.range.params) as {
			id: number;
			s: number;
		}[];
		for (const r of all) if (f.passing.has(Math.floor(r.id / 8))) scored.push({ rowid: r.id, component, score: r.s });
	}
	// FTS5's rank is bm25 negated: lower is better.
	scored.sort((a, b) => a.score - b.score || tieOrder(a.rowid) - tieOrder(b.rowid));
	return scored.slice(0, limit).map(({ rowid, component }) => ({ rowid, component }));
}
