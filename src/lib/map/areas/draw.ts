// Drawing an area on the map with terra-draw (its MapLibre adapter): one rectangle or polygon at a
// time; the finished shape is handed over and removed from terra-draw, because the areas live in
// the map's filter (and the URL) and are drawn from there (showAreas), whoever made them.
import type { GeoJSONSource, Map as MaplibreMap } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawRectangleMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Area } from '../../geo/areas';
import { mapPalette } from '../../theme/palette';

export type DrawKind = Area['kind'];

export class AreaDrawing {
	private draw: TerraDraw | null = null;

	constructor(
		private readonly map: MaplibreMap,
		private readonly onfinish: (shape: { kind: DrawKind; ring: [number, number][] }) => void
	) {}

	/** Starts drawing a shape: a rectangle by two clicks, a polygon by clicks closed on its first point (or Enter). */
	start(kind: DrawKind): void {
		if (!this.draw) {
			const { area, areaHandle } = mapPalette();
			const style = {
				fillColor: area,
				fillOpacity: 0.08,
				outlineColor: area,
				outlineWidth: 2,
				closingPointColor: area,
				closingPointOutlineColor: areaHandle
			} as const;
			this.draw = new TerraDraw({
				adapter: new TerraDrawMapLibreGLAdapter({ map: this.map }),
				modes: [new TerraDrawRectangleMode({ styles: style }), new TerraDrawPolygonMode({ styles: style, keyEvents: { cancel: 'Escape', finish: 'Enter' } })]
			});
			this.draw.on('finish', (id) => {
				const feature = this.draw?.getSnapshotFeature(id);
				this.draw?.removeFeatures([id]);
				const ring = (feature?.geometry.type === 'Polygon' ? (feature.geometry.coordinates[0] as [number, number][]) : []).slice(0, -1);
				this.stop();
				if (ring.length >= 3)
					this.onfinish({ kind: feature?.properties.mode === 'rectangle' ? 'rectangle' : 'polygon', ring: ring.map(([lon, lat]) => [lon, lat]) });
			});
		}
		if (!this.draw.enabled) this.draw.start();
		this.draw.setMode(kind);
	}

	stop(): void {
		if (this.draw?.enabled) this.draw.stop();
	}

	get drawing(): boolean {
		return !!this.draw?.enabled;
	}
}

/** The areas of the filter on the map (a MapLibre source, so the briefing export draws them too). */
export function showAreas(map: MaplibreMap, areas: readonly Area[]): void {
	const data: FeatureCollection = {
		type: 'FeatureCollection',
		features: areas.map((a) => ({ type: 'Feature', properties: { name: a.name }, geometry: { type: 'Polygon', coordinates: [[...a.ring, a.ring[0]]] } }))
	};
	const source = map.getSource('areas') as GeoJSONSource | undefined;
	if (source) return void source.setData(data);
	map.addSource('areas', { type: 'geojson', data });
	map.addLayer({ id: 'areas-fill', type: 'fill', source: 'areas', paint: { 'fill-color': mapPalette().area, 'fill-opacity': 0.06 } });
	map.addLayer({ id: 'areas-line', type: 'line', source: 'areas', paint: { 'line-color': mapPalette().area, 'line-width': 2, 'line-dasharray': [2, 1] } });
}
