// BENCHMARK BASELINE, not the explorer: what a straightforward map of the records would do, so
// that `npm run bench -- --only browser` can measure the explorer beside it in the same run.
// Everything happens on the main thread, with objects: each NDJSON line (one service page) is
// parsed into objects, GeoJSON features are built from them, supercluster runs over all features,
// and deck.gl's ScatterplotLayer reads the objects through accessor functions. Any filter change
// rebuilds the filtered array, the features and the cluster index.
// It keeps the explorer's map settings (offline style, viewport, cluster radius and max zoom) and
// its pacing while streaming (clusters rebuilt at most once a second; drawing coalesced to frames)
// so that the differences measured come from the data path, not from different choices.
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import { MapboxOverlay } from '@deck.gl/mapbox';
import type { Feature, Point } from 'geojson';
import maplibregl from 'maplibre-gl';
import Supercluster, { type AnyProps, type ClusterFeature, type PointFeature } from 'supercluster';
import { offlineStyle } from '$lib/map/engine/basemap';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, DATASET_RGB, MAX_ZOOM } from '$lib/map/config';
import { dayToIso } from '$lib/map/timeline/days';
import { DEFAULT_VIEWPORT } from '$lib/map/url/url-state';
import type { GeoItem } from '$lib/types/geo';

/** One item of a manifest page, as /bench/naive-stream forwards it, plus its part. */
export interface NaiveRecord extends GeoItem {
	part: string;
}

interface NaiveFilter {
	country: string | null;
	/** Inclusive ISO dates (YYYY-MM-DD compare as strings); null = open. */
	dateFrom: string | null;
	dateTo: string | null;
}

type RecordFeature = Feature<Point, NaiveRecord>;

/** What the benchmark reads and drives (window.__naive). */
export interface NaiveHooks {
	readonly received: number;
	readonly total: number;
	readonly done: boolean;
	readonly error: string | null;
	/** performance.now() of the first map frame rendered after points were handed to deck.gl. */
	readonly firstDrawAt: number | null;
	readonly map: maplibregl.Map;
	/** ms of the last rebuild of the cluster index (filter + features + supercluster.load). */
	clusterMs(): number;
	/** Filters by one country (null: all); returns the ms of main-thread work it took. */
	filterByCountry(name: string | null): number;
	/** Filters by days since 1970-01-01 (null: open); returns the ms of main-thread work. */
	setDateRange(fromDay: number | null, toDay: number | null): number;
	/** The layers deck.gl holds now (those it draws), as the explorer's handle says its own. */
	deckLayers(): readonly Layer[];
}

const CLUSTER_REBUILD_INTERVAL_MS = 1000;

export class NaiveExplorer {
	records: NaiveRecord[] = [];
	received = 0;
	done = false;
	error: string | null = null;
	firstDrawAt: number | null = null;
	private totals = new Map<string, number>();
	private filter: NaiveFilter = { country: null, dateFrom: null, dateTo: null };
	private visible: NaiveRecord[] = [];
	private index: Supercluster<NaiveRecord> | null = null;
	private lastClusterMs = 0;
	private lastClusterAt = 0;
	private frame = 0;
	private map!: maplibregl.Map;
	private overlay!: MapboxOverlay;
	/** The layers last handed to deck.gl (deckLayers). */
	private handed: Layer[] = [];
	private abort = new AbortController();
	onProgress: () => void = () => {};

	get total(): number {
		return [...this.totals.values()].reduce((a, b) => a + b, 0);
	}

	async start(container: HTMLElement, streamUrl: string): Promise<void> {
		this.map = new maplibregl.Map({
			container,
			style: await offlineStyle(),
			center: [DEFAULT_VIEWPORT.lon, DEFAULT_VIEWPORT.lat],
			zoom: DEFAULT_VIEWPORT.zoom,
			maxZoom: MAX_ZOOM,
			renderWorldCopies: false,
			canvasContextAttributes: { preserveDrawingBuffer: true, antialias: true }
		});
		this.overlay = new MapboxOverlay({ interleaved: true, layers: [] });
		this.map.addControl(this.overlay);
		this.map.on('moveend', () => this.draw());
		await new Promise<void>((resolve) => this.map.once('load', () => resolve()));
		await this.load(streamUrl);
	}

	stop(): void {
		this.abort.abort();
		cancelAnimationFrame(this.frame);
		this.map?.remove();
	}

	hooks(): NaiveHooks {
		// eslint-disable-next-line @typescript-eslint/no-this-alias
		const self = this;
		return {
			get received() {
				return self.received;
			},
			get total() {
				return self.total;
			},
			get done() {
				return self.done;
			},
			get error() {
				return self.error;
			},
			get firstDrawAt() {
				return self.firstDrawAt;
			},
			get map() {
				return self.map;
			},
			clusterMs: () => this.lastClusterMs,
			// deck.gl's layer manager, named by the context deck.gl gives the layers it has taken up.
			deckLayers: () => this.handed.find((layer) => layer.context)?.context.layerManager?.getLayers() ?? [],
			filterByCountry: (name) => this.timed(() => (this.filter = { ...this.filter, country: name })),
			setDateRange: (fromDay, toDay) =>
				this.timed(() => (this.filter = { ...this.filter, dateFrom: fromDay === null ? null : dayToIso(fromDay), dateTo: toDay === null ? null : dayToIso(toDay) }))
		};
	}

	/** Reads the NDJSON stream line by line, growing the array of record objects. */
	private async load(url: string): Promise<void> {
		try {
			const response = await fetch(url, { signal: this.abort.signal });
			if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
			const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
			let pending = '';
			for (;;) {
				const { done, value } = await reader.read();
				if (done) break;
				pending += value;
				let end: number;
				while ((end = pending.indexOf('\n')) >= 0) {
					this.addPage(JSON.parse(pending.slice(0, end)));
					pending = pending.slice(end + 1);
				}
				this.onProgress();
				if (performance.now() - this.lastClusterAt >= CLUSTER_REBUILD_INTERVAL_MS) this.rebuild();
				this.drawSoon();
			}
			this.done = true;
			this.rebuild();
			this.draw();
		} catch (error) {
			if (!this.abort.signal.aborted) this.error = error instanceof Error ? error.message : String(error);
		}
		this.onProgress();
	}

	private addPage(page: { part: string; items: Omit<NaiveRecord, 'part'>[]; total?: number; error?: string }): void {
		if (page.error) throw new Error(page.error);
		if (page.total !== undefined && !this.totals.has(page.part)) this.totals.set(page.part, page.total);
		for (const item of page.items) {
			// NaN coordinates arrive as null in JSON: such records cannot be mapped.
			if (typeof item.lat !== 'number' || typeof item.lon !== 'number') continue;
			this.records.push({ part: page.part, ...item });
			this.received++;
		}
	}

	private passes(r: NaiveRecord): boolean {
		const f = this.filter;
		if (f.country !== null && r.country !== f.country) return false;
		if (f.dateFrom !== null && (r.date === undefined || r.date < f.dateFrom)) return false;
		if (f.dateTo !== null && (r.date === undefined || r.date > f.dateTo)) return false;
		return true;
	}

	/** The naive filter: a new filtered array, new features, a new supercluster over all of them. */
	private rebuild(): void {
		const started = performance.now();
		this.visible = this.records.filter((r) => this.passes(r));
		const features: RecordFeature[] = this.visible.map((r) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [r.lon, r.lat] }, properties: r }));
		this.index = new Supercluster<NaiveRecord>({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM, extent: 512 }).load(features);
		this.lastClusterAt = performance.now();
		this.lastClusterMs = this.lastClusterAt - started;
	}

	private timed(change: () => void): number {
		const started = performance.now();
		change();
		this.rebuild();
		this.draw();
		return performance.now() - started;
	}

	private drawSoon(): void {
		if (this.frame) return;
		this.frame = requestAnimationFrame(() => {
			this.frame = 0;
			this.draw();
		});
	}

	private draw(): void {
		if (!this.map) return;
		const zoom = this.map.getZoom();
		const clusters = this.index && zoom <= CLUSTER_MAX_ZOOM ? this.index.getClusters([-180, -85, 180, 85], Math.floor(zoom)) : [];
		// During streaming the filtered array is rebuilt for every draw, so that new records show.
		const points = this.done ? this.visible : this.records.filter((r) => this.passes(r));
		this.overlay.setProps({
			layers: (this.handed = [
				new ScatterplotLayer<NaiveRecord>({
					id: 'points-naive',
					data: points,
					radiusUnits: 'pixels',
					getRadius: zoom <= CLUSTER_MAX_ZOOM ? 1.6 : 4.5,
					getPosition: (r) => [r.lon, r.lat],
					getFillColor: (r) => [...DATASET_RGB[r.part.startsWith('icdb/') ? 'icdb' : 'icd'], 110]
				}),
				new ScatterplotLayer<ClusterFeature<AnyProps> | PointFeature<NaiveRecord>>({
					id: 'clusters',
					data: clusters,
					radiusUnits: 'pixels',
					getPosition: (f) => f.geometry.coordinates as [number, number],
					getRadius: (f) => ('cluster' in f.properties && f.properties.cluster ? 6 + 6 * Math.log10(f.properties.point_count) : 5),
					getFillColor: [90, 110, 160, 215],
					stroked: true,
					getLineColor: [255, 255, 255, 230],
					lineWidthUnits: 'pixels',
					getLineWidth: 1.5
				})
			])
		});
		if (points.length > 0 && this.firstDrawAt === null) this.map.once('render', () => (this.firstDrawAt ??= performance.now()));
	}
}
