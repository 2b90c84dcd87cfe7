import { describe, expect, it } from 'vitest';
import { DATASET_RGB } from '../config';
import { mercatorX, mercatorY } from '../projection/mercator';
import { densityFrame, MAX_CELLS, MAX_LAT, rasterizeDensity, type DensityColumns } from './density';

function columns(isIcd: boolean, records: { lon: number; lat: number; day: number }[]): DensityColumns {
	return {
		isIcd,
		length: records.length,
		x: Float32Array.from(records.map((r) => mercatorX(r.lon))),
		y: Float32Array.from(records.map((r) => mercatorY(r.lat))),
		day: Int32Array.from(records.map((r) => r.day))
	};
}

const world = { west: -180, south: -MAX_LAT, east: 180, north: MAX_LAT, width: 360, height: 360 };
const all: [number, number] = [-1e9, 1e9];
const everyone = () => true;
const alphaAt = (img: { rgba: Uint8ClampedArray; frame: { width: number } }, lon: number, lat: number) => {
	const cx = Math.floor(mercatorX(lon) * img.frame.width);
	const cy = Math.floor(mercatorY(lat) * img.frame.width);
	return img.rgba[(cy * img.frame.width + cx) * 4 + 3];
};

describe('rasterizeDensity', () => {
	it('counts every passing record into the cell under it, coloured by dataset', () => {
		const icd = columns(true, [
			{ lon: 10.3, lat: 10.2, day: 5 },
			{ lon: 10.3, lat: 10.2, day: 6 }
		]);
		const icdb = columns(false, [{ lon: -100.3, lat: 40.2, day: 5 }]);
		const img = rasterizeDensity({
			frame: world,
			parts: [
				{ columns: icd, passes: everyone },
				{ columns: icdb, passes: everyone }
			],
			dayRange: all,
			softRange: null,
			style: 'underlay'
		});
		expect(img.records).toBe(3);
		expect(img.passing).toBe(3);
		expect(img.rgba.length).toBe(360 * 360 * 4);
		const cell = (lon: number, lat: number) => (Math.floor(mercatorY(lat) * 360) * 360 + Math.floor(mercatorX(lon) * 360)) * 4;
		expect([...img.rgba.slice(cell(10.3, 10.2), cell(10.3, 10.2) + 3)]).toEqual(DATASET_RGB.icd);
		expect([...img.rgba.slice(cell(-100.3, 40.2), cell(-100.3, 40.2) + 3)]).toEqual(DATASET_RGB.icdb);
		// Two records are more opaque than one; empty cells are transparent.
		expect(alphaAt(img, 10.3, 10.2)).toBeGreaterThan(alphaAt(img, -100.3, 40.2));
		expect(alphaAt(img, 100, -30)).toBe(0);
		const coloured = img.rgba.filter((_, i) => i % 4 === 3 && img.rgba[i] > 0).length;
		expect(coloured).toBe(2);
		expect(img.cells).toBe(2);
	});

	it('leaves out records outside the dates, the frame or the filter', () => {
		const p = columns(true, [
			{ lon: 10.3, lat: 10.2, day: 5 },
			{ lon: 20, lat: 10, day: 50 },
			{ lon: 30, lat: 10, day: 6 },
			{ lon: 150, lat: 10, day: 6 }
		]);
		const frame = { west: 0, south: 0, east: 100, north: 50, width: 100, height: 60 };
		const img = rasterizeDensity({ frame, parts: [{ columns: p, passes: (i) => i !== 2 }], dayRange: [0, 10], softRange: null, style: 'underlay' });
		expect(img.records).toBe(1);
		// The one at lon 150 passes but is outside the frame.
		expect(img.passing).toBe(2);
	});

	it('fades records by age in the playback window: the newest at full weight, older fainter', () => {
		const p = columns(true, [
			{ lon: 10.3, lat: 10.2, day: 19 },
			{ lon: 50.3, lat: 10.2, day: 2 },
			{ lon: 90.3, lat: 10.2, day: 10 }
		]);
		const img = rasterizeDensity({ frame: world, parts: [{ columns: p, passes: everyone }], dayRange: [0, 20], softRange: [16, 20], style: 'playback' });
		expect(alphaAt(img, 10.3, 10.2)).toBeGreaterThan(alphaAt(img, 90.3, 10.2));
		expect(alphaAt(img, 90.3, 10.2)).toBeGreaterThan(alphaAt(img, 50.3, 10.2));
		expect(alphaAt(img, 50.3, 10.2)).toBeGreaterThan(0);
	});

	it('draws each record of playback as a dot of the minimum radius in screen pixels', () => {
		const p = columns(true, [{ lon: 10.3, lat: 10.2, day: 5 }]);
		// One cell per screen pixel: a disc of radius 3.5 with a soft rim (45 cells touched).
		const frame = { ...world, width: 1000, height: 1000, cellPixels: 1 };
		const rows = (style: 'playback' | 'underlay') => {
			const img = rasterizeDensity({ frame, parts: [{ columns: p, passes: everyone }], dayRange: [0, 10], softRange: null, style });
			let covered = 0;
			for (let i = 3; i < img.rgba.length; i += 4) if (img.rgba[i] > 0) covered++;
			return covered;
		};
		expect(rows('underlay')).toBe(1);
		expect(rows('playback')).toBe(45);
	});
});

describe('densityFrame', () => {
	// A 1024-px-wide world: zoom 1 with 512-px tiles, the equator at y = 512.
	const project = (lon: number, lat: number): [number, number] => [mercatorX(lon) * 1024, mercatorY(lat) * 1024];

	it('clamps the view to the world and sizes the cells in screen pixels', () => {
		const f = densityFrame({ west: -200, south: -89, east: 200, north: 89 }, project, 2)!;
		expect([f.west, f.east, f.north, f.south]).toEqual([-180, 180, MAX_LAT, -MAX_LAT]);
		expect(f.width).toBe(512);
		expect(f.height).toBe(512);
	});

	it('is null when the view shows no part of the world', () => {
		expect(densityFrame({ west: 190, south: 0, east: 250, north: 10 }, project, 2)).toBeNull();
	});

	it('coarsens the cells of a very large image', () => {
		const huge = (lon: number, lat: number): [number, number] => [mercatorX(lon) * 16384, mercatorY(lat) * 16384];
		const f = densityFrame({ west: -180, south: -80, east: 180, north: 80 }, huge, 2)!;
		expect(f.width * f.height).toBeLessThanOrEqual(MAX_CELLS * 1.01);
		expect(f.width).toBeGreaterThan(1500);
	});
});
