// Natural language search (searchIcdNl, searchIcdbNl): the question is read for the places,
// organisations, periods and components it names (which become filters), the rest is ranked by
// meaning, and one page of the top_k goes back with how the question was understood. Plain
// function for REST and MCP alike.
import { DATASET_LABEL, type Dataset, type RecordRow } from '../../../types/dataset';
import { pageMeta } from '../paging';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ReadDeps } from '../deps';
import { retrieve, type RankedRecord } from './retrieve';
import { chunkId } from './chunks';
import { understand } from '../question/interpret';
import { NL_DEFAULT_PER_PAGE, NL_DEFAULT_TOP_K, type NlSearchItem, type NlSearchQuery, type NlSearchResponse } from './schemas';

type ItemRow = Pick<RecordRow, 'uuid' | 'primary_id' | 'primary_date' | 'entity' | 'sub_entity' | 'primary_country' | 'summary'> & { id: number };

export function toItem(dataset: Dataset, ranked: RankedRecord, row: ItemRow): NlSearchItem {
	const item: Record<string, unknown> = {
		uuid: row.uuid,
		primary_id: row.primary_id,
		primary_date: row.primary_date,
		entity: row.entity,
		primary_country: row.primary_country,
		source_component: ranked.component,
		source_database: DATASET_LABEL[dataset],
		sub_entity: row.sub_entity,
		score: Math.round(ranked.score * 1e6) / 1e6,
		match_chunk_id: chunkId(row.uuid, ranked.section),
		section_type: ranked.section,
		summary: row.summary
	};
	for (const k of Object.keys(item)) if (item[k] === null || item[k] === undefined) delete item[k];
	return item as NlSearchItem;
}

export async function nlSearch(deps: ReadDeps, key: ApiKey, dataset: Dataset, q: NlSearchQuery): Promise<NlSearchResponse> {
	requireAccess(key, dataset, 'nl_search');
	const topK = q.top_k ?? NL_DEFAULT_TOP_K;
	const page = q.page ?? 1;
	const perPage = q.per_page ?? NL_DEFAULT_PER_PAGE;
	const offset = (page - 1) * perPage;
	const understood = await understand(deps.sql, dataset, q.search, q, q.ignore ?? [], new Date(deps.now()));
	const ranked = await retrieve(deps.sql, deps.settings, key, dataset, understood.reading.rest, understood.filters, { topK });
	const slice = ranked.slice(offset, offset + perPage);
	const rows = new Map<number, ItemRow>();
	if (slice.length) {
		const ids = slice.map((r) => r.recordId);
		const found = await deps.sql.all<ItemRow>(
			`SELECT id, uuid, primary_id, primary_date, entity, sub_entity, primary_country, summary FROM records WHERE id IN (${ids.map(() => '?').join(',')})`,
			ids
		);
		for (const r of found) rows.set(r.id, r);
	}
	return {
		status: 'ok',
		...pageMeta(page, perPage, ranked.length, slice.length),
		retrieval_question: q.search,
		source_component_filter: q.source_component ?? 'all',
		top_k: topK,
		items: slice.map((r) => toItem(dataset, r, rows.get(r.recordId)!)),
		interpretation: understood.interpretation
	};
}
