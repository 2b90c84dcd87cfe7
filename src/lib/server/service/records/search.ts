// Structured search (searchIcdVideos and its three siblings). The keyword index (records/keyword.ts)
// is the one part that differs between SQLite and PostgreSQL.
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ReadDeps } from '../deps';
import { invalid } from '../problems';
import { DEFAULT_PER_PAGE, type SearchQuery, type SearchResponse, type Sort } from '../schemas';
import { cachedCount } from './count-cache';
import { keywordIndex, ORDER } from './keyword';
import { scopeClause } from './scope';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './shape';
import { pageMeta } from '../paging';
import { parseSearch } from './search-text';

export async function searchRecords(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: SearchQuery): Promise<SearchResponse> {
	requireAccess(key, dataset, 'search');
	const page = q.page ?? 1;
	const perPage = q.per_page ?? DEFAULT_PER_PAGE;
	const offset = (page - 1) * perPage;
	const text = q.search?.trim() ? q.search : undefined;
	const count = (sql: string, params: (string | number)[]) => cachedCount(deps.sql, sql, params);
	const index = text === undefined ? null : keywordIndex(deps.sql, dataset, component, text, count);
	if (text !== undefined && index === null) {
		const excludesOnly = parseSearch(text).exclude.length > 0;
		throw invalid('search', excludesOnly ? 'needs a word to look for; -word only excludes' : 'must contain at least one letter or digit');
	}
	const scope = await scopeClause(deps.sql, key, dataset, component, q);
	const sort: Sort = q.sort ?? (index ? 'relevance' : 'date_desc');
	// Without search terms every record is equally relevant: relevance falls back to newest first.
	const order = ORDER[sort === 'relevance' ? 'date_desc' : sort];
	const itemsTotal = index ? await index.count(scope) : await count(`SELECT count(*) FROM records r WHERE ${scope.sql}`, scope.params);
	const rows = index
		? await index.page(scope, sort, perPage, offset)
		: await deps.sql.all<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM records r WHERE ${scope.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [
				...scope.params,
				perPage,
				offset
			]);
	return { ...pageMeta(page, perPage, itemsTotal, rows.length), items: rows.map(toSummary) };
}
