// The explorer's filters, as they live in the URL and in both threads. Countries and entities are
// names (stable across sessions); each thread turns them into lookup tables over its dictionary codes.
import type { Component, Dataset } from '../types/dataset';
import type { PartId } from '../types/stream';
import type { Area } from '../geo/areas';

/** Records by part and index into that part's columns (the same in the page and the worker). */
export type PinnedRecords = Partial<Record<PartId, number[]>>;

export interface MapFilter {
	/** Inclusive day numbers (days since 1970-01-01); null = open. */
	dayFrom: number | null;
	dayTo: number | null;
	/** Empty = every country. */
	countries: string[];
	/** Empty = every entity. */
	entities: string[];
	datasets: Dataset[];
	components: Component[];
	/** "Only these records" (search results, a question's sources); null = no such limit. Not in the URL. */
	pinned: PinnedRecords | null;
	/** Drawn areas (geo/areas.ts): a record passes inside any of them; empty = anywhere. */
	areas: Area[];
}

export const EMPTY_FILTER: MapFilter = {
	dayFrom: null,
	dayTo: null,
	countries: [],
	entities: [],
	datasets: ['icd', 'icdb'],
	components: ['video', 'image'],
	pinned: null,
	areas: []
};

/**
 * A table indexed by dictionary code (offset by one so that -1, "no value", has a slot) that says
 * whether the code passes a name filter. null means the filter is open: every code passes.
 */
export function codeTable(dictionary: readonly string[], selected: readonly string[]): Uint8Array | null {
	if (selected.length === 0) return null;
	const wanted = new Set(selected);
	const table = new Uint8Array(dictionary.length + 1);
	for (let code = 0; code < dictionary.length; code++) table[code + 1] = wanted.has(dictionary[code]) ? 1 : 0;
	return table;
}

/** Whether a record passes the name filters (country, entity); dates are filtered separately. */
export function passesNames(countryCode: number, entityCode: number, countries: Uint8Array | null, entities: Uint8Array | null): boolean {
	return (countries === null || countries[countryCode + 1] === 1) && (entities === null || entities[entityCode + 1] === 1);
}

/** Per part, the set of pinned record indices; null when nothing is pinned. */
export function pinnedSets(pinned: PinnedRecords | null): Map<PartId, Set<number>> | null {
	if (!pinned) return null;
	return new Map(Object.entries(pinned).map(([part, indices]) => [part as PartId, new Set(indices)]));
}

export function passesDays(day: number, filter: Pick<MapFilter, 'dayFrom' | 'dayTo'>): boolean {
	return (filter.dayFrom === null || day >= filter.dayFrom) && (filter.dayTo === null || day <= filter.dayTo);
}
