// The requests the page builds for the explorer's endpoints, in the terms their schemas read
// (schemas.ts). No zod here: this module is part of the page's scripts.
import type { Dataset } from '../types/dataset';
import type { UnderstoodGroup } from '../types/search';

/** A search as the page asks it (map/assist/SearchPanel.svelte). */
export interface SearchInput {
	mode: 'keyword' | 'meaning';
	query: string;
	datasets: Dataset[];
	components: string[];
	country?: string;
	entity?: string;
	from?: string;
	to?: string;
	/** 1-based page of results (more past the first 50). */
	page?: number;
	/** Parts of the question the analyst removed. */
	ignore?: UnderstoodGroup[];
}

/** /api/search's query for a search (schemas.ts: searchQuery reads it back). */
export function searchParams(input: SearchInput): URLSearchParams {
	const q = new URLSearchParams({ mode: input.mode, q: input.query, datasets: input.datasets.join(','), components: input.components.join(',') });
	for (const k of ['country', 'entity', 'from', 'to'] as const) if (input[k]) q.set(k, input[k]!);
	if (input.page && input.page > 1) q.set('page', String(input.page));
	if (input.ignore?.length) q.set('ignore', input.ignore.join(','));
	return q;
}
