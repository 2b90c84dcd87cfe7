// The offline basemap: Natural Earth countries (world-atlas, shipped with the app) as fill and
// line layers. No tiles, glyphs or sprites are fetched; PUBLIC_MAP_STYLE_URL switches to an
// online style when the user configures one.
import type { GeoJSONSource, Map, StyleSpecification } from 'maplibre-gl';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import coarseCountriesUrl from 'world-atlas/countries-110m.json?url';
import detailedCountriesUrl from 'world-atlas/countries-50m.json?url';
import { mapPalette } from '../../theme/palette';

const ANTARCTICA = '010';

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/**
 * Natural Earth closes a few rings (Russia, Fiji) across the antimeridian: a segment jumping
 * from +180 to −180 would be drawn straight across the world. Such rings are made continuous by
 * moving their western-hemisphere points east of +180.
 */
function unwrapRing(ring: Position[]): Position[] {
	const jumps = ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180);
	return jumps ? ring.map(([lon, lat]) => [lon < 0 ? lon + 360 : lon, lat]) : ring;
}

export function landFeatures(topology: CountriesTopology): FeatureCollection<Polygon | MultiPolygon> {
	const countries = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
	const features: Feature<Polygon | MultiPolygon>[] = [];
	for (const f of countries.features) {
		if (f.id === ANTARCTICA || !f.geometry) continue;
		const g = f.geometry;
		const geometry: Polygon | MultiPolygon =
			g.type === 'Polygon'
				? { type: 'Polygon', coordinates: g.coordinates.map(unwrapRing) }
				: { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(unwrapRing)) };
		features.push({ type: 'Feature', id: f.id, properties: { name: f.properties?.name ?? '' }, geometry });
	}
	return { type: 'FeatureCollection', features };
}

async function countries(url: string): Promise<FeatureCollection<Polygon | MultiPolygon>> {
	return landFeatures((await (await fetch(url)).json()) as CountriesTopology);
}

const OFFLINE_STYLE_NAME = 'Natural Earth (offline)';

/** The style starts with the coarse (1:110m) countries, which load in a blink; see refineBasemap. */
export async function offlineStyle(): Promise<StyleSpecification> {
	const land = await countries(coarseCountriesUrl);
	const BASEMAP = mapPalette().basemap;
	return {
		version: 8,
		name: OFFLINE_STYLE_NAME,
		sources: {
			countries: { type: 'geojson', data: land, attribution: 'Natural Earth' }
		},
		layers: [
			{ id: 'ocean', type: 'background', paint: { 'background-color': BASEMAP.ocean } },
			// The borders stroke every edge of the land, so the fill's own antialiasing outline (a
			// second pass over every edge, ~15 ms a frame in software WebGL) adds nothing.
			{ id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': BASEMAP.land, 'fill-antialias': false } },
			{
				id: 'borders',
				type: 'line',
				source: 'countries',
				paint: { 'line-color': BASEMAP.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1.1] }
			}
		]
	};
}

/** Below this zoom the coarse countries are as sharp as the screen shows them (1:110m). */
export const DETAIL_ZOOM = 3;

/**
 * Swaps in the detailed (1:50m) countries the first time the map is zoomed in to DETAIL_ZOOM.
 * Not before: they have ten times the vertices, which every frame of a world view would draw
 * (software WebGL pays for each), and parsing them would compete with the records streaming in.
 */
export function refineBasemap(map: Map): void {
	const refine = () => {
		if (map.getZoom() < DETAIL_ZOOM) return;
		map.off('zoomend', refine);
		const source = map.getSource('countries') as GeoJSONSource | undefined;
		if (source && typeof source.setData === 'function') void countries(detailedCountriesUrl).then((land) => source.setData(land));
	};
	map.on('zoomend', refine);
	refine();
}

/** Admin-1 boundaries (Natural Earth, static/places/admin1.json, ~0.5 MB compressed) from this zoom. */
export const ADMIN1_ZOOM = 4;

/**
 * Adds the admin-1 boundaries of the offline basemap the first time the map reaches a regional
 * zoom: a world view never draws or downloads them. Drawn under the country borders, dashed.
 */
export function showAdmin1WhenZoomed(map: Map): void {
	const add = () => {
		if (map.getZoom() < ADMIN1_ZOOM - 0.5 || !map.getSource('countries')) return;
		map.off('zoomend', add);
		void fetch('/places/admin1.json')
			.then((r) => r.json() as Promise<Topology<{ admin1: GeometryCollection<{ n: string }> }>>)
			.then((topology) => {
				if (map.getSource('admin1') || !map.getStyle()) return;
				map.addSource('admin1', { type: 'geojson', data: feature(topology, topology.objects.admin1) as FeatureCollection, attribution: 'Natural Earth' });
				map.addLayer(
					{
						id: 'admin1',
						type: 'line',
						source: 'admin1',
						minzoom: ADMIN1_ZOOM - 0.5,
						paint: { 'line-color': mapPalette().basemap.admin1, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 9, 1.1], 'line-dasharray': [3, 2] }
					},
					'borders'
				);
			})
			.catch(() => map.on('zoomend', add));
	};
	map.on('zoomend', add);
	add();
}

/**
 * Repaints the map in the current theme (palette.ts): the offline basemap's land, sea and borders,
 * and the drawn areas (areas/draw.ts). An online style (PUBLIC_MAP_STYLE_URL) keeps its own
 * colours: its layers are not ours to repaint.
 */
export function restyleForTheme(map: Map): void {
	const p = mapPalette();
	const offline = map.getStyle()?.name === OFFLINE_STYLE_NAME;
	const paints: [layer: string, property: string, value: string][] = [
		...(offline
			? ([
					['ocean', 'background-color', p.basemap.ocean],
					['land', 'fill-color', p.basemap.land],
					['borders', 'line-color', p.basemap.border],
					['admin1', 'line-color', p.basemap.admin1]
				] as [string, string, string][])
			: []),
		['areas-fill', 'fill-color', p.area],
		['areas-line', 'line-color', p.area]
	];
	for (const [layer, property, value] of paints) if (map.getLayer(layer)) map.setPaintProperty(layer, property, value);
}

/**
 * The basemap: the offline one, or the style at PUBLIC_MAP_STYLE_URL. Such a style may take its
 * tiles from a PMTiles archive (a source `url: "pmtiles://<address of the .pmtiles file>"`, e.g. a
 * regional extract served from the app's static/ folder or any server the CSP allows): the
 * pmtiles protocol is registered for it, loaded only then.
 */
export async function mapStyle(
	onlineStyleUrl: string,
	maplibre: () => Promise<{ addProtocol: typeof import('maplibre-gl').addProtocol }>
): Promise<StyleSpecification | string> {
	if (!onlineStyleUrl) return offlineStyle();
	const [{ Protocol }, { addProtocol }] = await Promise.all([import('pmtiles'), maplibre()]);
	addProtocol('pmtiles', new Protocol().tile);
	return onlineStyleUrl;
}
