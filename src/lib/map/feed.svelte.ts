// The record stream and the points worker, from the page's side: the page's own columns of every
// record (for drawing zoomed in, picking, the table's rows), the stream's progress, and what the
// worker answers (counts, facets, the day histogram, clusters, density images, the table's order).
// What the map does with an answer is the page's business: it is told through FeedHooks.
import { areaTest } from '../geo/areas';
import { sessionEndedBy } from '../session/watch';
import { PartMap } from '../stream/part-map';
import type { Component, Dataset } from '../types/dataset';
import type { DictionaryField, PartId } from '../types/stream';
import { PartColumns, type Box, type RecordPass } from './load/columns';
import { codeTable, passesDays, passesNames, pinnedSets } from './filter';
import type { FilterState } from './filters.svelte';
import { clusterData, type ClusterData, type DensityData } from './layers/layer-inputs';
import { applyControl, newProgress, type StreamProgress } from './load/progress';
import type { RecordKey } from './load/records';
import { STREAM_URL } from './worker/early-start';
import { PointsWorker, type DensityReply, type WorkerEvents } from './worker/client';
import type { DayHistogram, Freshness, RecordRef } from './worker/protocol';

type Reply<K extends keyof WorkerEvents> = Parameters<WorkerEvents[K]>[0];

export interface FeedHooks {
	/** Signed in: a refused key inside the stream ends the session (session/watch.ts). */
	signedIn: boolean;
	/** While playing, the count comes from the day histogram, not from the worker's replies. */
	playing(): boolean;
	/** A batch grew this part. */
	ongrow(columns: PartColumns): void;
	/** The stream ended (or failed): nothing more will arrive. */
	onend(): void;
	/** Something the map draws changed (the end of a part or of the stream). */
	redraw(): void;
	onindexed(reply: Reply<'onIndexed'>): void;
	ondensity(reply: DensityReply): void;
	onclusters(): void;
	onrows(reply: Reply<'onRows'>): void;
}

export class RecordFeed {
	// Heavy data lives outside Svelte's reactivity: typed arrays, the worker.
	/** In the parts' fixed order, however their records arrived (part-map.ts). */
	readonly parts = new PartMap<PartColumns>();
	readonly dictionaries: Record<DictionaryField, string[]> = { country: [], entity: [], area: [] };
	worker: PointsWorker | undefined;
	clusters: ClusterData | null = null;
	clusterRecords: (RecordRef | null)[] = [];
	density: DensityData | null = null;
	/** Records the page held when it last asked for a density image (newer ones need another). */
	densityAskedAt = -1;
	/** True once the clusters drawn come from the latest filter (tests and the briefing CLI wait for it). */
	clustersSettled = false;
	/** How long the worker's last rebuild took: while streaming, rebuilds are spaced to ≥ 4× it. */
	lastIndexWorkMs = 0;
	/** The worker's cost of the current drawn areas (the benchmark). */
	lastAreaMs = 0;

	progress = $state<StreamProgress>(newProgress(Date.now()));
	error = $state<string | null>(null);
	ratePerSecond = $state(0);
	visibleCount = $state(0);
	totalCount = $state(0);
	facets = $state<{ countries: [string, number][]; entities: [string, number][] }>({ countries: [], entities: [] });
	dayBounds = $state<{ min: number | null; max: number | null }>({ min: null, max: null });
	histogram = $state.raw<DayHistogram | null>(null);
	/** Once the stream has ended: when the server last checked the records shown, and what came from the page's copy. */
	freshness = $state.raw<Freshness | null>(null);

	private pendingIndex: ReturnType<typeof setTimeout> | undefined;
	private pendingIndexReply = false;
	private lastIndexAt = 0;

	constructor(
		private readonly filters: FilterState,
		private readonly hooks: FeedHooks
	) {}

	/** Starts the worker and the stream; `copy`: the name of the page's copy of it (stream-copy.ts). */
	start(copy: string | null): void {
		this.worker = new PointsWorker({
			onFreshness: (freshness) => (this.freshness = freshness),
			onControl: (message) => {
				if (message.type === 'dict') {
					const dict = this.dictionaries[message.field];
					for (let i = 0; i < message.values.length; i++) dict[message.start + i] = message.values[i];
					return;
				}
				if (this.hooks.signedIn && sessionEndedBy(message)) return;
				applyControl(this.progress, message);
				const received = Object.values(this.progress.parts).reduce((n, p) => n + p.received, 0);
				this.ratePerSecond = received / Math.max(0.001, (Date.now() - this.progress.startedAt) / 1000);
				// The end of the stream is indexed at once; the end of one part waits its turn like a batch
				// (four back-to-back rebuilds at the end of a million-record stream would cost seconds).
				// A stream that ended without a single record has no image for the first paint to wait for.
				if (message.type === 'done') this.hooks.onend();
				if (message.type === 'done' || message.type === 'part-done') {
					this.requestIndex(message.type === 'done');
					this.hooks.redraw();
				}
			},
			onBatch: ({ part, batch }) => {
				let columns = this.parts.get(part);
				if (!columns) {
					this.parts.set(part, (columns = new PartColumns(part)));
					columns.inAreas = areaTest(this.filters.filter.areas);
				}
				columns.append(batch, this.namePass(part));
				this.hooks.ongrow(columns);
				this.requestIndex();
			},
			onStreamFailed: (message) => {
				this.error = message;
				this.hooks.onend();
			},
			onIndexed: (r) => {
				this.pendingIndexReply = false;
				if (!this.hooks.playing()) this.visibleCount = r.visible;
				this.totalCount = r.total;
				this.facets = r.facets;
				this.dayBounds = { min: r.dayMin, max: r.dayMax };
				this.histogram = r.histogram;
				this.lastIndexWorkMs = r.ms;
				this.lastAreaMs = r.areaMs;
				this.hooks.onindexed(r);
			},
			onDensity: (r) => {
				this.density = r;
				// Sent unasked after the first records (the worker posts records before images): it
				// covers every record received so far, so they need not ask for another one.
				if (r.pushed) this.densityAskedAt = this.loadedRecords();
				// The image counted every record passing the filter: the count needs not wait for the clusters.
				if (!this.hooks.playing()) this.visibleCount = r.passing;
				// Records only grow: the image's count of them need not wait for the index either.
				this.totalCount = Math.max(this.totalCount, r.loaded);
				this.hooks.ondensity(r);
			},
			onRows: (r) => this.hooks.onrows(r),
			onClusters: (r) => {
				this.clustersSettled = !this.pendingIndexReply;
				this.clusters = clusterData(r);
				this.clusterRecords = r.records;
				this.hooks.onclusters();
			}
		});
		this.worker.load(STREAM_URL, copy);
	}

	/** Rebuild clusters in the worker; during streaming at most about once a second. */
	requestIndex(immediate = false): void {
		this.clustersSettled = false;
		clearTimeout(this.pendingIndex);
		// The worker also decodes the stream: spacing rebuilds by four times their cost keeps them
		// under a fifth of its time, however large the index grows (at a million, ~0.8 s each).
		// The first records are indexed at once: until then there is no count and no cluster.
		const wait = immediate || this.totalCount === 0 ? 0 : Math.max(0, Math.max(1000, 4 * this.lastIndexWorkMs) - (Date.now() - this.lastIndexAt));
		this.pendingIndex = setTimeout(() => {
			this.lastIndexAt = Date.now();
			this.pendingIndexReply = true;
			this.worker?.setFilter(this.filters.filter);
		}, wait);
	}

	/** The name-filter flag of a part's records (countries, entities, pinned records). */
	namePass(part: PartId): RecordPass {
		const { filter } = this.filters;
		const c = codeTable(this.dictionaries.country, filter.countries);
		const e = codeTable(this.dictionaries.entity, filter.entities);
		const pinned = pinnedSets(filter.pinned);
		const pin = pinned?.get(part);
		if (!pinned) return (country, entity) => passesNames(country, entity, c, e);
		return (country, entity, index) => !!pin?.has(index) && passesNames(country, entity, c, e);
	}

	/** The names or areas changed: every record's flag is rewritten (a few ms per million). */
	refilter(): void {
		const inAreas = areaTest(this.filters.filter.areas);
		for (const p of this.parts.values()) {
			p.inAreas = inAreas;
			p.refilter(this.namePass(p.id));
		}
	}

	/**
	 * The records the service has announced, summed over the parts that have announced theirs so
	 * far; Infinity once a part has sent records without a total (a service that does not count).
	 */
	expectedRecords(): number {
		let n = 0;
		for (const p of Object.values(this.progress.parts)) n += p.total > 0 ? p.total : p.received > 0 ? Infinity : 0;
		return n;
	}

	/** Records the page has received. */
	loadedRecords(): number {
		let n = 0;
		for (const p of this.parts.values()) n += p.length;
		return n;
	}

	keyOf(part: PartColumns, index: number): RecordKey {
		const [dataset, component] = part.id.split('/') as [Dataset, Component];
		return { dataset, component, ref: part.ref(index) };
	}

	/** Records passing every filter inside the bounds, at most `limit`, part by part. */
	recordsIn(b: Box, limit: number): { part: PartColumns; index: number; lon: number; lat: number }[] {
		const { filter, partsShown } = this.filters;
		const out: { part: PartColumns; index: number; lon: number; lat: number }[] = [];
		for (const p of this.parts.values()) {
			if (!partsShown.has(p.id)) continue;
			for (let i = 0; i < p.length && out.length < limit; i++) {
				const lon = p.positions[i * 2];
				const lat = p.positions[i * 2 + 1];
				if (lon < b.west || lon > b.east || lat < b.south || lat > b.north || !p.passesNames(i) || !passesDays(p.day(i), filter)) continue;
				out.push({ part: p, index: i, lon, lat });
			}
		}
		return out;
	}

	destroy(): void {
		clearTimeout(this.pendingIndex);
		this.worker?.destroy();
	}
}
