import { describe, expect, it } from 'vitest';
import { mercatorView } from './mercator-view';

// MapLibre's own projection is compared with this in Chromium (tests/e2e/light-first-load.test.ts);
// here, the cases whose answer is known without it.
describe('the view MapLibre will show, computed without it', () => {
	it('puts the centre in the middle and the world 512 px wide at zoom 0', () => {
		const v = mercatorView({ lon: 0, lat: 0 }, 0, 512, 512, 16);
		// (MapLibre's longitudes stop just inside ±180: a world of 512 px is a hair narrower than the map.)
		expect(v.zoom).toBeCloseTo(0, 9);
		expect(v.project(0, 0)[0]).toBeCloseTo(256, 6);
		expect(v.project(0, 0)[1]).toBeCloseTo(256, 6);
		const [x, y] = v.project(-180, 85.051129);
		expect(x).toBeCloseTo(0, 6);
		expect(y).toBeCloseTo(0, 3);
		expect(v.bounds.west).toBeCloseTo(-180, 6);
		expect(v.bounds.east).toBeCloseTo(180, 6);
	});

	it('zooms in when the world is narrower than the map, as MapLibre does without world copies', () => {
		const v = mercatorView({ lon: 40, lat: 10 }, 0, 1024, 400, 16);
		expect(v.zoom).toBeCloseTo(1, 9);
		// Centred on the world across; the latitude is kept.
		expect(v.project(-180, 10)[0]).toBeCloseTo(0, 6);
		expect(v.project(180, 10)[0]).toBeCloseTo(1024, 6);
		expect(v.project(40, 10)[1]).toBeCloseTo(200, 6);
	});

	it('pans back from beyond the poles and the antimeridian', () => {
		const north = mercatorView({ lon: 0, lat: 84 }, 2, 800, 600, 16);
		expect(north.bounds.north).toBeCloseTo(85.051129, 4);
		expect(north.project(0, 85.051129)[1]).toBeCloseTo(0, 3);
		const east = mercatorView({ lon: 179, lat: 0 }, 3, 800, 600, 16);
		expect(east.bounds.east).toBeCloseTo(180, 6);
		expect(east.project(180, 0)[0]).toBeCloseTo(800, 6);
	});

	it('keeps to the map’s zoom range', () => {
		expect(mercatorView({ lon: 0, lat: 0 }, 22, 800, 600, 16).zoom).toBe(16);
	});
});
