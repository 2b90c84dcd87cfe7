// Place names on the map without a glyph server: countries, capitals, admin-1 areas and towns
// (static/places/labels.json, built by scripts/build-places.ts) drawn by deck.gl's TextLayer,
// which rasterises its own font atlas from a local font on a 2D canvas. Decluttering was decided
// when the file was built (a zoom from which each label is clear of those ranked above it): here
// the labels are only cut to the zoom and the view.
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { Box } from '../columns';
import { mapPalette } from '../../theme/palette';

export const PlaceKind = { Country: 0, Capital: 1, Area: 2, Town: 3 } as const;
export type PlaceKind = (typeof PlaceKind)[keyof typeof PlaceKind];

export interface PlaceLabels {
	characters: string;
	name: string[];
	kind: PlaceKind[];
	lon: number[];
	lat: number[];
	/** Sorted ascending: the labels of a zoom are a prefix of the file. */
	minZoom: number[];
	maxZoom: number[];
}

export interface Place {
	name: string;
	kind: PlaceKind;
	lon: number;
	lat: number;
}

let loading: Promise<PlaceLabels> | null = null;

/** The label file, fetched once (about 0.3 MB compressed) and shared by the map and the briefing export. */
export function loadPlaceLabels(): Promise<PlaceLabels> {
	loading ??= fetch('/places/labels.json').then((r) => {
		if (!r.ok) throw new Error(`place names: ${r.status}`);
		return r.json() as Promise<PlaceLabels>;
	});
	loading.catch(() => (loading = null));
	return loading;
}

/** At most this many labels in a view: a full-screen map of a dense region at zoom 10 holds ~150. */
const MAX_LABELS = 600;

/** The whole zoom level whose placement a fractional zoom uses: a label's box grows by at most √2 past it. */
const levelOf = (zoom: number) => Math.floor(zoom + 0.5);

/** The labels to draw at a zoom (whole zoom levels, as they were placed) inside a box. */
export function placesIn(labels: PlaceLabels, box: Box, zoom: number): Place[] {
	const z = levelOf(zoom);
	const out: Place[] = [];
	for (let i = 0; i < labels.name.length && out.length < MAX_LABELS; i++) {
		if (labels.minZoom[i] > z) break;
		if (labels.maxZoom[i] < z) continue;
		const lon = labels.lon[i];
		const lat = labels.lat[i];
		if (lon < box.west || lon > box.east || lat < box.south || lat > box.north) continue;
		out.push({ name: labels.name[i], kind: labels.kind[i], lon, lat });
	}
	return out;
}

/**
 * The same places (the same array: deck.gl then keeps its text attributes) while the view stays
 * inside the box they were cut for (the view padded by half its size) at the same zoom level.
 */
export class PlacesInView {
	private cached: { z: number; box: Box; places: Place[] } | null = null;

	constructor(private readonly labels: PlaceLabels) {}

	get characters(): string {
		return this.labels.characters;
	}

	at(view: Box, zoom: number): Place[] {
		const z = levelOf(zoom);
		const c = this.cached;
		if (c && c.z === z && view.west >= c.box.west && view.east <= c.box.east && view.south >= c.box.south && view.north <= c.box.north) return c.places;
		const w = (view.east - view.west) / 2;
		const h = (view.north - view.south) / 2;
		const box = { west: view.west - w, east: view.east + w, south: view.south - h, north: view.north + h };
		this.cached = { z, box, places: placesIn(this.labels, box, zoom) };
		return this.cached.places;
	}
}

/** Sizes by kind; colours by kind from the theme's palette (theme/palette.ts). */
const STYLE: Record<PlaceKind, { size: number; tone: 'country' | 'capital' | 'area' | 'town'; weight: number }> = {
	[PlaceKind.Country]: { size: 13, tone: 'country', weight: 700 },
	[PlaceKind.Capital]: { size: 12.5, tone: 'capital', weight: 700 },
	[PlaceKind.Area]: { size: 11, tone: 'area', weight: 600 },
	[PlaceKind.Town]: { size: 11.5, tone: 'town', weight: 600 }
};

const isSettlement = (p: Place) => p.kind === PlaceKind.Capital || p.kind === PlaceKind.Town;

/**
 * Text with a halo of the basemap's colour (an SDF atlas), towns and capitals with a dot beside their name.
 * Country and admin-1 names are centred on their label point; towns are written to the right of
 * their dot so that "near Khartoum" can be read off the map.
 */
export function placeLayers(places: Place[], characters: string): Layer[] {
	if (places.length === 0) return [];
	const palette = mapPalette().places;
	const settlements = places.filter(isSettlement);
	return [
		new ScatterplotLayer<Place>({
			id: 'place-dots',
			data: settlements,
			getPosition: (p) => [p.lon, p.lat],
			radiusUnits: 'pixels',
			getRadius: (p) => (p.kind === PlaceKind.Capital ? 3.2 : 2.4),
			getFillColor: palette.dot,
			stroked: true,
			getLineColor: palette.dotLine,
			lineWidthUnits: 'pixels',
			getLineWidth: 1,
			pickable: false
		}),
		new TextLayer<Place>({
			id: 'place-labels',
			data: places,
			getPosition: (p) => [p.lon, p.lat],
			getText: (p) => (p.kind === PlaceKind.Country ? p.name.toUpperCase() : p.name),
			getSize: (p) => STYLE[p.kind].size,
			getColor: (p) => palette[STYLE[p.kind].tone],
			updateTriggers: { getColor: palette },
			getTextAnchor: (p) => (isSettlement(p) ? 'start' : 'middle'),
			getAlignmentBaseline: 'center',
			getPixelOffset: (p) => (isSettlement(p) ? [6, 0] : [0, 0]),
			fontFamily: 'system-ui, "DejaVu Sans", "Noto Sans", Arial, sans-serif',
			fontWeight: 600,
			// Upper-case country names need their capitals even where no town name has them.
			characterSet: new Set([...characters, ...characters.toUpperCase()]),
			fontSettings: { sdf: true, fontSize: 48, buffer: 6, radius: 12 },
			outlineWidth: 4,
			outlineColor: palette.halo,
			pickable: false
		})
	];
}
