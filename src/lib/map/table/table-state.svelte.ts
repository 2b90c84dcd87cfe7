// The records table's state: open or not, its sort, "only those in view", and the order the worker
// sent (worker/table-order.ts). It lists what the map shows: the filter, the dates drawn (a window
// held by a step too) and, if asked, the view.
import type { Map as MaplibreMap } from 'maplibre-gl';
import { CLUSTER_MAX_ZOOM } from '../config';
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import { recordPath, type RecordKey } from '../load/records';
import type { PlaybackState } from '../timeline/playback-state.svelte';
import { DEFAULT_SORT, type TableSort } from '../worker/table-order';
import { rowReader, type TableRow } from './rows';

export interface TableHooks {
	map(): MaplibreMap | undefined;
	select(key: RecordKey, lon: number, lat: number): void;
}

export class TableState {
	open = $state(false);
	sort = $state<TableSort>(DEFAULT_SORT);
	inView = $state(false);
	/** Refs in table order; null until the worker has answered (or while closed). */
	order = $state.raw<Uint32Array | null>(null);
	busy = $state(false);
	/** False while only the first rows of the order have come (the rest follows under the same request). */
	complete = $state(true);
	/** A new list (not the rest of the one shown): the table goes back to its top. */
	list = $state(0);
	private listSeq = -1;
	/** How long the worker took to order the rows last time (the benchmark). */
	lastRowsMs = 0;
	readonly row: (ref: number) => TableRow;

	constructor(
		private readonly feed: RecordFeed,
		private readonly filters: FilterState,
		private readonly playback: PlaybackState,
		private readonly hooks: TableHooks
	) {
		this.row = rowReader(feed.parts, feed.dictionaries);
	}

	/** Asks the worker for the rows: the filter, the dates shown (a held playback window too), the view if asked. */
	request(): void {
		const worker = this.feed.worker;
		if (!this.open || !worker) return;
		this.busy = true;
		const b = this.hooks.map()?.getBounds();
		const view: [number, number, number, number] | null = this.inView && b ? [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] : null;
		worker.requestRows({ filter: this.filters.filter, dayRange: this.playback.drawnDates().range, sort: { ...this.sort }, view });
	}

	received(r: { seq: number; order: Uint32Array; complete: boolean; ms: number }): void {
		if (r.seq !== this.listSeq) {
			this.listSeq = r.seq;
			this.list++;
		}
		this.order = r.order;
		this.complete = r.complete;
		this.busy = !r.complete;
		this.lastRowsMs = r.ms;
	}

	/** The index was rebuilt: while records stream in the table grows with it (a filter change asked already). */
	indexed(visible: number): void {
		if (!this.feed.progress.done || (this.complete && visible !== (this.order?.length ?? -1))) this.request();
	}

	toggle(): void {
		this.open = !this.open;
		if (this.open) this.request();
		else this.order = null;
	}

	setSort(sort: TableSort): void {
		this.sort = sort;
		this.request();
	}

	setInView(inView: boolean): void {
		this.inView = inView;
		this.request();
	}

	/** A row opens its record and brings the map to it. */
	openRow(ref: number): void {
		const r = this.row(ref);
		this.hooks.select(r.key, r.lon, r.lat);
		const map = this.hooks.map();
		map?.easeTo({ center: [r.lon, r.lat], zoom: Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 2), duration: 600 });
	}

	/** The rows as `dataset/component/ref` (ref: the primary_id), in order, once the whole list has come (tests compare them with the service's own). */
	refs(): string[] | null {
		const order = this.order;
		return order && this.complete ? Array.from(order, (ref) => recordPath(this.row(ref).key)) : null;
	}
}
