// Structured search page. Only `items` is needed to show results; the paging numbers are optional
// because a deployment might omit some (the spec types them but requires none).
import { z } from 'zod';
import { recordFields } from './record';
import { decodeWith, nullableInt, optionalInt } from './shape';

const recordSummary = z.looseObject(recordFields);

const searchPage = z.looseObject({
	items: z.array(recordSummary),
	itemsReceived: optionalInt,
	curPage: optionalInt,
	nextPage: nullableInt,
	prevPage: nullableInt,
	offset: optionalInt,
	perPage: optionalInt,
	itemsTotal: optionalInt,
	pageTotal: optionalInt
});

export type RecordSummary = z.output<typeof recordSummary>;
export type SearchPage = z.output<typeof searchPage>;

export interface SearchParams {
	search?: string;
	country?: string;
	entity?: string;
	page?: number;
	per_page?: number;
	sort?: string;
	date_from?: string;
	date_to?: string;
}

export function searchQuery(params: SearchParams): Record<string, string> {
	const query: Record<string, string> = {};
	for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query[name] = String(value);
	return query;
}

export function decodeSearchPage(body: unknown): SearchPage {
	return decodeWith(searchPage, body);
}
