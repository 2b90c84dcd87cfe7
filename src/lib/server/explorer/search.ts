// The explorer's search: keywords (the service's structured search, per dataset × component) or
// meaning (natural language search, per dataset), merged into one ranked list for the map. Parts
// the key may not see are reported beside the results instead of failing the whole search.
import { json } from '@sveltejs/kit';
import { DATASET_LABEL } from '../../types/dataset';
import type { Interpretation, SearchHit, SearchResult } from '../../types/search';
import { parse, queryInput } from '../../explorer-api/parse';
import { searchQuery, type SearchRequest } from '../../explorer-api/schemas';
import { decodeInterpretation } from './adapters/interpretation';
import type { ServiceClient } from './client';
import { failure, NO_STORE, service, upstreamFailure } from './endpoints';
import { ServiceError } from './errors';

/** Hits on one page of the panel, over every part searched. */
const PAGE_HITS = 50;
/** Meaning search ranks at most this many records per dataset (the service's top_k maximum): the pages go that far. */
const MEANING_TOP_K = 200;

/** Round-robin over ranked lists: no part's relevance scale dominates another's. */
function interleave<T>(lists: T[][]): T[] {
	const out: T[] = [];
	for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
	return out;
}

/** One reading for the panel: the datasets read the same question, their organisation names differ. */
function mergeInterpretations(list: (Interpretation | undefined)[]): Interpretation | undefined {
	const [first, ...rest] = list.filter((i): i is Interpretation => !!i);
	if (!first) return undefined;
	const key = (p: Interpretation['parts'][number]) => `${p.group}|${p.label}|${p.status}`;
	const seen = new Set(first.parts.map(key));
	const parts = [...first.parts];
	for (const other of rest)
		for (const p of other.parts)
			if (!seen.has(key(p))) {
				seen.add(key(p));
				parts.push(p);
			}
	return { ...first, parts };
}

export async function runSearch(client: ServiceClient, r: SearchRequest, signal: AbortSignal): Promise<SearchResult> {
	const notes: string[] = [];
	const totals: SearchResult['totals'] = [];
	const filters = { country: r.country, entity: r.entity, date_from: r.dateFrom, date_to: r.dateTo };
	/** A part the key may not use is a note, not a failure; anything else fails the search. */
	const guarded = async <T>(label: string, call: () => Promise<T>): Promise<T | null> => {
		try {
			return await call();
		} catch (error) {
			if (error instanceof ServiceError && (error.status === 403 || error.status === 404)) {
				notes.push(`${label}: ${error.message}`);
				return null;
			}
			throw error;
		}
	};

	if (r.mode === 'keyword') {
		const parts = r.datasets.flatMap((dataset) => r.components.map((component) => ({ dataset, component })));
		const perPart = Math.ceil(PAGE_HITS / Math.max(1, parts.length));
		const pages = await Promise.all(
			parts.map(({ dataset, component }) =>
				guarded(`${DATASET_LABEL[dataset]} ${component}s`, () =>
					client.searchPage(dataset, component, { search: r.query, page: r.page, per_page: perPart, sort: 'relevance', ...filters }, { signal })
				)
			)
		);
		const more = pages.some((p) => p?.nextPage);
		const lists = pages.map((page, i) => {
			if (!page) return [];
			totals.push({ ...parts[i], total: page.itemsTotal ?? page.items.length });
			return page.items
				.filter((item) => item.uuid)
				.map((item): SearchHit => ({
					...parts[i],
					uuid: item.uuid!.toLowerCase(),
					primary_id: item.primary_id,
					title: item.title,
					primary_date: item.primary_date,
					primary_country: item.primary_country,
					second_geo_layer: item.second_geo_layer,
					entity: item.entity,
					summary: item.summary,
					lon: item.dominant_long,
					lat: item.dominant_lat
				}));
		});
		return { mode: r.mode, query: r.query, hits: interleave(lists), totals, notes, page: r.page, more };
	}

	const sourceComponent = r.components.length === 1 ? r.components[0] : undefined;
	const perDataset = Math.ceil(PAGE_HITS / Math.max(1, r.datasets.length));
	const ignore = r.ignore.length ? r.ignore.join(',') : undefined;
	const pages = await Promise.all(
		r.datasets.map((dataset) =>
			guarded(`${DATASET_LABEL[dataset]}`, () =>
				client.nlSearch(
					dataset,
					{ search: r.query, page: r.page, per_page: perDataset, top_k: MEANING_TOP_K, source_component: sourceComponent, ignore, ...filters },
					{ signal }
				)
			)
		)
	);
	const hits: SearchHit[] = [];
	pages.forEach((page, i) => {
		if (!page) return;
		const dataset = r.datasets[i];
		totals.push({ dataset, total: page.itemsTotal ?? page.items.length });
		for (const item of page.items) {
			const component = item.source_component === 'image' ? 'image' : 'video';
			hits.push({
				dataset,
				component,
				uuid: item.uuid.toLowerCase(),
				primary_id: item.primary_id,
				primary_date: item.primary_date,
				primary_country: item.primary_country,
				entity: item.entity,
				summary: item.summary,
				section: item.section_type,
				score: item.score
			});
		}
	});
	hits.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
	const interpretation = mergeInterpretations(pages.map((p) => decodeInterpretation(p?.interpretation)));
	return { mode: r.mode, query: r.query, hits, totals, notes, interpretation, page: r.page, more: pages.some((p) => p?.nextPage) };
}

/** GET /api/search?mode=keyword|meaning&q=…&datasets=…&components=…&country=…&entity=…&from=…&to=…&page=…&ignore=… */
export async function searchEndpoint(url: URL, signal: AbortSignal): Promise<Response> {
	const parsed = parse(searchQuery, queryInput(url.searchParams));
	if (!parsed.ok) return failure(parsed.message, 400);
	try {
		return json(await runSearch(service(url).client, parsed.value, signal), { headers: NO_STORE });
	} catch (error) {
		return upstreamFailure(error, signal);
	}
}
