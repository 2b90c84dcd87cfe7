// The colour scale of the hexbin and heatmap views, shared by the worker (which colours the bins
// and the heatmap image), the on-map legend and the briefing PNG's legend, so the three agree.
// Viridis: ordered in lightness, readable with the common colour-vision deficiencies, and apart
// from the datasets' orange and blue. The most records take the colour that stands out most from
// the basemap: the darkest on the light theme, the brightest on the dark one (reversed, without
// viridis' darkest purple, which a dark basemap would swallow). Neither ends at a colour the
// basemap swallows: viridis' last yellow is as light as the light theme's land (contrast 1.0).
type Rgb = [number, number, number];
import type { Theme } from '../../theme/theme';

/** Fewest records first. */
export const RAMPS: Record<Theme, readonly Rgb[]> = {
	light: [
		[160, 218, 57],
		[122, 209, 81],
		[34, 168, 132],
		[42, 120, 142],
		[65, 68, 135],
		[68, 1, 84]
	],
	dark: [
		[59, 82, 139],
		[44, 114, 142],
		[33, 145, 140],
		[39, 173, 129],
		[122, 209, 81],
		[253, 231, 37]
	]
};

/** The light theme's ramp (the default everywhere a theme is not given). */
export const RAMP = RAMPS.light;

const hexOf = ([r, g, b]: Rgb) => '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');

/**
 * Upper bounds of the count classes for hexagons holding up to `max` records: up to six classes
 * spaced evenly on a logarithmic scale (counts span orders of magnitude), whole numbers, rising.
 * The last is `max` itself.
 */
export function countBreaks(max: number): number[] {
	const top = Math.ceil(max);
	if (top < 1) return [];
	const breaks: number[] = [];
	for (let k = 1; k <= RAMP.length; k++) {
		const b = k === RAMP.length ? top : Math.round(top ** (k / RAMP.length));
		if (b > (breaks.at(-1) ?? 0)) breaks.push(b);
	}
	return breaks;
}

/** The class of a count: the first break it does not exceed. */
export function classOf(count: number, breaks: number[]): number {
	for (let k = 0; k < breaks.length; k++) if (count <= breaks[k]) return k;
	return breaks.length - 1;
}

/** The ramp colour of class k out of n (n < 6 spreads the classes over the whole ramp). */
export function classColour(k: number, n: number, ramp: Theme = 'light'): Rgb {
	const colours = RAMPS[ramp];
	return colours[n <= 1 ? colours.length - 1 : Math.round((k * (colours.length - 1)) / (n - 1))];
}

/** The legend's classes: "1", "2–4", "5–17", … with their colours. */
export function countLegend(breaks: number[], ramp: Theme = 'light'): { label: string; hex: string }[] {
	return breaks.map((b, k) => {
		const from = k === 0 ? 1 : breaks[k - 1] + 1;
		const [r, g, bl] = classColour(k, breaks.length, ramp);
		return { label: from === b ? fmt(b) : `${fmt(from)}–${fmt(b)}`, hex: `rgb(${r},${g},${bl})` };
	});
}

const fmt = (n: number) => n.toLocaleString('en');

/** The heatmap's colour at t ∈ [0, 1] (0: fewest records, 1: the densest spot in view), interpolated along the ramp. */
export function heatColour(t: number, ramp: Theme = 'light'): Rgb {
	const colours = RAMPS[ramp];
	const at = Math.min(1, Math.max(0, t)) * (colours.length - 1);
	const k = Math.min(colours.length - 2, Math.floor(at));
	const f = at - k;
	const a = colours[k];
	const b = colours[k + 1];
	return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** The colour scale of a view as the legends draw it (on the map and in the briefing PNG). */
export interface ScaleLegend {
	title: string;
	/** Classes (hexbins) or the ends and middle of a continuous ramp (heatmap, `gradient`). */
	stops: { label: string; hex: string }[];
	gradient: boolean;
}

/**
 * The legend of the hexbin or heatmap view for the worker's latest reply; null for clusters or
 * before the first reply. `kernelPx`: the side of the heatmap's kernel square in screen pixels.
 */
export function scaleLegend(
	view: string,
	reply: { hexes?: { breaks: number[] } | null; peak?: number | null } | null,
	kernelPx: number,
	ramp: Theme = 'light'
): ScaleLegend | null {
	if (view === 'hexbin' && reply?.hexes) return { title: 'Records per hexagon', stops: countLegend(reply.hexes.breaks, ramp), gradient: false };
	if (view === 'heatmap' && reply?.peak != null) {
		const most = Math.max(1, Math.round(reply.peak)).toLocaleString('en');
		const hexes = RAMPS[ramp].map(hexOf);
		return {
			title: `Density of records (most: ≈${most} per ${kernelPx}-px square)`,
			stops: [{ label: 'fewer', hex: hexes[0] }, ...hexes.slice(1, -1).map((hex) => ({ label: '', hex })), { label: 'more', hex: hexes.at(-1)! }],
			gradient: true
		};
	}
	return null;
}
