// What the map's layers are made from, and when the map draws records rather than the worker's
// images: the part of the layers (layers.ts) that the page needs before MapLibre and deck.gl have
// loaded (engine.ts). Nothing here may import either at run time.
import type { Layer } from '@deck.gl/core';
import type { PartId } from '../../types/stream';
import type { Dataset } from '../../types/dataset';
import type { Box, PartColumns } from '../load/columns';
import { CLUSTER_MAX_ZOOM } from '../config';
import type { DensityFrame } from '../worker/density';
import type { HexBins } from '../worker/aggregate';
import type { MapView } from './views';
import type { ChangeKind } from '../../changes/hotspots';
import type { AnnotationInputs } from '../annotations/annotations';

export interface ClusterData {
	lon: Float32Array;
	lat: Float32Array;
	count: Uint32Array;
	icdShare: Float32Array;
	clusterId: Int32Array;
	length: number;
}

/** The cluster set of a worker reply (its own arrays, no copy). */
export function clusterData(r: Omit<ClusterData, 'length'>): ClusterData {
	return { lon: r.lon, lat: r.lat, count: r.count, icdShare: r.icdShare, clusterId: r.clusterId, length: r.count.length };
}

/** The worker's density image of the filtered records (see worker/density.ts). */
export interface DensityData {
	image: ImageData;
	frame: DensityFrame;
	/** Records counted into it (in view), and passing the filter anywhere. */
	records: number;
	passing: number;
	/** Cells of the image with records in them. */
	cells: number;
	/** The hexbin view's bins, the heatmap's top of scale (worker/aggregate.ts). */
	hexes?: HexBins | null;
	peak?: number | null;
}

export interface LayerInputs {
	parts: PartColumns[];
	visibleParts: Set<PartId>;
	/** Inclusive day range of the GPU date filter (fractional during playback). */
	dayRange: [number, number];
	/** Playback: the window's recent part, at full opacity; older points fade by age (timeline/fade.ts). */
	softRange: [number, number] | null;
	/** During playback the records are drawn without clusters (they would need rebuilding each frame). */
	playing: boolean;
	/**
	 * Zoomed-out playback on a hardware GPU: every record as a dot whose fading is the GPU filter
	 * range (no per-frame work at all). Without one (software WebGL), playback redraws the density
	 * image per frame instead (see gpu.ts).
	 */
	playbackOnGpu: boolean;
	zoom: number;
	/** The geographic bounds of the view (zoomed in, only the records around it are handed to the GPU). */
	bounds: Box;
	/** True while records stream in: uploads are batched by growth (see dataOf). */
	streaming: boolean;
	clusters: ClusterData | null;
	/** Zoomed out, the records are drawn as this image (clusters on top unless playing). */
	density: DensityData | null;
	selected: { lon: number; lat: number; dataset: Dataset } | null;
	/** Search results and a question's sources, ringed; sources carry their citation number. */
	highlighted: { lon: number; lat: number; label?: string }[];
	labels: { lon: number; lat: number; text: string; dataset: Dataset }[];
	/** Place names and their dots (places/labels.ts): above the records and cluster discs, below the counts. */
	places: Layer[];
	/** Clusters (default), or the hexbin or heatmap view drawn from `density` at every zoom (views.ts). */
	view?: MapView;
	/** "What changed": the flagged cells, outlined by kind while its panel is open (changes/). */
	changes?: ChangeCell[];
	/** The cell the panel points at (hovered or focused in its list): drawn thicker. */
	changeFocus?: number | null;
	/** Organisations' tracks (track-layers.ts), while shown. */
	tracks?: TrackInputs;
	/** The analyst's annotations (annotation-layers.ts), over everything. */
	annotations?: AnnotationInputs;
}

/** A flagged cell as the map draws it: its grid level and centre place its hexagon. */
export interface ChangeCell {
	cell: number;
	kind: ChangeKind;
	level: number;
	centre: [number, number];
}

/** A layer's data: the slice's attributes, and `recordIndex` to turn a picked index into the part's. */
export interface PointData {
	length: number;
	attributes: { getPosition: { value: Float32Array; size: 2 }; getFilterValue: { value: Float32Array; size: 2 } };
	recordIndex: Uint32Array;
}

/**
 * Whether the map draws the records themselves as points: in the cluster view zoomed in, or zoomed
 * out during playback (or a held playback window) on a hardware GPU. Otherwise it draws the
 * worker's density image, bins and clusters, which arrive with their own redraw.
 */
export function drawsRecordPoints(input: Pick<LayerInputs, 'view' | 'zoom' | 'playing' | 'playbackOnGpu'>): boolean {
	if (input.view && input.view !== 'clusters') return false;
	return input.zoom > CLUSTER_MAX_ZOOM || (input.playing && input.playbackOnGpu);
}

/** A week's place of an organisation's track (tracks.ts): where, when, how many records. */
export interface TrackDot {
	entity: string;
	colour: number;
	lon: number;
	lat: number;
	/** tracks.ts weekOf: Monday-based weeks since 1970. */
	week: number;
	records: number;
}

/** From one week's place to the next of the same track; drawn from `week` on, as wide as `records` says. */
export interface TrackSegment {
	entity: string;
	colour: number;
	from: [number, number];
	to: [number, number];
	week: number;
	records: number;
}

/** What track-layers.ts draws: the segments and dots, and while playing how much of them. */
export interface TrackInputs {
	segments: TrackSegment[];
	dots: TrackDot[];
	/** While playing or holding a window: its last week, and how many weeks the trail fades over. */
	now: { week: number; trailWeeks: number } | null;
}
