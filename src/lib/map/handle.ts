// The one door into a running explorer page for the browser tests, the benchmark and
// `npm run brief` (window.__explorer): read-only views of what the page shows, and the few actions
// those tools drive. Nothing secret passes through it; the key never reaches the page.
import type { Layer } from '@deck.gl/core';
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Area } from '../geo/areas';
import type { Component, Dataset } from '../types/dataset';
import type { ExportRequest } from './export/briefing';
import type { VideoProgress } from './export/map-video';
import type { VideoRequest } from './export/video-plan';
import { BRIEFING_TITLE } from './export/map-briefing';
import { CLUSTER_MAX_ZOOM } from './config';
import type { RecordFeed } from './feed.svelte';
import type { FilterState } from './filters.svelte';
import { boundsOf, type Scene } from './layers/scene.svelte';
import type { TableState } from './table/table-state.svelte';
import type { PlaybackState } from './timeline/playback-state.svelte';
import type { PlaybackSettings } from './timeline/playback';
import type { MapView } from './layers/views';
import type { ChangesState } from './changes/changes-state.svelte';
import type { TracksState } from './tracks/tracks-state.svelte';
import type { Annotating } from './annotations/annotating.svelte';
import type { Annotation } from './annotations/annotations';
import type { EntityTracks } from './worker/protocol';
import type { ChangeKind, ChangeWindows } from '../changes/hotspots';

export interface ExplorerHandle {
	map: MaplibreMap;
	/** The map has stopped, every record has arrived and the clusters drawn are the latest filter's. */
	settled(): boolean;
	/** What settled() still waits for (empty when settled): for a test's message when it never comes. */
	unsettled(): string[];
	/** Clusters on screen, in page coordinates (zoomed out). */
	clusters(): { x: number; y: number; count: number; clusterId: number; icdShare: number }[];
	/** Records on screen passing the filters, in page coordinates, at most `limit`. */
	points(limit?: number): { x: number; y: number; dataset: Dataset; component: Component; ref: string }[];
	/** The briefing image as a PNG data URL. */
	exportImage(request: Partial<ExportRequest>): Promise<string>;
	/**
	 * The playback video (defaults: the map's size rounded to even pixels, 10 s, 30 fps, WebM) as
	 * base64, with how long it took; `onprogress` names a window function told of each frame.
	 */
	exportVideo(request: Partial<VideoRequest>, onprogress?: string): Promise<{ base64: string; type: string; frames: number; ms: number }>;
	playing(): boolean;
	/** The playback window shown (playing, or held by a step); null when the map shows the date range. */
	playWindow(): { from: number; to: number } | null;
	play(settings?: Partial<PlaybackSettings>): void;
	pause(): void;
	/** Forces the hardware-GPU playback path (gpu.ts decides it from the renderer). */
	usePlaybackOnGpu(on: boolean): void;
	/** Playback-like date changes for the benchmark. */
	setDateRange(dayFrom: number | null, dayTo: number | null): void;
	/** The records table's rows as `dataset/component/primary_id` (as the stream names records), in order; null while it is closed. */
	tableRefs(): string[] | null;
	/** The worker's last cluster rebuild, table ordering and area test, in ms (the benchmark). */
	readonly lastIndexMs: number;
	lastRowsMs(): number;
	lastAreaMs(): number;
	/** Drawn areas, as the drawing tools set them. */
	setAreas(areas: Area[]): void;
	/** The map's view (views.ts) and switching it as its buttons do. */
	view(): MapView;
	setView(view: MapView): void;
	/**
	 * The hexbin or heatmap view's latest reply: hexagons drawn and the sum of their counts, the
	 * records the worker counted into the view, the heatmap's top of scale; null before one arrives.
	 */
	aggregate(): { hexagons: number; sum: number; records: number; passing: number; peak: number | null } | null;
	/**
	 * The layers deck.gl holds now (sublayers included, as deck.gl names them), those it draws: what
	 * the tests and the benchmark read of deck.gl, which keeps its own objects to itself.
	 */
	layers(): LayerSummary[];
	/** The texts of a label layer deck.gl holds (place names, dataset labels): each item's name or label; null without such a layer. */
	labels(id: string): string[] | null;
	/** The pixels of an image layer deck.gl holds (the density image, the heatmap), in the page; null without such a layer. */
	image(id: string): ImageData | null;
	/** "What changed": its panel's state and latest result, the places as the panel lists them. */
	changes(): ChangesSummary;
	/** Opens or closes "What changed", as its button does. */
	showChanges(open: boolean): void;
	/** Organisations' tracks: shown or not, busy, the worker's time, and each organisation's tracks. */
	tracks(): { on: boolean; busy: boolean; ms: number | null; entities: EntityTracks[] | null; segmentsDrawn: number | null };
	showTracks(on: boolean): void;
	/**
	 * The annotations as the page keeps them, and where each one's points are on the page (what a
	 * test drags or checks in the exported image).
	 */
	annotations(): { list: Annotation[]; selected: number | null; pagePoints: { x: number; y: number }[][] };
}

export interface ChangesSummary {
	open: boolean;
	busy: boolean;
	problem: string | null;
	/** The latest result's cost in ms: the worker's, the page's main thread taking it in, request to reply. */
	ms: number | null;
	pageMs: number | null;
	roundTripMs: number | null;
	level: number | null;
	windows: ChangeWindows | null;
	tested: number | null;
	places: {
		cell: number;
		kind: ChangeKind;
		recent: number;
		expected: number;
		q: number;
		title: string;
		centre: [number, number];
		entities: [string, number][];
	}[];
}

/** One layer deck.gl holds (ExplorerHandle.layers), as its props say. */
export interface LayerSummary {
	id: string;
	/** False for a part the filters hide: its layer stays, drawn invisible. */
	visible: boolean;
	/** Items it draws (records, clusters, labels, hexagons); 0 for an image. */
	length: number;
	/**
	 * What it is drawn from, as a number that stays the same while the object does: a part's
	 * columns (nothing uploaded again), the cluster set, the image. A new number: new data.
	 */
	source: number;
	/** Points: the date filter's range (days since 1970), the playback's fade by age, the dots' least radius. */
	dateRange?: [number, number];
	ageFade?: [number, number] | null;
	radiusMinPixels?: number;
	/** The density image, heatmap and hexbins: records counted into them, records passing the filters, cells holding records (layers.ts, aggregate-layers.ts). */
	records?: number;
	passing?: number;
	cells?: number;
}

/** The props layers.ts and aggregate-layers.ts give that the summaries read. */
interface SummarisedProps {
	visible?: boolean;
	data?: unknown;
	image?: unknown;
	updateTriggers?: { getPosition?: unknown };
	filterRange?: [number, number][];
	ageFade?: [number, number] | null;
	radiusMinPixels?: number;
	records?: number;
	passing?: number;
	cells?: number;
	pixels?: ImageData;
}

declare global {
	interface Window {
		__explorer?: ExplorerHandle;
	}
}

export interface HandleSources {
	container: HTMLElement;
	scene: Scene;
	feed: RecordFeed;
	filters: FilterState;
	playback: PlaybackState;
	table: TableState;
	changes: ChangesState;
	tracks: TracksState;
	annotating: Annotating;
	briefing(request: ExportRequest): Promise<HTMLCanvasElement>;
	video(request: VideoRequest, progress?: (p: VideoProgress) => void): Promise<Blob>;
}

/** The handle over a page's state (read-only views of what it shows; nothing secret). */
export function createHandle(s: HandleSources): ExplorerHandle {
	const map = s.scene.map!;
	// Page coordinates, so a test can click them directly.
	const toPage = (lon: number, lat: number) => {
		const p = map.project([lon, lat]);
		const r = s.container.getBoundingClientRect();
		return { x: p.x + r.left, y: p.y + r.top };
	};
	// Objects numbered as first seen, for LayerSummary.source.
	const sources = new WeakMap<object, number>();
	let sourcesSeen = 0;
	const sourceOf = (value: unknown) => {
		if (typeof value !== 'object' || value === null) return 0;
		if (!sources.has(value)) sources.set(value, ++sourcesSeen);
		return sources.get(value)!;
	};
	const propsOf = (layer: Layer) => layer.props as SummarisedProps;
	const layer = (id: string) => s.scene.deckLayers().find((l) => l.id === id);
	// One list of what "settled" waits for, so that the test's message names exactly what settled() checks.
	const unsettled = () =>
		[
			!s.feed.clustersSettled && 'the clusters of the latest filter',
			!s.feed.progress.done && `the records (${s.feed.loadedRecords()} so far)`,
			map.isMoving() && 'the map to stop moving'
		].filter((what): what is string => !!what);
	return {
		map,
		get lastIndexMs() {
			return s.feed.lastIndexWorkMs;
		},
		settled: () => unsettled().length === 0,
		unsettled,
		clusters: () => {
			const { clusters } = s.feed;
			if (!clusters || map.getZoom() > CLUSTER_MAX_ZOOM) return [];
			const out = [];
			for (let i = 0; i < clusters.length; i++)
				out.push({ ...toPage(clusters.lon[i], clusters.lat[i]), count: clusters.count[i], clusterId: clusters.clusterId[i], icdShare: clusters.icdShare[i] });
			return out;
		},
		points: (limit = 50) => s.feed.recordsIn(boundsOf(map), limit).map(({ part, index, lon, lat }) => ({ ...toPage(lon, lat), ...s.feed.keyOf(part, index) })),
		exportImage: async (request) => {
			const screen = s.container.getBoundingClientRect();
			const canvas = await s.briefing({
				width: request.width ?? Math.round(screen.width),
				height: request.height ?? Math.round(screen.height),
				scale: request.scale ?? 1,
				title: request.title ?? BRIEFING_TITLE,
				places: request.places
			});
			return canvas.toDataURL('image/png');
		},
		exportVideo: async (request, onprogress) => {
			const screen = s.container.getBoundingClientRect();
			const even = (n: number) => Math.round(n / 2) * 2;
			const report = onprogress ? (window as unknown as Record<string, (p: VideoProgress) => void>)[onprogress] : undefined;
			const started = performance.now();
			let frames = 0;
			const blob = await s.video(
				{
					width: request.width ?? even(screen.width),
					height: request.height ?? even(screen.height),
					seconds: request.seconds ?? 10,
					fps: request.fps ?? 30,
					format: request.format ?? 'webm',
					title: request.title ?? BRIEFING_TITLE,
					places: request.places
				},
				(p) => ((frames = p.done), report?.(p))
			);
			const ms = performance.now() - started;
			const bytes = new Uint8Array(await blob.arrayBuffer());
			let binary = '';
			for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
			return { base64: btoa(binary), type: blob.type, frames, ms };
		},
		playing: () => s.playback.player.playing,
		playWindow: () => {
			const w = s.playback.window;
			return w ? { from: w.from, to: w.to } : null;
		},
		play: (settings = {}) => {
			s.playback.settings = { ...s.playback.settings, ...settings };
			s.playback.player.play();
		},
		pause: () => s.playback.player.pause(),
		usePlaybackOnGpu: (on) => {
			s.scene.playbackOnGpu = on;
			s.scene.redraw();
		},
		setDateRange: (dayFrom, dayTo) => s.filters.set({ ...s.filters.filter, dayFrom, dayTo }),
		tableRefs: () => s.table.refs(),
		lastRowsMs: () => s.table.lastRowsMs,
		setAreas: (areas) => s.filters.set({ ...s.filters.filter, areas }),
		lastAreaMs: () => s.feed.lastAreaMs,
		view: () => s.scene.view,
		setView: (view) => s.scene.setView(view),
		aggregate: () => {
			const d = s.feed.density;
			if (!d || (d.hexes == null && d.peak == null)) return null;
			const sum = d.hexes ? d.hexes.count.reduce((a, b) => a + b, 0) : 0;
			return { hexagons: d.hexes?.count.length ?? 0, sum, records: d.records, passing: d.passing, peak: d.peak ?? null };
		},
		layers: () =>
			s.scene.deckLayers().map((l) => {
				const p = propsOf(l);
				const summary: LayerSummary = {
					id: l.id,
					visible: p.visible !== false,
					length: (p.data as { length?: number } | undefined)?.length ?? 0,
					// The cluster layer gets a new `data` at every redraw; its updateTriggers hold the cluster set itself.
					source: sourceOf(p.updateTriggers?.getPosition ?? p.image ?? p.data)
				};
				const dates = p.filterRange?.[0];
				if (Array.isArray(dates)) summary.dateRange = [dates[0], dates[1]];
				if (p.ageFade !== undefined) summary.ageFade = p.ageFade;
				if (p.radiusMinPixels !== undefined) summary.radiusMinPixels = p.radiusMinPixels;
				for (const k of ['records', 'passing', 'cells'] as const) if (p[k] !== undefined) summary[k] = p[k];
				return summary;
			}),
		labels: (id) => {
			const found = layer(id);
			if (!found) return null;
			const { data } = propsOf(found);
			return Array.isArray(data) ? data.map((d: { name?: string; label?: string }) => d.name ?? d.label ?? '') : [];
		},
		image: (id) => {
			const found = layer(id);
			return found ? (propsOf(found).pixels ?? null) : null;
		},
		changes: () => {
			const c = s.changes;
			return {
				open: c.open,
				busy: c.busy,
				problem: c.problem,
				ms: c.ms,
				pageMs: c.pageMs,
				roundTripMs: c.roundTripMs,
				level: c.result?.level ?? null,
				windows: c.result?.windows ?? null,
				tested: c.result?.tested ?? null,
				places: c.places.map(({ cell, kind, recent, expected, q, title, centre, entities }) => ({ cell, kind, recent, expected, q, title, centre, entities }))
			};
		},
		showChanges: (open) => s.changes.setOpen(open),
		tracks: () => {
			const drawn = layer('track-segments');
			return {
				on: s.tracks.on,
				busy: s.tracks.busy,
				ms: s.tracks.ms,
				entities: s.tracks.result,
				segmentsDrawn: drawn ? ((propsOf(drawn).data as unknown[] | undefined)?.length ?? 0) : null
			};
		},
		showTracks: (on) => s.tracks.setOn(on),
		annotations: () => ({
			list: JSON.parse(JSON.stringify(s.annotating.list)) as Annotation[],
			selected: s.annotating.selected,
			pagePoints: s.annotating.list.map((a) => a.points.map(([lon, lat]) => toPage(lon, lat)))
		})
	};
}
