// The colours of what is drawn rather than styled: the offline basemap (MapLibre), its first paint
// (Canvas 2D), the deck.gl layers and the PNG export's bands. CSS cannot reach those, so they read
// mapPalette(), which follows the page's theme (theme-state.svelte.ts calls setMapTheme).
// The dataset colours (config.ts DATASET_RGB) are the same in both themes, so a legend means one
// thing; the dark basemap is chosen so that they, and the mixed clusters between them, keep at
// least 3:1 against land and sea (WCAG's figure for graphics; palette.test.ts checks).
import type { Theme } from './theme';

type Rgba = [number, number, number, number];
/** CSS hex colours (terra-draw takes only these). */
type Hex = `#${string}`;

export interface MapPalette {
	basemap: { ocean: string; land: string; border: string; admin1: string };
	/** Place names (places/labels.ts): text by kind, the halo behind it, and the town dots. */
	places: { country: Rgba; capital: Rgba; area: Rgba; town: Rgba; halo: Rgba; dot: Rgba; dotLine: Rgba };
	/** The halo of the small ICD/ICDB labels and the ringed records' numbers. */
	halo: Rgba;
	/** The rim of a cluster disc, and the fill of an image's ring (videos are solid). */
	clusterOutline: Rgba;
	imageFill: Rgba;
	/** The ring round the selected record, round the search results and questions' sources, and the pointer's highlight. */
	selected: Rgba;
	ring: Rgba;
	hover: Rgba;
	/**
	 * "What changed" (changes/): a cell's outline by its kind. Apart from the dataset colours (orange,
	 * blue) and the search rings (pink): a change must not read as a dataset or a search result.
	 */
	changes: Record<'new' | 'intensifying' | 'diminishing' | 'persistent', Rgba>;
	/** Organisations' tracks, one colour each in the order tracked (tracks-state.svelte.ts), apart from the dataset colours. */
	tracks: Rgba[];
	/** Drawn areas (areas/draw.ts), as CSS colours. */
	area: Hex;
	areaHandle: Hex;
	/** Annotations (annotations/): the analyst's ink, and the halo that keeps it readable over anything. */
	annotation: { ink: Rgba; halo: Rgba };
	/** The briefing PNG's bands (export/compose.ts). */
	export: { background: string; rule: string; ink: string; muted: string; symbol: string };
}

const LIGHT: MapPalette = {
	basemap: { ocean: '#dfe7ee', land: '#f7f5f0', border: '#b6bcc4', admin1: '#b9a7cf' },
	places: {
		country: [71, 85, 105, 255],
		capital: [15, 23, 42, 255],
		area: [124, 104, 150, 255],
		town: [30, 41, 59, 255],
		halo: [255, 255, 255, 235],
		dot: [51, 65, 85, 230],
		dotLine: [255, 255, 255, 230]
	},
	halo: [255, 255, 255, 255],
	clusterOutline: [255, 255, 255, 230],
	imageFill: [255, 255, 255, 220],
	selected: [15, 23, 42, 255],
	ring: [200, 30, 90, 255],
	hover: [20, 20, 20, 160],
	changes: { new: [126, 34, 206, 255], intensifying: [185, 28, 28, 255], diminishing: [15, 118, 110, 255], persistent: [87, 83, 78, 255] },
	tracks: [
		[0, 128, 96, 255],
		[190, 24, 120, 255],
		[120, 72, 8, 255],
		[84, 60, 160, 255],
		[150, 20, 40, 255],
		[40, 90, 40, 255]
	],
	area: '#7c2d12',
	areaHandle: '#ffffff',
	annotation: { ink: [17, 24, 39, 255], halo: [255, 255, 255, 230] },
	export: { background: '#ffffff', rule: '#e2e8f0', ink: '#0f172a', muted: '#475569', symbol: '#475569' }
};

const DARK: MapPalette = {
	basemap: { ocean: '#0b1520', land: '#1b2531', border: '#3f4d5d', admin1: '#52466a' },
	places: {
		country: [148, 163, 184, 255],
		capital: [241, 245, 249, 255],
		area: [186, 168, 214, 255],
		town: [203, 213, 225, 255],
		halo: [11, 21, 32, 235],
		dot: [203, 213, 225, 230],
		dotLine: [11, 21, 32, 230]
	},
	halo: [11, 21, 32, 255],
	clusterOutline: [11, 21, 32, 230],
	imageFill: [11, 21, 32, 220],
	selected: [248, 250, 252, 255],
	ring: [244, 114, 182, 255],
	hover: [255, 255, 255, 170],
	changes: { new: [192, 132, 252, 255], intensifying: [248, 113, 113, 255], diminishing: [45, 212, 191, 255], persistent: [168, 162, 158, 255] },
	tracks: [
		[52, 211, 153, 255],
		[244, 144, 200, 255],
		[222, 176, 110, 255],
		[180, 160, 240, 255],
		[250, 128, 140, 255],
		[160, 220, 110, 255]
	],
	area: '#fdba74',
	areaHandle: '#0b1520',
	annotation: { ink: [250, 204, 21, 255], halo: [11, 21, 32, 230] },
	export: { background: '#0f172a', rule: '#334155', ink: '#e2e8f0', muted: '#b4c0cf', symbol: '#b4c0cf' }
};

const PALETTES: Record<Theme, MapPalette> = { light: LIGHT, dark: DARK };

let current: Theme = 'light';

/** The theme the map draws in from now on (the page's ThemeState keeps it in step). */
export function setMapTheme(theme: Theme): void {
	current = theme;
}

export function mapTheme(): Theme {
	return current;
}

export function mapPalette(theme: Theme = current): MapPalette {
	return PALETTES[theme];
}
