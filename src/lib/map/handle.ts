// The one door into a running explorer page for the browser tests, the benchmark and
// `npm run brief` (window.__explorer): read-only views of what the page shows, and the few actions
// those tools drive. Nothing secret passes through it; the key never reaches the page.
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Area } from '../geo/areas';
import type { Component, Dataset } from '../types/dataset';
import type { ExportRequest } from './export/briefing';
import type { PlaybackSettings } from './timeline/playback';

export interface ExplorerHandle {
	map: MaplibreMap;
	/** The map has stopped, every record has arrived and the clusters drawn are the latest filter's. */
	settled(): boolean;
	/** Clusters on screen, in page coordinates (zoomed out). */
	clusters(): { x: number; y: number; count: number; clusterId: number }[];
	/** Records on screen passing the filters, in page coordinates, at most `limit`. */
	points(limit?: number): { x: number; y: number; dataset: Dataset; component: Component; uuid: string }[];
	/** The briefing image as a PNG data URL. */
	exportImage(request: Partial<ExportRequest>): Promise<string>;
	playing(): boolean;
	/** The playback window shown (playing, or held by a step); null when the map shows the date range. */
	playWindow(): { from: number; to: number } | null;
	play(settings?: Partial<PlaybackSettings>): void;
	pause(): void;
	/** Forces the hardware-GPU playback path (gpu.ts decides it from the renderer). */
	usePlaybackOnGpu(on: boolean): void;
	/** Playback-like date changes for the benchmark. */
	setDateRange(dayFrom: number | null, dayTo: number | null): void;
	/** The records table's rows as uuids, in order; null while it is closed. */
	tableUuids(): string[] | null;
	/** The worker's last cluster rebuild, table ordering and area test, in ms (the benchmark). */
	readonly lastIndexMs: number;
	lastRowsMs(): number;
	lastAreaMs(): number;
	/** Drawn areas, as the drawing tools set them. */
	setAreas(areas: Area[]): void;
}

declare global {
	interface Window {
		__explorer?: ExplorerHandle;
	}
}
