// The one door into a running explorer page for the browser tests, the benchmark and
// `npm run brief` (window.__explorer): read-only views of what the page shows, and the few actions
// those tools drive. Nothing secret passes through it; the key never reaches the page.
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

export interface ExplorerHandle {
	map: MaplibreMap;
	/** The map has stopped, every record has arrived and the clusters drawn are the latest filter's. */
	settled(): boolean;
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
	return {
		map,
		get lastIndexMs() {
			return s.feed.lastIndexWorkMs;
		},
		settled: () => s.feed.clustersSettled && s.feed.progress.done && !map.isMoving(),
		clusters: () => {
			const { clusters } = s.feed;
			if (!clusters || map.getZoom() > CLUSTER_MAX_ZOOM) return [];
			const out = [];
			for (let i = 0; i < clusters.length; i++) out.push({ ...toPage(clusters.lon[i], clusters.lat[i]), count: clusters.count[i], clusterId: clusters.clusterId[i], icdShare: clusters.icdShare[i] });
			return out;
		},
		points: (limit = 50) => s.feed.recordsIn(boundsOf(map), limit).map(({ part, index, lon, lat }) => ({ ...toPage(lon, lat), ...s.feed.keyOf(part, index) })),
		exportImage: async (request) => {
			const screen = s.container.getBoundingClientRect();
			const canvas = await s.briefing({ width: request.width ?? Math.round(screen.width), height: request.height ?? Math.round(screen.height), scale: request.scale ?? 1, title: request.title ?? BRIEFING_TITLE, places: request.places });
			return canvas.toDataURL('image/png');
		},
		exportVideo: async (request, onprogress) => {
			const screen = s.container.getBoundingClientRect();
			const even = (n: number) => Math.round(n / 2) * 2;
			const report = onprogress ? (window as unknown as Record<string, (p: VideoProgress) => void>)[onprogress] : undefined;
			const started = performance.now();
			let frames = 0;
			const blob = await s.video(
				{ width: request.width ?? even(screen.width), height: request.height ?? even(screen.height), seconds: request.seconds ?? 10, fps: request.fps ?? 30, format: request.format ?? 'webm', title: request.title ?? BRIEFING_TITLE, places: request.places },
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
		}
	};
}
