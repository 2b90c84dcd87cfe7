// The explorer's search: keywords (the service's structured search, per dataset × component) or
// meaning (natural language search, per dataset), merged into one ranked list for the map. Parts
// the key may not see are reported beside the results instead of failing the whole search.
import { json } from '@sveltejs/kit';
import { COMPONENTS, DATASET_LABEL, DATASETS, type Component, type Dataset } from '../../types/dataset';
import type { SearchHit, SearchResult } from '../../types/search';
import type { ServiceClient } from './client';
import { failure, NO_STORE, service, upstreamFailure } from './endpoints';
import { ServiceError } from './errors';
import { parseStreamQuery } from './params';

const MAX_HITS = 50;
const MAX_QUERY = 1000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export interface SearchRequest {
	mode: 'keyword' | 'meaning';
	query: string;
	datasets: Dataset[];
	components: Component[];
	country?: string;
	entity?: string;
	dateFrom?: string;
	dateTo?: string;
}

export function parseSearch(q: URLSearchParams): { ok: true; value: SearchRequest } | { ok: false; message: string } {
	const mode = q.get('mode') ?? 'keyword';
	if (mode !== 'keyword' && mode !== 'meaning') return { ok: false, message: `Unknown search mode "${mode}"; expected keyword or meaning.` };
	const query = (q.get('q') ?? '').trim();
	if (!query) return { ok: false, message: 'Type something to search for.' };
	if (query.length > MAX_QUERY) return { ok: false, message: `The search is too long (at most ${MAX_QUERY} characters).` };
	const parts = parseStreamQuery(new URLSearchParams([...q].filter(([k]) => k === 'datasets' || k === 'components')));
	if (!parts.ok) return parts;
	const datasets = DATASETS.filter((d) => parts.value.some((p) => p.startsWith(`${d}/`)));
	const components = COMPONENTS.filter((c) => parts.value.some((p) => p.endsWith(`/${c}`)));
	for (const k of ['from', 'to'] as const) {
		const v = q.get(k);
		if (v && !ISO.test(v)) return { ok: false, message: `"${v}" is not a date (YYYY-MM-DD).` };
	}
	const optional = (k: string) => q.get(k)?.trim() || undefined;
	return { ok: true, value: { mode, query, datasets, components, country: optional('country'), entity: optional('entity'), dateFrom: optional('from'), dateTo: optional('to') } };
}

/** Round-robin over ranked lists: no part's relevance scale dominates another's. */
function interleave<T>(lists: T[][], max: number): T[] {
	const out: T[] = [];
	for (let i = 0; out.length < max && lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length && out.length < max) out.push(l[i]);
	return out;
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
		const pages = await Promise.all(
			parts.map(({ dataset, component }) =>
				guarded(`${DATASET_LABEL[dataset]} ${component}s`, () => client.searchPage(dataset, component, { search: r.query, per_page: 25, sort: 'relevance', ...filters }, { signal }))
			)
		);
		const lists = pages.map((page, i) => {
			if (!page) return [];
			totals.push({ ...parts[i], total: page.itemsTotal ?? page.items.length });
			return page.items.filter((item) => item.uuid).map((item): SearchHit => ({
				...parts[i],
				uuid: item.uuid!.toLowerCase(),
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
		return { mode: r.mode, query: r.query, hits: interleave(lists, MAX_HITS), totals, notes };
	}

	const sourceComponent = r.components.length === 1 ? r.components[0] : undefined;
	const pages = await Promise.all(
		r.datasets.map((dataset) =>
			guarded(`${DATASET_LABEL[dataset]}`, () => client.nlSearch(dataset, { search: r.query, per_page: MAX_HITS, top_k: MAX_HITS, source_component: sourceComponent, ...filters }, { signal }))
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
	return { mode: r.mode, query: r.query, hits: hits.slice(0, MAX_HITS), totals, notes };
}

/** GET /api/search?mode=keyword|meaning&q=…&datasets=…&components=…&country=…&entity=…&from=…&to=… */
export async function searchEndpoint(url: URL, signal: AbortSignal): Promise<Response> {
	const parsed = parseSearch(url.searchParams);
	if (!parsed.ok) return failure(parsed.message, 400);
	try {
		return json(await runSearch(service(url).client, parsed.value, signal), { headers: NO_STORE });
	} catch (error) {
		return upstreamFailure(error, signal);
	}
}
