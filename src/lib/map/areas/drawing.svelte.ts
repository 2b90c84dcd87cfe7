// Which shape is being drawn (none most of the time), and the map's "zoom to" for an area and for
// the chosen countries. A finished shape becomes a named area of the filter (undoable, in the URL).
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Area } from '../../geo/areas';
import type { RecordFeed } from '../feed.svelte';
import { codeTable, passesDays } from '../filter';
import type { FilterState } from '../filters.svelte';
import type { AreaDrawing, DrawKind } from './draw';
import type { Engine } from '../engine/engine-loader';

export class AreaDrawState {
	/** The shape being drawn, if any: the map's clicks are the drawing's meanwhile. */
	drawing = $state<DrawKind | null>(null);
	private draw: AreaDrawing | null = null;

	constructor(private readonly filters: FilterState) {}

	/** terra-draw comes with the map's engine (engine.ts), which exists once the map does. */
	start(map: MaplibreMap, kind: DrawKind, engine: Pick<Engine, 'AreaDrawing'>): void {
		this.draw ??= new engine.AreaDrawing(map, (shape) => {
			this.drawing = null;
			const { filter } = this.filters;
			this.filters.set({ ...filter, areas: [...filter.areas, { ...shape, name: `Area ${filter.areas.length + 1}` }] });
		});
		this.drawing = kind;
		this.draw.start(kind);
	}

	cancel(): void {
		this.draw?.stop();
		this.drawing = null;
	}
}

export function zoomToArea(map: MaplibreMap | undefined, area: Area): void {
	const lons = area.ring.map((p) => p[0]);
	const lats = area.ring.map((p) => p[1]);
	map?.fitBounds(
		[
			[Math.min(...lons), Math.min(...lats)],
			[Math.max(...lons), Math.max(...lats)]
		],
		{ padding: 60, duration: 600 }
	);
}

/** "Zoom to" the chosen countries: the box of their records passing the other filters (one pass over the page's columns). */
export function zoomToCountries(map: MaplibreMap | undefined, feed: RecordFeed, filters: FilterState): void {
	const { filter, partsShown } = filters;
	const wanted = codeTable(feed.dictionaries.country, filter.countries);
	if (!map || !wanted) return;
	let [w, s, e, n] = [180, 90, -180, -90];
	for (const p of feed.parts.values()) {
		if (!partsShown.has(p.id)) continue;
		for (let i = 0; i < p.length; i++) {
			if (wanted[p.country[i] + 1] !== 1 || !passesDays(p.day(i), filter)) continue;
			const lon = p.positions[i * 2];
			const lat = p.positions[i * 2 + 1];
			if (lon < w) w = lon;
			if (lon > e) e = lon;
			if (lat < s) s = lat;
			if (lat > n) n = lat;
		}
	}
	if (w <= e)
		map.fitBounds(
			[
				[w, s],
				[e, n]
			],
			{ padding: 50, maxZoom: 9, duration: 700 }
		);
}
