// Hybrid retrieval: four ranked lists of chunks fused by reciprocal rank fusion (Cormack et al.
// 2009), then folded to records.
//   exact    BM25 over the question's own words                       weight 1
//   synonyms BM25 over their WordNet first-sense synonyms            weight 0.5 (below exact)
//   latent   BM25 over the corpus terms nearest the query vector     weight 0.5
//   dense    every candidate above, ordered by cosine similarity    weight 1
//            between the query's and the chunk's embeddings
// BM25 alone is the `exact` list (mode 'bm25'), which the evaluation compares against.
import type { Sql } from '../../db/sql';
import type { SqliteSql } from '../../db/sqlite-sql';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { Settings } from '../../env';
import { bm25List, scopeOf, type Hit, type Scope, type TermStats } from './candidates';
import { components, type NlFilters } from './filters';
import { pgBm25List } from './pg-candidates';
import type { Clause } from '../records/scope';
import { CHUNK_COLUMNS, chunkRowid, chunkText, recordIdOf, sectionOf, tieOrder, type ChunkSource, type SectionType } from './chunks';
import { embedderFor, type Embedder } from './embedder';
import { planQuery } from './query-plan';

const RRF_K = 60;
const WEIGHTS = { exact: 1, synonyms: 0.5, latent: 0.5, dense: 1 } as const;
/** Later chunks of the same record add a little: a record that matches in several sections is a better match. */
const EXTRA_CHUNK_SHARE = 0.1;

export type RetrievalMode = 'hybrid' | 'bm25';

export interface RankedRecord {
	recordId: number;
	component: Component;
	rowid: number;
	section: SectionType;
	/** 0..1: the fused score over the best a record could get (first in every list). */
	score: number;
	/** The record's text columns, for callers that quote the matching chunk. */
	source?: ChunkSource;
}

export interface RetrieveOptions {
	topK: number;
	mode?: RetrievalMode;
	embedder?: Embedder;
}

function candidateDepth(topK: number): number {
	return Math.min(400, Math.max(100, 2 * topK));
}

async function readSources(sql: Sql, ids: number[]): Promise<Map<number, ChunkSource>> {
	const out = new Map<number, ChunkSource>();
	for (let i = 0; i < ids.length; i += 500) {
		const part = ids.slice(i, i + 500);
		const rows = await sql.all<ChunkSource>(`SELECT ${CHUNK_COLUMNS} FROM records WHERE id IN (${part.map(() => '?').join(',')})`, part);
		for (const r of rows) out.set(r.id, r);
	}
	return out;
}

/** One lexical list, from the engine's own full-text index. */
async function lexicalList(sql: Sql, dataset: Dataset, words: string[], filters: NlFilters, scope: Scope, limit: number, stats?: TermStats): Promise<Hit[]> {
	if (sql.engine === 'postgres') return pgBm25List(sql, dataset, words, filters, scope, limit, stats);
	return bm25List((sql as SqliteSql).db, dataset, words, filters, scope, limit, stats);
}

export async function retrieve(
	sql: Sql,
	settings: Settings,
	key: ApiKey,
	dataset: Dataset,
	question: string,
	filters: NlFilters,
	options: RetrieveOptions
): Promise<RankedRecord[]> {
	const mode = options.mode ?? 'hybrid';
	const plan = await planQuery(sql, dataset, question);
	const scope = await scopeOf(sql, key, filters);
	const clause = scope.clause;
	const depth = candidateDepth(options.topK);
	// The baseline is classic BM25 over every word of the question; the hybrid's exact list leaves
	// out the words in most chunks, which cost long posting lists and rank nothing.
	const exact = mode === 'bm25' ? plan.words : plan.exact;
	const lists: { weight: number; hits: Hit[] }[] = [
		{ weight: WEIGHTS.exact, hits: await lexicalList(sql, dataset, exact, filters, scope, depth, mode === 'hybrid' ? plan.model : undefined) }
	];
	if (mode === 'hybrid') {
		lists.push({ weight: WEIGHTS.synonyms, hits: await lexicalList(sql, dataset, plan.synonyms, filters, scope, depth, plan.model) });
		lists.push({ weight: WEIGHTS.latent, hits: await lexicalList(sql, dataset, plan.latent, filters, scope, depth, plan.model) });
	}
	const pool = new Map<number, Hit>();
	for (const l of lists) for (const h of l.hits) pool.set(h.rowid, h);
	// Nothing to rank by ("videos from Sudan in 2023" is all filters, "videos" only a component):
	// the newest records that match.
	if (plan.words.length === 0) return newestMatching(sql, dataset, filters, clause, options.topK, OLDEST_FIRST.test(question) ? 'oldest' : 'newest');
	if (pool.size === 0) return [];
	const sources = await readSources(sql, [...new Set([...pool.keys()].map(recordIdOf))]);

	if (mode === 'hybrid') {
		const embedder = options.embedder ?? embedderFor(settings, plan.model);
		const hits = [...pool.values()];
		const scores = await embedder.similarities(
			plan.expandedText,
			hits.map((h) => chunkText(sources.get(recordIdOf(h.rowid))!, sectionOf(h.rowid)))
		);
		const similarity = new Map(hits.map((h, i) => [h.rowid, scores[i]]));
		lists.push({
			weight: WEIGHTS.dense,
			hits: [...hits].sort((a, b) => similarity.get(b.rowid)! - similarity.get(a.rowid)! || tieOrder(a.rowid) - tieOrder(b.rowid))
		});
	}
	return fuse(lists, sources, options.topK);
}

/** "the oldest videos from Mali": with nothing else to rank by, the first records rather than the last. */
const OLDEST_FIRST = /\b(oldest|earliest)\b/i;

/** The newest (or oldest) records within the filters, scored 0: nothing in the question ranks them. */
export async function newestMatching(
	sql: Sql,
	dataset: Dataset,
	filters: NlFilters,
	clause: Clause | null,
	topK: number,
	order: 'newest' | 'oldest' = 'newest'
): Promise<RankedRecord[]> {
	const dir = order === 'newest' ? 'DESC' : 'ASC';
	// One query per component, merged: with `component IN (…)` SQLite cannot read an index in
	// date order and sorted every matching record (2.5 s for a country at a million records).
	const perComponent = await Promise.all(
		components(filters).map((component) =>
			sql.all<{ id: number; component: Component; date: string; pid: number }>(
				`SELECT r.id, r.component, r.primary_date AS date, r.primary_id AS pid FROM records r WHERE r.dataset = ? AND r.component = ?${clause ? ` AND ${clause.sql}` : ''} ORDER BY r.primary_date ${dir}, r.primary_id ${dir} LIMIT ?`,
				[dataset, component, ...(clause?.params ?? []), topK]
			)
		)
	);
	const rows = perComponent
		.flat()
		.sort((a, b) => (order === 'newest' ? 1 : -1) * (a.date < b.date ? 1 : a.date > b.date ? -1 : Number(b.pid) - Number(a.pid)))
		.slice(0, topK);
	return rows.map((r) => ({ recordId: r.id, component: r.component, rowid: chunkRowid(r.id, 'summary'), section: 'summary', score: 0 }));
}

function fuse(lists: { weight: number; hits: Hit[] }[], sources: Map<number, ChunkSource>, topK: number): RankedRecord[] {
	const chunkScore = new Map<number, number>();
	for (const { weight, hits } of lists) {
		hits.forEach((h, rank) => chunkScore.set(h.rowid, (chunkScore.get(h.rowid) ?? 0) + weight / (RRF_K + rank + 1)));
	}
	const component = new Map<number, Component>();
	for (const l of lists) for (const h of l.hits) component.set(h.rowid, h.component);

	const byRecord = new Map<number, { best: number; rowid: number; rest: number }>();
	for (const [rowid, s] of chunkScore) {
		const id = recordIdOf(rowid);
		const r = byRecord.get(id);
		if (!r) byRecord.set(id, { best: s, rowid, rest: 0 });
		else if (s > r.best || (s === r.best && rowid < r.rowid)) byRecord.set(id, { best: s, rowid, rest: r.rest + r.best });
		else r.rest += s;
	}
	const maxWeight = lists.reduce((sum, l) => sum + l.weight, 0) / (RRF_K + 1);
	const ranked = [...byRecord].map(([recordId, r]) => ({
		recordId,
		component: component.get(r.rowid)!,
		rowid: r.rowid,
		section: sectionOf(r.rowid),
		score: Math.min(1, (r.best + EXTRA_CHUNK_SHARE * r.rest) / (maxWeight * (1 + EXTRA_CHUNK_SHARE))),
		source: sources.get(recordId)
	}));
	ranked.sort((a, b) => b.score - a.score || tieOrder(a.recordId) - tieOrder(b.recordId));
	return ranked.slice(0, topK);
}
