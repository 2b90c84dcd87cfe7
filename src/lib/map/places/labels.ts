// Place names on the map without a glyph server: countries, capitals, admin-1 areas and towns
// (static/places/labels.json, built by scripts/build-places.ts) drawn by deck.gl's TextLayer
// (place-layers.ts, loaded with the map's engine),
// which rasterises its own font atlas from a local font on a 2D canvas. Decluttering was decided
// when the file was built (a zoom from which each label is clear of those ranked above it): here
// the labels are only cut to the zoom and the view.
import type { Box } from '../load/columns';

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
