// Structured search (searchIcdVideos and its three siblings).
import type { Component, Dataset, RecordRow } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ReadDeps } from '../deps';
import { invalid } from '../problems';
import { DEFAULT_PER_PAGE, type SearchQuery, type SearchResponse, type Sort } from '../schemas';
import { cachedCount } from './count-cache';
import { scopeClause, type RecordScope } from './scope';
import { toSummary } from './shape';
import { pageMeta } from '../paging';
import { ftsExpression, parseSearch } from './search-text';

// Title matters most, then the summary; report and transcript are long and count least.
const BM25_WEIGHTS = '8.0, 3.0, 1.0, 1.0';

const ORDER: Record<Exclude<Sort, 'relevance'>, string> = {
	date_desc: 'r.primary_date DESC, r.primary_id DESC',
	date_asc: 'r.primary_date ASC, r.primary_id ASC',
	id_asc: 'r.primary_id ASC',
	id_desc: 'r.primary_id DESC'
};

function countTotal(deps: ReadDeps, fts: string, match: string | null, scope: RecordScope): number {
	if (!match) return cachedCount(deps.db, `SELECT count(*) FROM records r WHERE ${scope.sql}`, scope.params);
	// Each component has its own index, so with no other filter the matches are the answer.
	if (scope.componentOnly) return cachedCount(deps.db, `SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`, [match]);
	return cachedCount(deps.db, `SELECT count(*) FROM ${fts} JOIN records r ON r.id = ${fts}.rowid WHERE ${fts} MATCH ? AND ${scope.sql}`, [match, ...scope.params]);
}

/**
 * One page of a keyword search. The matches are collected (and scored) in the FTS index first, as
 * a materialized set, and only then joined to the records: left to itself SQLite walks the records
 * and probes the index per row, which at a million records per component is 20–80 times slower.
 * With no filter beyond the component, the page is cut inside the index before any join.
 */
function keywordPage(deps: ReadDeps, fts: string, match: string, scope: RecordScope, sort: Sort, limit: number, offset: number): RecordRow[] {
	const score = `bm25(${fts}, ${BM25_WEIGHTS})`;
	if (sort === 'relevance') {
		// Ties in score are broken by the internal id in both plans, so pages never overlap or skip.
		const inner = scope.componentOnly
			? `SELECT rowid AS id, ${score} AS score FROM ${fts} WHERE ${fts} MATCH ? ORDER BY score, id LIMIT ? OFFSET ?`
			: `SELECT rowid AS id, ${score} AS score FROM ${fts} WHERE ${fts} MATCH ?`;
		const page = scope.componentOnly ? '' : ' LIMIT ? OFFSET ?';
		const sql = `WITH f AS MATERIALIZED (${inner}) SELECT r.* FROM f JOIN records r ON r.id = f.id WHERE ${scope.sql} ORDER BY f.score, f.id${page}`;
		const params = scope.componentOnly ? [match, limit, offset, ...scope.params] : [match, ...scope.params, limit, offset];
		return deps.db.prepare(sql).all(...params) as RecordRow[];
	}
	const sql = `WITH f AS MATERIALIZED (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ?) SELECT r.* FROM f JOIN records r ON r.id = f.id WHERE ${scope.sql} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`;
	return deps.db.prepare(sql).all(match, ...scope.params, limit, offset) as RecordRow[];
}

export function searchRecords(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: SearchQuery): SearchResponse {
	requireAccess(key, dataset, 'search');
	const page = q.page ?? 1;
	const perPage = q.per_page ?? DEFAULT_PER_PAGE;
	const offset = (page - 1) * perPage;

	const text = q.search?.trim() ? q.search : undefined;
	const match = text === undefined ? null : ftsExpression(text);
	if (text !== undefined && match === null) {
		const excludesOnly = parseSearch(text).exclude.length > 0;
		throw invalid('search', excludesOnly ? 'needs a word to look for; -word only excludes' : 'must contain at least one letter or digit');
	}

	const scope = scopeClause(deps.db, key, dataset, component, q);
	const fts = `fts_${dataset}_${component}`;
	const sort: Sort = q.sort ?? (match ? 'relevance' : 'date_desc');
	// Without search terms every record is equally relevant: relevance falls back to newest first.
	const order = ORDER[sort === 'relevance' ? 'date_desc' : sort];

	const itemsTotal = countTotal(deps, fts, match, scope);
	const rows = (match ? keywordPage(deps, fts, match, scope, sort, perPage, offset) : deps.db
		.prepare(`SELECT r.* FROM records r WHERE ${scope.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
		.all(...scope.params, perPage, offset)) as RecordRow[];

	return { ...pageMeta(page, perPage, itemsTotal, rows.length), items: rows.map(toSummary) };
}
