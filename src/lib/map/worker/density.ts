// The density underlay: every record passing the filter, counted into a screen-sized grid in the
// worker and coloured into one image that the map draws as a single textured quad.
//
// Why not a million point sprites: a point layer costs the GPU per point per frame, and without a
// GPU (software WebGL, as in headless Chromium or a locked-down analyst's VM) that is about 20 µs
// per point, so ~20 s per frame at a million. Counting a million records into a grid costs tens
// of milliseconds of CPU in the worker, once per view or filter change, and drawing the image
// costs the same at any record count. Zoomed out, a 2-pixel cell is all a point ever covered.
import { DATASET_RGB } from '../config';
import { mercatorX, mercatorY } from '../geo';

/** Web Mercator's latitude limit: the map shows nothing beyond it. */
export const MAX_LAT = 85.0511287798066;

/** Cells of the largest image (a 2800 × 1500 grid, 4 × 1400 × 750 px on a 2× screen). */
export const MAX_CELLS = 4_200_000;

/** The geographic box the image covers, and its size in cells. */
export interface DensityFrame {
	west: number;
	south: number;
	east: number;
	north: number;
	width: number;
	height: number;
}

/** The records of one part, as the worker holds them (x, y in the unit Mercator square). */
export interface DensityColumns {
	isIcd: boolean;
	length: number;
	x: Float32Array;
	y: Float32Array;
	day: Int32Array;
}

/**
 * The look of the image: the faint underlay beneath the clusters, or the bolder dots of timeline
 * playback (when no clusters are drawn and the points themselves are the picture).
 */
export type DensityStyle = 'underlay' | 'playback';

export interface DensityInput {
	frame: DensityFrame;
	parts: { columns: DensityColumns; passes: (index: number) => boolean }[];
	/** Inclusive day range drawn. */
	dayRange: [number, number];
	/** Inner range drawn at full weight; records between it and dayRange fade out (playback). */
	softRange: [number, number] | null;
	style: DensityStyle;
}

export interface DensityImage {
	frame: DensityFrame;
	rgba: Uint8ClampedArray;
	/** Records counted into the image (passing the filter and inside the frame). */
	records: number;
	/** Records passing the filter, in the frame or not: every record loaded was considered. */
	passing: number;
	/** Cells with at least one record. */
	cells: number;
}

const STYLE_ALPHA: Record<DensityStyle, { base: number; perDoubling: number; max: number }> = {
	underlay: { base: 70, perDoubling: 22, max: 190 },
	playback: { base: 150, perDoubling: 20, max: 245 }
};

/** Weight of a record on `day`: 1 inside the soft range, fading to 0 at the edge of the day range. */
function dayWeight(day: number, range: [number, number], soft: [number, number] | null): number {
	if (day < range[0] || day > range[1]) return 0;
	if (!soft) return 1;
	if (day < soft[0]) return soft[0] > range[0] ? (day - range[0]) / (soft[0] - range[0]) : 1;
	if (day > soft[1]) return range[1] > soft[1] ? (range[1] - day) / (range[1] - soft[1]) : 1;
	return 1;
}

/** The filtered records counted into the frame's cells (weights fade with the soft range). */
export interface DensityCounts {
	weight: Float32Array;
	icdWeight: Float32Array;
	records: number;
	passing: number;
}

export function rasterizeDensity(input: DensityInput): DensityImage {
	const { weight, icdWeight, records, passing } = countDensity(input);
	const { rgba, cells } = colour(weight, icdWeight, input.style);
	return { frame: input.frame, rgba, records, passing, cells };
}

export function countDensity(input: Omit<DensityInput, 'style'>): DensityCounts {
	const { frame } = input;
	const { width, height } = frame;
	const weight = new Float32Array(width * height);
	const icdWeight = new Float32Array(width * height);
	const x0 = mercatorX(frame.west);
	const y0 = mercatorY(frame.north);
	const sx = width / (mercatorX(frame.east) - x0);
	const sy = height / (mercatorY(frame.south) - y0);
	const [from, to] = input.dayRange;
	let records = 0;
	let passing = 0;
	for (const { columns: p, passes } of input.parts) {
		const n = p.length;
		for (let i = 0; i < n; i++) {
			const day = p.day[i];
			if (day < from || day > to || !passes(i)) continue;
			const w = input.softRange ? dayWeight(day, input.dayRange, input.softRange) : 1;
			if (w <= 0) continue;
			passing++;
			const cx = Math.floor((p.x[i] - x0) * sx);
			if (cx < 0 || cx >= width) continue;
			const cy = Math.floor((p.y[i] - y0) * sy);
			if (cy < 0 || cy >= height) continue;
			const cell = cy * width + cx;
			weight[cell] += w;
			if (p.isIcd) icdWeight[cell] += w;
			records++;
		}
	}
	return { weight, icdWeight, records, passing };
}

/** Colour by the ICD share of the cell, opacity growing with the logarithm of its weight. */
function colour(weight: Float32Array, icdWeight: Float32Array, style: DensityStyle): { rgba: Uint8ClampedArray; cells: number } {
	const rgba = new Uint8ClampedArray(weight.length * 4);
	let cells = 0;
	const { base, perDoubling, max } = STYLE_ALPHA[style];
	const [ir, ig, ib] = DATASET_RGB.icd;
	const [br, bg, bb] = DATASET_RGB.icdb;
	for (let cell = 0; cell < weight.length; cell++) {
		const w = weight[cell];
		if (w <= 0) continue;
		cells++;
		const share = icdWeight[cell] / w;
		const o = cell * 4;
		rgba[o] = ir * share + br * (1 - share);
		rgba[o + 1] = ig * share + bg * (1 - share);
		rgba[o + 2] = ib * share + bb * (1 - share);
		// A faded record (w < 1) is fainter than one record at full weight.
		rgba[o + 3] = w < 1 ? base * w : Math.min(max, base + perDoubling * Math.log2(w));
	}
	return { rgba, cells };
}

/**
 * The frame for a view: its geographic bounds clamped to the world (the map does not repeat it),
 * at one cell per `cellPixels` screen pixels; `project` gives a place's screen pixel. Null when no
 * part of the world is in view.
 */
export function densityFrame(
	bounds: { west: number; south: number; east: number; north: number },
	project: (lon: number, lat: number) => [number, number],
	cellPixels: number
): DensityFrame | null {
	const west = Math.max(-180, bounds.west);
	const east = Math.min(180, bounds.east);
	const north = Math.min(MAX_LAT, bounds.north);
	const south = Math.max(-MAX_LAT, bounds.south);
	if (west >= east || south >= north) return null;
	const [left, top] = project(west, north);
	const [right, bottom] = project(east, south);
	// A very large export gets coarser cells rather than hundreds of megabytes of grid.
	const cell = Math.max(cellPixels, Math.sqrt((Math.abs(right - left) * Math.abs(bottom - top)) / MAX_CELLS));
	const width = Math.max(1, Math.ceil(Math.abs(right - left) / cell));
	const height = Math.max(1, Math.ceil(Math.abs(bottom - top) / cell));
	return { west, south, east, north, width, height };
}
