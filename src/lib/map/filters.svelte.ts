// The map's filters as page state: one MapFilter (filter.ts) that every layer, count, facet, the
// table, the URL and the export read, and the undo stack behind it. Whoever changes the filter
// goes through set(), which says what changed so the page redoes only that work.
import { formatAreas } from '../geo/areas';
import type { PartId } from '../types/stream';
import { EMPTY_FILTER, type MapFilter } from './filter';
import { dayToIso } from './timeline/days';

export interface FilterChange {
	/** Countries, entities or the pinned records: one flag per record is rewritten. */
	names: boolean;
	/** Drawn areas: tested again, drawn again. */
	areas: boolean;
	dates: boolean;
}

/** Filters before each change, newest last: shortcuts and playback never change them without a way back. */
const MAX_UNDO = 50;

export class FilterState {
	filter = $state<MapFilter>(EMPTY_FILTER);
	undoStack = $state.raw<MapFilter[]>([]);

	/** The parts (dataset/component) the filter shows. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- derived anew from the filter, never changed in place
	readonly partsShown = $derived(new Set(this.filter.datasets.flatMap((d) => this.filter.components.map((c) => `${d}/${c}` as PartId))));

	/** How many records "only these" limits the map to; null when it is not limited. */
	readonly pinnedCount = $derived(this.filter.pinned ? Object.values(this.filter.pinned).reduce((n, l) => n + (l?.length ?? 0), 0) : null);

	constructor(
		initial: MapFilter,
		private readonly onchange: (change: FilterChange) => void
	) {
		this.filter = initial;
	}

	set(next: MapFilter, options: { undoing?: boolean } = {}): void {
		const filter = this.filter;
		const change: FilterChange = {
			names: next.countries.join('|') !== filter.countries.join('|') || next.entities.join('|') !== filter.entities.join('|') || next.pinned !== filter.pinned,
			areas: formatAreas(next.areas) !== formatAreas(filter.areas),
			dates: next.dayFrom !== filter.dayFrom || next.dayTo !== filter.dayTo
		};
		if (!options.undoing) this.pushUndo(filter, next);
		this.filter = next;
		this.onchange(change);
	}

	/** Back to the filter before the last change. */
	undo(): void {
		const previous = this.undoStack[this.undoStack.length - 1];
		if (!previous) return;
		this.undoStack = this.undoStack.slice(0, -1);
		this.set(previous, { undoing: true });
	}

	/** The date filter as an inclusive day range (open ends far outside any record's date). */
	days(): [number, number] {
		return [this.filter.dayFrom ?? -3e9, this.filter.dayTo ?? 3e9];
	}

	private pushUndo(before: MapFilter, after: MapFilter): void {
		if (JSON.stringify(before) === JSON.stringify(after)) return;
		this.undoStack = [...this.undoStack.slice(-(MAX_UNDO - 1)), $state.snapshot(before) as MapFilter];
	}
}

/** The filter in /api/export's terms (src/lib/server/explorer/export.ts). */
export function exportQuery(filter: MapFilter): string {
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a query string built and returned, not state
	const q = new URLSearchParams({ datasets: filter.datasets.join(','), components: filter.components.join(',') });
	if (filter.countries.length) q.set('countries', filter.countries.join('|'));
	if (filter.entities.length) q.set('entities', filter.entities.join('|'));
	if (filter.dayFrom !== null) q.set('from', dayToIso(filter.dayFrom));
	if (filter.dayTo !== null) q.set('to', dayToIso(filter.dayTo));
	if (filter.areas.length) q.set('areas', formatAreas(filter.areas));
	return q.toString();
}
