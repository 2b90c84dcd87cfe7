// The density underlay: every record passing the filter, counted into a screen-sized grid in the
// worker and coloured into one image that the map draws as a single textured quad.
//
// Why not a million point sprites: a point layer costs the GPU per point per frame, and without a
// GPU (software WebGL, as in headless Chromium or a locked-down analyst's VM) that is about 20 µs
// per point, so ~20 s per frame at a million. Counting a million records into a grid costs tens
// of milliseconds of CPU in the worker, once per view or filter change, and drawing the image
// costs the same at any record count. Zoomed out, a 2-pixel cell is all a point ever covered.
import { DATASET_RGB } from '../config';
import { mercatorX, mercatorY } from '../projection/mercator';
import { ageWeight, discOffsets, PLAYBACK_DOT_RADIUS_PX } from '../timeline/fade';

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
	/** Screen pixels per cell (playback dots keep their size in pixels); 2 when not given. */
	cellPixels?: number;
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
	/** The recent part drawn at full weight; older records fade by age (playback, timeline/fade.ts). */
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
	playback: { base: 200, perDoubling: 15, max: 250 }
};

// The grids are kept between images and cleared cell by cell afterwards: a playback frame then
// costs its records and the cells they touch, not the whole grid (two million cells at 1080p).
// Weights are whole multiples of WEIGHT_STEP held in doubles, so every sum is exact: a cell's
// weight (its colour, its hexagon's class) is the same whatever order its records were counted in.
let weight = new Float64Array(0);
let icdWeight = new Float64Array(0);
let occupied = new Int32Array(0);

/** A faded record's weight is a whole number of these (2^-10: finer than any alpha step of the image). */
const WEIGHT_STEP = 2 ** -10;

/** The filtered records counted into the frame's cells (weights fade with the soft range). */
export interface DensityCounts {
	weight: Float64Array;
	icdWeight: Float64Array;
	records: number;
	passing: number;
}

export function rasterizeDensity(input: DensityInput): DensityImage {
	const { frame } = input;
	const { records, passing, cells } = countIntoGrids(input);
	const rgba = new Uint8ClampedArray(frame.width * frame.height * 4);
	if (input.style === 'playback') dots(rgba, cells, frame);
	else colour(rgba, cells, input.style);
	clearGrids(cells);
	return { frame, rgba, records, passing, cells };
}

/** The counts as arrays of the frame's own size, for the hexbin and heatmap views (aggregate.ts). */
export function countDensity(input: Omit<DensityInput, 'style'>): DensityCounts {
	const size = input.frame.width * input.frame.height;
	const { records, passing, cells } = countIntoGrids(input);
	const counts = { weight: weight.slice(0, size), icdWeight: icdWeight.slice(0, size), records, passing };
	clearGrids(cells);
	return counts;
}

/** Zeroes the cells the last count touched, so the grids are clean for the next image. */
function clearGrids(cells: number): void {
	for (let k = 0; k < cells; k++) weight[occupied[k]] = icdWeight[occupied[k]] = 0;
}

/** Counts the filtered records into the shared grids; `cells` of `occupied` name the cells touched. */
function countIntoGrids(input: Omit<DensityInput, 'style'>): { records: number; passing: number; cells: number } {
	const { frame } = input;
	const { width, height } = frame;
	if (weight.length < width * height) {
		weight = new Float64Array(width * height);
		icdWeight = new Float64Array(width * height);
		occupied = new Int32Array(width * height);
	}
	const x0 = mercatorX(frame.west);
	const y0 = mercatorY(frame.north);
	const sx = width / (mercatorX(frame.east) - x0);
	const sy = height / (mercatorY(frame.south) - y0);
	const [from, to] = input.dayRange;
	let records = 0;
	let passing = 0;
	let cells = 0;
	for (const { columns: p, passes } of input.parts) {
		const n = p.length;
		for (let i = 0; i < n; i++) {
			const day = p.day[i];
			if (day < from || day > to || !passes(i)) continue;
			const w = input.softRange ? Math.round(ageWeight(day, input.dayRange, input.softRange) / WEIGHT_STEP) * WEIGHT_STEP : 1;
			if (w <= 0) continue;
			passing++;
			const cx = Math.floor((p.x[i] - x0) * sx);
			if (cx < 0 || cx >= width) continue;
			const cy = Math.floor((p.y[i] - y0) * sy);
			if (cy < 0 || cy >= height) continue;
			const cell = cy * width + cx;
			if (weight[cell] === 0) occupied[cells++] = cell;
			weight[cell] += w;
			if (p.isIcd) icdWeight[cell] += w;
			records++;
		}
	}
	return { records, passing, cells };
}

/** A cell's colour by its ICD share, and its opacity growing with the logarithm of its weight. */
function cellColour(cell: number, style: DensityStyle, out: Uint8ClampedArray, o: number): void {
	const { base, perDoubling, max } = STYLE_ALPHA[style];
	const [ir, ig, ib] = DATASET_RGB.icd;
	const [br, bg, bb] = DATASET_RGB.icdb;
	const w = weight[cell];
	const share = icdWeight[cell] / w;
	out[o] = ir * share + br * (1 - share);
	out[o + 1] = ig * share + bg * (1 - share);
	out[o + 2] = ib * share + bb * (1 - share);
	// A faded record (w < 1) is fainter than one record at full weight.
	out[o + 3] = w < 1 ? base * w : Math.min(max, base + perDoubling * Math.log2(w));
}

function colour(rgba: Uint8ClampedArray, cells: number, style: DensityStyle): void {
	for (let k = 0; k < cells; k++) cellColour(occupied[k], style, rgba, occupied[k] * 4);
}

/**
 * Playback: every cell with records becomes a dot of PLAYBACK_DOT_RADIUS_PX, so records read at any
 * zoom. Where dots overlap, the most opaque (the newest, by the fade by age) is drawn on top.
 */
function dots(rgba: Uint8ClampedArray, cells: number, frame: DensityFrame): void {
	const { width, height } = frame;
	const disc = discOffsets(PLAYBACK_DOT_RADIUS_PX / (frame.cellPixels ?? 2));
	const c = new Uint8ClampedArray(4);
	for (let k = 0; k < cells; k++) {
		const cell = occupied[k];
		cellColour(cell, 'playback', c, 0);
		const x = cell % width;
		const y = (cell - x) / width;
		for (const { dx, dy, cover } of disc) {
			const tx = x + dx;
			const ty = y + dy;
			if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
			const t = (ty * width + tx) * 4;
			const a = c[3] * cover;
			if (a <= rgba[t + 3]) continue;
			rgba[t] = c[0];
			rgba[t + 1] = c[1];
			rgba[t + 2] = c[2];
			rgba[t + 3] = a;
		}
	}
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
	return { west, south, east, north, width, height, cellPixels: cell };
}
