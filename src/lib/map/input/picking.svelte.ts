// What the pointer finds on the map: a tooltip on hover (a cluster's split, a record's title and
// place, fetched lazily), and on click a cluster zoomed to where it splits (or listed, at the
// cluster zoom) or a record opened.
import type { PickingInfo } from '@deck.gl/core';
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Component, Dataset } from '../../types/dataset';
import type { PartId } from '../../types/stream';
import { CLUSTER_MAX_ZOOM, MAX_ZOOM } from '../config';
import type { RecordFeed } from '../feed.svelte';
import type { PointData } from '../layers/layer-inputs';
import { fetchRecord, type RecordDetail, type RecordKey } from '../load/records';
import type { RecordRef } from '../worker/protocol';
import type { TrackDot } from '../layers/layer-inputs';
import { weekStartDay } from '../../tracks/tracks';
import { dayToIso } from '../timeline/days';

export interface Hover {
	x: number;
	y: number;
	lines: string[];
	dataset?: Dataset;
	title?: string;
}

export interface PickingHooks {
	map(): MaplibreMap | undefined;
	/** While an area is being drawn, the map's clicks are the drawing's. */
	drawing(): boolean;
	select(key: RecordKey, lon: number, lat: number): void;
	showList(refs: RecordRef[], total: number): void;
	/** A week's place of an organisation's track clicked: its records listed. */
	trackPoint(dot: TrackDot): void;
}

export class Picking {
	hover = $state<Hover | null>(null);
	private hoverSeq = 0;

	constructor(
		private readonly feed: RecordFeed,
		private readonly hooks: PickingHooks
	) {}

	/** The record under a pick: a point of a part's layer, or a cluster of one record. */
	private refOf(info: PickingInfo): { key: RecordKey; lon: number; lat: number } | null {
		const { feed } = this;
		const id = info.layer?.id ?? '';
		if (id.startsWith('points-') && info.index >= 0) {
			const part = feed.parts.get(id.slice('points-'.length) as PartId);
			// The layer holds a slice of the part (layers.ts): its recordIndex maps back.
			const index = (info.layer!.props.data as PointData).recordIndex?.[info.index];
			if (!part || index === undefined) return null;
			return { key: feed.keyOf(part, index), lon: part.positions[index * 2], lat: part.positions[index * 2 + 1] };
		}
		if (id === 'clusters' && info.index >= 0) {
			const ref = feed.clusterRecords[info.index];
			const part = ref && feed.parts.get(ref.part);
			if (part && ref) return { key: feed.keyOf(part, ref.index), lon: part.positions[ref.index * 2], lat: part.positions[ref.index * 2 + 1] };
		}
		return null;
	}

	onHover = (info: PickingInfo): void => {
		const seq = ++this.hoverSeq;
		const { clusters, clusterRecords } = this.feed;
		if (this.hooks.drawing()) return void (this.hover = null);
		if (!info.layer || info.index < 0) {
			this.hover = null;
			return;
		}
		if (info.layer.id === 'track-points' && info.object) {
			const dot = info.object as TrackDot;
			this.hover = {
				x: info.x,
				y: info.y,
				lines: [dot.entity, `Week of ${dayToIso(weekStartDay(dot.week))}: ${dot.records.toLocaleString('en')} records here`, 'Click to list them']
			};
			return;
		}
		if ((info.layer.id === 'clusters' && clusters && clusters.clusterId[info.index] >= 0) || (info.layer.id === 'clusters' && !clusterRecords[info.index])) {
			const n = clusters!.count[info.index];
			const icd = Math.round(n * clusters!.icdShare[info.index]);
			this.hover = {
				x: info.x,
				y: info.y,
				lines: [`${n.toLocaleString('en')} records`, `ICD ${icd.toLocaleString('en')} · ICDB ${(n - icd).toLocaleString('en')}`, 'Click to zoom in']
			};
			return;
		}
		const ref = this.refOf(info);
		if (!ref) return;
		this.hover = { x: info.x, y: info.y, lines: ['Loading…'], dataset: ref.key.dataset };
		fetchRecord(ref.key).then(
			(d) => {
				if (seq === this.hoverSeq) this.hover = { x: info.x, y: info.y, dataset: ref.key.dataset, title: d.title, lines: tooltipLines(d, ref.key.component) };
			},
			() => {
				if (seq === this.hoverSeq) this.hover = { x: info.x, y: info.y, dataset: ref.key.dataset, lines: ['Details unavailable'] };
			}
		);
	};

	onClick = async (info: PickingInfo): Promise<void> => {
		const map = this.hooks.map();
		const { worker, clusters, clusterRecords } = this.feed;
		if (this.hooks.drawing() || !map || !worker) return;
		// A click leaves no tooltip behind (it would stay over a map that zooms away from it).
		this.hover = null;
		if (!info.layer || info.index < 0) return;
		if (info.layer.id === 'track-points' && info.object) return this.hooks.trackPoint(info.object as TrackDot);
		if (info.layer.id === 'clusters' && clusters) {
			const id = clusters.clusterId[info.index];
			const center: [number, number] = [clusters.lon[info.index], clusters.lat[info.index]];
			if (id >= 0) {
				if (map.getZoom() >= CLUSTER_MAX_ZOOM) {
					const leaves = await worker.leaves(id, 200);
					this.hooks.showList(leaves.records, leaves.total);
					return;
				}
				const zoom = await worker.expansionZoom(id);
				// -1: the clusters were rebuilt since this one was drawn; zoom in by two steps instead.
				const target = zoom < 0 ? map.getZoom() + 2 : Math.max(zoom, map.getZoom() + 1);
				map.easeTo({ center, zoom: Math.min(MAX_ZOOM, target), duration: 600 });
				return;
			}
			if (!clusterRecords[info.index]) {
				map.easeTo({ center, zoom: CLUSTER_MAX_ZOOM + 1.5, duration: 600 });
				return;
			}
		}
		const ref = this.refOf(info);
		if (ref) this.hooks.select(ref.key, ref.lon, ref.lat);
	};
}

function tooltipLines(d: RecordDetail, component: Component): string[] {
	return [
		[d.primary_date, component === 'video' ? 'video' : 'image'].filter(Boolean).join(' · '),
		[d.second_geo_layer, d.primary_country].filter(Boolean).join(', '),
		d.entity ?? ''
	].filter(Boolean);
}
