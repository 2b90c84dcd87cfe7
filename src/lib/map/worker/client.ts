// The main thread's side of the points worker: requests get sequence numbers, and a reply to a
// request that a newer one of the same kind has superseded is dropped.
import type { MapFilter } from '../filter';
import type { ChangesRequest } from '../changes/compute';
import type { FromWorker, ToWorker } from './protocol';
import { createPointsWorker, STREAM_URL, takeEarlyWorker } from './early-start';

type ReplyOf<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

export interface WorkerEvents {
	onControl(message: ReplyOf<'control'>['message']): void;
	onFreshness(freshness: ReplyOf<'freshness'>['freshness']): void;
	onBatch(reply: ReplyOf<'batch'>): void;
	onStreamFailed(message: string): void;
	onIndexed(reply: ReplyOf<'indexed'>): void;
	onClusters(reply: ReplyOf<'clusters'>): void;
	onDensity(reply: DensityReply): void;
	onRows(reply: ReplyOf<'rows'>): void;
}

/** The worker's density reply with its pixels wrapped as an image (no copy). */
export type DensityReply = Omit<ReplyOf<'density'>, 'rgba'> & { image: ImageData };

function densityReply({ rgba, ...rest }: ReplyOf<'density'>): DensityReply {
	return { ...rest, image: new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, rest.frame.width, rest.frame.height) };
}

export type DensityRequest = Omit<Extract<ToWorker, { type: 'density' }>, 'type' | 'seq'>;

export class PointsWorker {
	private worker: Worker;
	private latest = { filter: 0, clusters: 0, expand: 0, leaves: 0, rows: 0 };
	private seq = 0;
	private pending = new Map<number, (reply: FromWorker) => void>();
	private densityInFlight = false;
	private densityNext: DensityRequest | null = null;

	/** The stream the early worker (early-start.ts) was already asked to load. */
	private loading: string | null = null;

	constructor(private events: WorkerEvents) {
		const early = takeEarlyWorker();
		this.worker = early?.worker ?? createPointsWorker();
		this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
		if (!early) return;
		this.loading = STREAM_URL;
		// What it sent before: replayed once the caller has its PointsWorker (a microtask comes
		// before the next message event, so the order holds).
		queueMicrotask(() => early.received.forEach((m) => this.receive(m)));
	}

	private send(message: ToWorker): void {
		this.worker.postMessage(message);
	}

	private receive(m: FromWorker): void {
		// Replies awaited by a promise (expand, leaves, one-off cluster queries) go to their caller.
		if ('seq' in m && this.pending.has(m.seq)) {
			const resolve = this.pending.get(m.seq)!;
			this.pending.delete(m.seq);
			return resolve(m);
		}
		switch (m.type) {
			case 'control':
				return this.events.onControl(m.message);
			case 'freshness':
				return this.events.onFreshness(m.freshness);
			case 'batch':
				return this.events.onBatch(m);
			case 'stream-failed':
				return this.events.onStreamFailed(m.message);
			case 'indexed':
				if (m.seq === this.latest.filter) this.events.onIndexed(m);
				return;
			case 'clusters':
				if (m.seq === this.latest.clusters) this.events.onClusters(m);
				return;
			case 'rows':
				if (m.seq === this.latest.rows) this.events.onRows(m);
				return;
			case 'density': {
				// An image the worker sent unasked is not the answer to the request in flight.
				if (m.pushed) return this.events.onDensity(densityReply(m));
				this.densityInFlight = false;
				const next = this.densityNext;
				this.densityNext = null;
				if (next) this.sendDensity(next);
				// Drawn even when a newer request is on its way: during playback there always is one.
				this.events.onDensity(densityReply(m));
				return;
			}
		}
	}

	/** Loads the stream at `url`; `copy`: the name of the page's copy of it (stream-copy.ts), null for none. */
	load(url: string, copy: string | null): void {
		if (this.loading === url) return void (this.loading = null);
		this.send({ type: 'load', url, copy });
	}

	/** The first records the worker sent unasked are on screen: it may read on. */
	firstDrawn(): void {
		this.send({ type: 'first-drawn' });
	}

	setFilter(filter: MapFilter): void {
		this.latest.filter = ++this.seq;
		this.send({ type: 'filter', seq: this.seq, filter: plainFilter(filter) });
	}

	queryClusters(bbox: [number, number, number, number], zoom: number): void {
		this.latest.clusters = ++this.seq;
		this.send({ type: 'clusters', seq: this.seq, bbox, zoom });
	}

	/** The records table's order for a filter, dates, sort and optional view box. */
	requestRows(request: Omit<Extract<ToWorker, { type: 'rows' }>, 'type' | 'seq'>): void {
		this.latest.rows = ++this.seq;
		this.send({ type: 'rows', seq: this.seq, ...request, filter: plainFilter(request.filter) });
	}

	/**
	 * The density image for the map. One request at a time: while the worker draws, only the
	 * latest request waits, so playback never builds a backlog of frames nobody will see.
	 */
	requestDensity(request: DensityRequest): void {
		if (this.densityInFlight) this.densityNext = request;
		else this.sendDensity(request);
	}

	private sendDensity(request: DensityRequest): void {
		this.densityInFlight = true;
		this.send({ type: 'density', seq: ++this.seq, ...request, filter: plainFilter(request.filter) });
	}

	/** The density image of another view (the briefing export), answered apart from the map's own. */
	densityOnce(request: DensityRequest): Promise<DensityReply> {
		return this.ask<'density'>((seq) => ({ type: 'density', seq, ...request, filter: plainFilter(request.filter) })).then(densityReply);
	}

	/** Clusters of another view (the briefing export), answered apart from the map's own. */
	clustersOnce(bbox: [number, number, number, number], zoom: number): Promise<ReplyOf<'clusters'>> {
		return this.ask<'clusters'>((seq) => ({ type: 'clusters', seq, bbox, zoom }));
	}

	/** What changed among the records passing `filter` but its dates (changes/compute.ts). */
	changes(filter: MapFilter, request: ChangesRequest): Promise<ReplyOf<'changes'>> {
		return this.ask<'changes'>((seq) => ({ type: 'changes', seq, filter: plainFilter(filter), request }));
	}

	/** Organisations' tracks over the records passing `filter`, dates included (src/lib/tracks). */
	tracks(filter: MapFilter, entities: string[]): Promise<ReplyOf<'tracks'>> {
		return this.ask<'tracks'>((seq) => ({ type: 'tracks', seq, filter: plainFilter(filter), entities }));
	}

	expansionZoom(clusterId: number): Promise<number> {
		return this.ask<'expanded'>((seq) => ({ type: 'expand', seq, clusterId })).then((r) => r.zoom);
	}

	leaves(clusterId: number, limit: number): Promise<ReplyOf<'leaves'>> {
		return this.ask<'leaves'>((seq) => ({ type: 'leaves', seq, clusterId, limit }));
	}

	/** Sends a request under a new sequence number; its reply goes to the promise, not the events. */
	private ask<T extends FromWorker['type']>(request: (seq: number) => ToWorker): Promise<ReplyOf<T>> {
		const seq = ++this.seq;
		this.send(request(seq));
		return new Promise((resolve) => this.pending.set(seq, (r) => resolve(r as ReplyOf<T>)));
	}

	destroy(): void {
		this.send({ type: 'cancel' });
		this.worker.terminate();
	}
}

/** Filters may be Svelte state proxies, which cannot be posted; send a plain copy. */
function plainFilter(filter: MapFilter): MapFilter {
	const pinned = filter.pinned ? Object.fromEntries(Object.entries(filter.pinned).map(([part, indices]) => [part, [...(indices ?? [])]])) : null;
	const areas = filter.areas.map((a) => ({ kind: a.kind, name: a.name, ring: a.ring.map(([lon, lat]) => [lon, lat] as [number, number]) }));
	return {
		...filter,
		countries: [...filter.countries],
		entities: [...filter.entities],
		datasets: [...filter.datasets],
		components: [...filter.components],
		pinned,
		areas
	};
}
