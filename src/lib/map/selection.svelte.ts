// The record open in the side panel (ringed on the map, in the URL) and the list of a cluster's
// records at the cluster zoom: what the right-hand panel shows besides Search and Ask.
import type { Dataset } from '../types/dataset';
import type { PartId } from '../types/stream';
import { isIdRef } from '../stream/decode';
import { locate } from './assist/locate';
import type { RecordFeed } from './feed.svelte';
import { passesDays, type MapFilter } from './filter';
import { fetchRecord, recordPath, rememberRecord, type RecordKey } from './load/records';
import type { RecordRef } from './worker/protocol';

export interface ClusterList {
	total: number;
	records: (RecordKey & { title?: string; date?: string })[];
}

export interface SelectionHooks {
	redraw(): void;
	syncUrl(): void;
}

export class Selection {
	record = $state<RecordKey | null>(null);
	clusterList = $state<ClusterList | null>(null);
	/** Where the open record is drawn (its ring), once known. */
	point: { lon: number; lat: number; dataset: Dataset } | null = null;

	constructor(
		initial: RecordKey | null,
		private readonly feed: RecordFeed,
		private readonly hooks: SelectionHooks
	) {
		this.record = initial;
		if (initial) this.nameById(initial);
	}

	select(key: RecordKey, lon?: number, lat?: number): void {
		this.record = key;
		this.clusterList = null;
		this.point = lon !== undefined && lat !== undefined ? { lon, lat, dataset: key.dataset } : null;
		if (!this.point) this.markFromDetail(key);
		this.nameById(key);
		this.hooks.redraw();
		this.hooks.syncUrl();
	}

	/**
	 * A record opened by uuid (a link shared before the lean record stream, a result or source
	 * without a primary_id) is named by its primary_id once its detail says it, as the map, the
	 * table and the URL name records. Not waiting for the map: the URL changes as soon as it can.
	 */
	private nameById(key: RecordKey): void {
		if (isIdRef(key.ref)) return;
		fetchRecord(key).then(
			(d) => {
				const open = this.record;
				if (!open || recordPath(open) !== recordPath(key) || d.primary_id === undefined || !isIdRef(String(d.primary_id))) return;
				this.record = { ...key, ref: String(d.primary_id) };
				rememberRecord(this.record, d);
				this.hooks.syncUrl();
			},
			() => {}
		);
	}

	/** A record opened from a list or a shared URL: ring it on the map once its coordinates are known. */
	markFromDetail(key: RecordKey): void {
		fetchRecord(key).then(
			(d) => {
				const open = this.record;
				// The same record, though it may have been renamed by its primary_id meanwhile.
				if (!open || open.dataset !== key.dataset || open.component !== key.component || (open.ref !== key.ref && String(d.primary_id) !== open.ref)) return;
				if (d.dominant_long === undefined || d.dominant_lat === undefined) return;
				this.point = { lon: d.dominant_long, lat: d.dominant_lat, dataset: key.dataset };
				this.hooks.redraw();
			},
			() => {}
		);
	}

	close(): void {
		this.record = null;
		this.point = null;
		this.hooks.redraw();
		this.hooks.syncUrl();
	}

	/**
	 * After a filter change: the open record closes when the filter no longer selects it (a panel
	 * about a record the map, the table and the counts leave out would say something they do not).
	 * A record the page does not hold yet (a shared URL while records stream in) stays open.
	 */
	closeIfFiltered(filter: MapFilter, partsShown: ReadonlySet<PartId>): void {
		const key = this.record;
		if (!key) return;
		const part = `${key.dataset}/${key.component}` as PartId;
		const columns = this.feed.parts.get(part);
		const at = columns && locate([columns], [{ part, ref: key.ref }]).get(`${part}/${key.ref}`);
		if (!columns || !at) return;
		// The record's own flag, not columns.passesNames (which would settle the whole part's flags now).
		const i = at.index;
		const named = this.feed.namePass(part)(columns.country[i], columns.entity[i], i);
		const inAreas = !columns.inAreas || columns.inAreas(at.lon, at.lat);
		if (!partsShown.has(part) || !named || !inAreas || !passesDays(columns.day(i), filter)) this.close();
	}

	/** A cluster's records at the cluster zoom, titled as they are fetched (the first 60). */
	showList(refs: RecordRef[], total: number): void {
		const records = refs.map((r) => this.feed.keyOf(this.feed.parts.get(r.part)!, r.index));
		const list: ClusterList = { total, records };
		this.clusterList = list;
		this.record = null;
		records.slice(0, 60).forEach((k, i) =>
			fetchRecord(k).then((d) => {
				const shown = this.clusterList;
				if (shown && shown.records[i]?.ref === k.ref) shown.records[i] = { ...k, title: d.title, date: d.primary_date };
			})
		);
	}
}
