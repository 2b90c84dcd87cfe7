// The deck.gl layers of the hexbin and heatmap views, from the worker's reply (worker/aggregate.ts):
// the heatmap is one textured quad like the density image; the hexagons one instanced column
// layer, flat, sized in Mercator units so they stay on their ground while zooming (the worker
// re-cuts them for the new zoom once the map stops).
import type { Layer } from '@deck.gl/core';
import { BitmapLayer, ColumnLayer } from '@deck.gl/layers';
import type { DensityData } from './layer-inputs';
import type { MapView } from './views';
import { HEXAGON } from './hexagon';

/** deck.gl's common space spans 512 units across the world (the unit Mercator square × 512). */
const COMMON_UNITS = 512;

/** The worker's image of the view (the density underlay, the heatmap) as one textured quad over its frame. */
export function imageLayer(id: string, density: DensityData): Layer {
	const { image, frame, records, passing, cells } = density;
	return new BitmapLayer({
		id,
		image,
		bounds: [frame.west, frame.south, frame.east, frame.north],
		textureParameters: { minFilter: 'linear', magFilter: 'linear' },
		pickable: false,
		// For tests and the benchmark: how many records the image holds, and of how many; its pixels
		// (deck.gl turns `image` into a texture).
		records,
		passing,
		cells,
		pixels: image,
		// The reply it was made of: the first paint hands over once deck.gl draws it (scene.layerDrawn).
		density
	} as never);
}

export function aggregateLayers(view: Exclude<MapView, 'clusters'>, density: DensityData | null): Layer[] {
	if (!density) return [];
	const { records, passing, cells } = density;
	if (view === 'heatmap') return density.peak == null ? [] : [imageLayer('heatmap', density)];
	const hexes = density.hexes;
	if (!hexes || hexes.count.length === 0) return [];
	return [
		new ColumnLayer({
			id: 'hexbins',
			data: { length: hexes.count.length, attributes: { getPosition: { value: hexes.positions, size: 2 }, getFillColor: { value: hexes.rgba, size: 4 } } },
			diskResolution: 6,
			vertices: HEXAGON,
			radius: hexes.radius * COMMON_UNITS,
			radiusUnits: 'common',
			// A thin gap between neighbours, so each hexagon reads as a bin.
			coverage: 0.92,
			extruded: false,
			stroked: false,
			pickable: false,
			records,
			passing,
			cells,
			density
		} as never)
	];
}
