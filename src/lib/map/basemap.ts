// The offline basemap: Natural Earth countries (world-atlas, shipped with the app) as fill and
// line layers. No tiles, glyphs or sprites are fetched; PUBLIC_MAP_STYLE_URL switches to an
// online style when the user configures one.
import type { StyleSpecification } from 'maplibre-gl';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { BASEMAP } from './config';

const ANTARCTICA = '010';

/**
 * Natural Earth closes a few rings (Russia, Fiji) across the antimeridian: a segment jumping
 * from +180 to −180 would be drawn straight across the world. Such rings are made continuous by
 * moving their western-hemisphere points east of +180.
 */
function unwrapRing(ring: Position[]): Position[] {
	const jumps = ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180);
	return jumps ? ring.map(([lon, lat]) => [lon < 0 ? lon + 360 : lon, lat]) : ring;
}

export function landFeatures(topology: Topology<{ countries: GeometryCollection<{ name: string }> }>): FeatureCollection<Polygon | MultiPolygon> {
	const countries = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
	const features: Feature<Polygon | MultiPolygon>[] = [];
	for (const f of countries.features) {
		if (f.id === ANTARCTICA || !f.geometry) continue;
		const g = f.geometry;
		const geometry: Polygon | MultiPolygon =
			g.type === 'Polygon' ? { type: 'Polygon', coordinates: g.coordinates.map(unwrapRing) } : { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(unwrapRing)) };
		features.push({ type: 'Feature', id: f.id, properties: { name: f.properties?.name ?? '' }, geometry });
	}
	return { type: 'FeatureCollection', features };
}

export async function offlineStyle(): Promise<StyleSpecification> {
	const topology = (await (await fetch(countriesUrl)).json()) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
	return {
		version: 8,
		name: 'Natural Earth (offline)',
		sources: {
			countries: { type: 'geojson', data: landFeatures(topology), attribution: 'Natural Earth' }
		},
		layers: [
			{ id: 'ocean', type: 'background', paint: { 'background-color': BASEMAP.ocean } },
			{ id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': BASEMAP.land } },
			{ id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': BASEMAP.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1.1] } }
		]
	};
}

export async function mapStyle(onlineStyleUrl: string): Promise<StyleSpecification | string> {
	return onlineStyleUrl ? onlineStyleUrl : offlineStyle();
}
