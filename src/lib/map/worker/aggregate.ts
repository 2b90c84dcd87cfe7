// The hexbin and heatmap views, both cut from the density counts (density.ts, countDensity): the
// records passing every filter and the playback window, counted into 2-pixel cells of the view.
// Starting from the cells rather than the records keeps each at O(cells) on top of the one pass
// over the records that the density image already makes (a frame of playback at a million
// records stays as cheap as in the cluster view), and every filter applies by construction.
//
// Why not deck.gl's HexagonLayer/HeatmapLayer: they aggregate on the GPU per record, which in
// software WebGL (no GPU, as here and in locked-down VMs) costs microseconds per record, seconds
// per playback frame at a million; and their CPU path runs on the main thread per record.
import { classColour, classOf, countBreaks, heatColour } from '../layers/aggregate-scale';
import type { Theme } from '../../theme/theme';
import { latFromY, lonFromX, mercatorX, mercatorY } from '../projection/mercator';
import { countDensity, rasterizeDensity, type DensityCounts, type DensityFrame, type DensityImage, type DensityInput, type DensityStyle } from './density';

const SQRT3 = Math.sqrt(3);

/**
 * The centre of the hexagon holding (x, y), on the pointy-top lattice of circumradius r anchored
 * at the origin (rows 1.5 r apart, every other one shifted by half a column): the lattice point
 * nearest to it, found among the two rows around it. Writes into `out` (no allocation per cell).
 */
export function hexCentre(x: number, y: number, r: number, out: { i: number; j: number; x: number; y: number }): void {
	const dx = r * SQRT3;
	const dy = r * 1.5;
	const j0 = Math.floor(y / dy);
	let best = Infinity;
	for (let j = j0; j <= j0 + 1; j++) {
		const shift = (j & 1) / 2;
		const i = Math.round(x / dx - shift);
		const cx = (i + shift) * dx;
		const cy = j * dy;
		const d = (cx - x) ** 2 + (cy - y) ** 2;
		if (d < best) {
			best = d;
			out.i = i;
			out.j = j;
			out.x = cx;
			out.y = cy;
		}
	}
}

export interface HexBins {
	/** Per hexagon with records: its centre (lon, lat interleaved), records (weighted by the playback fade) and colour. */
	positions: Float32Array;
	count: Float32Array;
	rgba: Uint8Array;
	/** Circumradius in the unit Mercator square. */
	radius: number;
	/** Upper bounds of the colour classes (aggregate-scale.ts). */
	breaks: number[];
	/** Sum of the counts: the records in the frame. */
	records: number;
}

/** The filtered records of the frame, binned into hexagons of radius r (unit Mercator square). */
export function binHexagons(counts: Pick<DensityCounts, 'weight' | 'records'>, frame: DensityFrame, r: number, theme: Theme = 'light'): HexBins {
	const { width, height } = frame;
	const x0 = mercatorX(frame.west);
	const y0 = mercatorY(frame.north);
	const cw = (mercatorX(frame.east) - x0) / width;
	const ch = (mercatorY(frame.south) - y0) / height;
	// Hexagons of the frame on a dense grid of (column, row) around it.
	const dx = r * SQRT3;
	const dy = r * 1.5;
	const iMin = Math.floor(x0 / dx) - 2;
	const jMin = Math.floor(y0 / dy) - 2;
	const cols = Math.ceil((width * cw) / dx) + 5;
	const rows = Math.ceil((height * ch) / dy) + 5;
	const sums = new Float64Array(cols * rows);
	const hex = { i: 0, j: 0, x: 0, y: 0 };
	const { weight } = counts;
	for (let cy = 0; cy < height; cy++) {
		const y = y0 + (cy + 0.5) * ch;
		for (let cx = 0; cx < width; cx++) {
			const w = weight[cy * width + cx];
			if (w <= 0) continue;
			// A cell goes whole to the hexagon of its centre: a 2-pixel cell is never more than a pixel off.
			hexCentre(x0 + (cx + 0.5) * cw, y, r, hex);
			sums[(hex.j - jMin) * cols + (hex.i - iMin)] += w;
		}
	}
	let n = 0;
	let max = 0;
	for (let k = 0; k < sums.length; k++) {
		if (sums[k] > 0) {
			n++;
			if (sums[k] > max) max = sums[k];
		}
	}
	const breaks = countBreaks(max);
	const out: HexBins = {
		positions: new Float32Array(n * 2),
		count: new Float32Array(n),
		rgba: new Uint8Array(n * 4),
		radius: r,
		breaks,
		records: counts.records
	};
	let h = 0;
	for (let k = 0; k < sums.length; k++) {
		const s = sums[k];
		if (s <= 0) continue;
		const j = jMin + Math.floor(k / cols);
		const i = iMin + (k % cols);
		out.positions[h * 2] = lonFromX((i + (j & 1) / 2) * dx);
		out.positions[h * 2 + 1] = latFromY(j * dy);
		out.count[h] = s;
		// A hexagon holding only faded records (playback) still gets the lowest class.
		const [red, green, blue] = classColour(classOf(Math.max(1, s), breaks), breaks.length, theme);
		out.rgba.set([red, green, blue, 225], h * 4);
		h++;
	}
	return out;
}

/** Heatmap kernel: a box blur of this many cells each side, run three times each way (close to a Gaussian, round). */
export const HEAT_RADIUS_CELLS = 4;
const HEAT_PASSES = 3;

/**
 * The side, in cells, of the square that holds a place's records once smoothed: one over the
 * kernel's weight at its centre along an axis. A spot's records = its smoothed value × side².
 */
export function heatKernelCells(radius = HEAT_RADIUS_CELLS): number {
	const size = 2 * HEAT_PASSES * radius + 1;
	let a = new Float32Array(size);
	let b = new Float32Array(size);
	a[HEAT_PASSES * radius] = 1;
	for (let pass = 0; pass < HEAT_PASSES; pass++) {
		boxBlur(a, b, 1, size, size, 1, radius);
		[a, b] = [b, a];
	}
	return 1 / a[HEAT_PASSES * radius];
}

/** One pass of a box blur along rows (step 1) or columns (step = width), with running sums. */
function boxBlur(src: Float32Array, dst: Float32Array, lines: number, length: number, lineStep: number, step: number, radius: number): void {
	const span = 2 * radius + 1;
	for (let line = 0; line < lines; line++) {
		const base = line * lineStep;
		let sum = 0;
		for (let k = 0; k < Math.min(radius, length); k++) sum += src[base + k * step];
		for (let k = 0; k < length; k++) {
			const add = k + radius;
			const drop = k - radius - 1;
			if (add < length) sum += src[base + add * step];
			if (drop >= 0) sum -= src[base + drop * step];
			dst[base + k * step] = sum / span;
		}
	}
}

export interface HeatImage {
	rgba: Uint8ClampedArray;
	/** Cells drawn (not transparent). */
	cells: number;
	/** Records within one kernel square (heatKernelCells) at the densest spot of the frame: the top of the legend's scale. */
	peak: number;
}

/** The heatmap of the frame: the counts smoothed over a kernel, coloured by the square root of their share of the densest spot. */
export function heatImage(weight: Float32Array | Float64Array, frame: DensityFrame, radius = HEAT_RADIUS_CELLS, theme: Theme = 'light'): HeatImage {
	const { width, height } = frame;
	const a = new Float32Array(weight.length);
	const b = Float32Array.from(weight);
	for (let pass = 0; pass < HEAT_PASSES; pass++) {
		boxBlur(b, a, height, width, width, 1, radius);
		boxBlur(a, b, width, height, 1, width, radius);
	}
	let max = 0;
	for (let k = 0; k < b.length; k++) if (b[k] > max) max = b[k];
	const rgba = new Uint8ClampedArray(weight.length * 4);
	let cells = 0;
	if (max > 0) {
		for (let k = 0; k < b.length; k++) {
			const t = Math.sqrt(b[k] / max);
			if (t < 0.02) continue;
			const [red, green, blue] = heatColour(t, theme);
			const o = k * 4;
			rgba[o] = red;
			rgba[o + 1] = green;
			rgba[o + 2] = blue;
			// Opacity fades in over the lowest third, so a place's edge melts into the basemap.
			rgba[o + 3] = 235 * Math.min(1, t / 0.35);
			cells++;
		}
	}
	return { rgba, cells, peak: max * heatKernelCells(radius) ** 2 };
}

/** What the worker draws for a view: the density image's styles, or the hexbin and heatmap views. */
export type ViewStyle = DensityStyle | 'hexbin' | 'heatmap';

export interface ViewImage extends DensityImage {
	/** The hexbin view's bins (its image is a transparent pixel); null otherwise. */
	hexes: HexBins | null;
	/** The heatmap's top of scale (HeatImage.peak); null otherwise. */
	peak: number | null;
}

/** `theme`: the ramp of the hexbin and heatmap colours (aggregate-scale.ts), the page's or the export's. */
export function drawView(input: Omit<DensityInput, 'style'> & { style: ViewStyle; hexRadius?: number; theme?: Theme }): ViewImage {
	const { frame, style } = input;
	if (style !== 'hexbin' && style !== 'heatmap') return { ...rasterizeDensity({ ...input, style }), hexes: null, peak: null };
	const counts = countDensity(input);
	const { records, passing } = counts;
	if (style === 'heatmap') {
		const heat = heatImage(counts.weight, frame, HEAT_RADIUS_CELLS, input.theme);
		return { frame, rgba: heat.rgba, records, passing, cells: heat.cells, hexes: null, peak: heat.peak };
	}
	const hexes = binHexagons(counts, frame, input.hexRadius ?? 0.01, input.theme);
	return { frame: { ...frame, width: 1, height: 1 }, rgba: new Uint8ClampedArray(4), records, passing, cells: hexes.count.length, hexes, peak: null };
}
