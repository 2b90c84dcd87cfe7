// Structured search (searchIcdVideos and its three siblings).
import type { Component, Dataset, RecordRow } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ServiceDeps } from '../deps';
import { invalid } from '../problems';
import { DEFAULT_PER_PAGE, type SearchQuery, type SearchResponse, type Sort } from '../schemas';
import { cachedCount } from './count-cache';
import { scopeClause } from './scope';
import { toSummary } from './shape';

// Title matters most, then the summary; report and transcript are long and count least.
const BM25_WEIGHTS = '8.0, 3.0, 1.0, 1.0';

const ORDER: Record<Exclude<Sort, 'relevance'>, string> = {
	date_desc: 'r.primary_date DESC, r.primary_id DESC',
	date_asc: 'r.primary_date ASC, r.primary_id ASC',
	id_asc: 'r.primary_id ASC',
	id_desc: 'r.primary_id DESC'
};

/** Plain words to an FTS5 expression that requires every word; each word is quoted so no syntax leaks through. */
export function ftsExpression(search: string): string | null {
	const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
	if (!words) return null;
	return words.map((w) => `"${w}"`).join(' ');
}

export function searchRecords(deps: ServiceDeps, key: ApiKey, dataset: Dataset, component: Component, q: SearchQuery): SearchResponse {
	requireAccess(key, dataset, 'search');
	const page = q.page ?? 1;
	const perPage = q.per_page ?? DEFAULT_PER_PAGE;
	const offset = (page - 1) * perPage;

	const text = q.search?.trim() ? q.search : undefined;
	const match = text === undefined ? null : ftsExpression(text);
	if (text !== undefined && match === null) throw invalid('search', 'must contain at least one letter or digit');

	const scope = scopeClause(deps.db, key, dataset, component, q);
	const fts = `fts_${dataset}_${component}`;
	const sort: Sort = q.sort ?? (match ? 'relevance' : 'date_desc');
	// Without search terms every record is equally relevant: relevance falls back to newest first.
	const order = sort === 'relevance' ? (match ? `bm25(${fts}, ${BM25_WEIGHTS}), ${ORDER.date_desc}` : ORDER.date_desc) : ORDER[sort];

	let from = 'records r';
	let where = scope.sql;
	let params = scope.params;
	if (match) {
		from = `${fts} JOIN records r ON r.id = ${fts}.rowid`;
		where = `${fts} MATCH ? AND ${scope.sql}`;
		params = [match, ...scope.params];
	}

	const itemsTotal = cachedCount(deps.db, `SELECT count(*) FROM ${from} WHERE ${where}`, params);
	const rows = deps.db
		.prepare(`SELECT r.* FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
		.all(...params, perPage, offset) as RecordRow[];

	const pageTotal = Math.ceil(itemsTotal / perPage);
	return {
		itemsReceived: rows.length,
		curPage: page,
		nextPage: page < pageTotal ? page + 1 : null,
		prevPage: page > 1 ? Math.min(page - 1, Math.max(pageTotal, 1)) : null,
		offset,
		perPage,
		itemsTotal,
		pageTotal,
		items: rows.map(toSummary)
	};
}
