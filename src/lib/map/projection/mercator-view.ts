// The view MapLibre will show for a centre, zoom and size, computed without MapLibre: the first
// paint draws it and the worker cuts the first image for it while the map's engine (engine.ts) is
// still downloading. Web Mercator as MapLibre 5 has it: 512-pixel tiles, and its constraint of a
// world shown once (renderWorldCopies: false): nothing beyond the poles or the antimeridian, so a
// view wider or taller than the world zooms in, and one that overhangs its edge pans back.
// Once the map exists the first paint takes the map's own projection (first-paint.ts: attachMap).
import type { Box } from '../load/columns';
import { latFromY, lonFromX, mercatorX, mercatorY } from './mercator';

const TILE_SIZE = 512;
const MAX_LATITUDE = 85.051129;
/** MapLibre's range of longitudes without world copies: just inside ±180. */
const ALMOST_180 = 180 - 1e-10;

export interface ViewGeometry {
	bounds: Box;
	zoom: number;
	/** Geographic coordinates to CSS pixels of the map. */
	project(lon: number, lat: number): [number, number];
}

/** MapLibre's centre and zoom for those asked, on a map of this size (its defaultConstrain). */
function constrain(lon: number, lat: number, zoom: number, width: number, height: number, maxZoom: number): { x: number; y: number; zoom: number } {
	zoom = Math.min(maxZoom, Math.max(0, zoom));
	const worldSize = TILE_SIZE * 2 ** zoom;
	const [minX, maxX] = [mercatorX(-ALMOST_180) * worldSize, mercatorX(ALMOST_180) * worldSize];
	const [minY, maxY] = [mercatorY(MAX_LATITUDE) * worldSize, mercatorY(-MAX_LATITUDE) * worldSize];
	const scaleX = maxX - minX < width ? width / (maxX - minX) : 0;
	const scaleY = maxY - minY < height ? height / (maxY - minY) : 0;
	let x = mercatorX(lon) * worldSize;
	let y = mercatorY(lat) * worldSize;
	const scale = Math.max(scaleX, scaleY);
	if (scale) {
		// Zoomed in until the world fills the screen's wider side, centred on that axis.
		if (scaleX) x = (minX + maxX) / 2;
		if (scaleY) y = (minY + maxY) / 2;
		// MapLibre keeps the geographic centre and zooms: world coordinates grow by the same scale.
		return { x: x * scale, y: y * scale, zoom: zoom + Math.log2(scale) };
	}
	if (y - height / 2 < minY) y = minY + height / 2;
	if (y + height / 2 > maxY) y = maxY - height / 2;
	if (x - width / 2 < minX) x = minX + width / 2;
	if (x + width / 2 > maxX) x = maxX - width / 2;
	return { x, y, zoom };
}

export function mercatorView(center: { lon: number; lat: number }, zoom: number, width: number, height: number, maxZoom: number): ViewGeometry {
	const c = constrain(center.lon, center.lat, zoom, width, height, maxZoom);
	const worldSize = TILE_SIZE * 2 ** c.zoom;
	const left = c.x - width / 2;
	const top = c.y - height / 2;
	return {
		zoom: c.zoom,
		bounds: {
			west: lonFromX(left / worldSize),
			east: lonFromX((left + width) / worldSize),
			north: latFromY(top / worldSize),
			south: latFromY((top + height) / worldSize)
		},
		project: (lon, lat) => [mercatorX(lon) * worldSize - left, mercatorY(lat) * worldSize - top]
	};
}
