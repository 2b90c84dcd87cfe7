import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from '../projection/mercator';
import { binHexagons, drawView, hexCentre, heatImage } from './aggregate';
import { countDensity, MAX_LAT, type DensityColumns } from './density';

function columns(isIcd: boolean, records: { lon: number; lat: number; day: number }[]): DensityColumns {
	return {
		isIcd,
		length: records.length,
		x: Float32Array.from(records.map((r) => mercatorX(r.lon))),
		y: Float32Array.from(records.map((r) => mercatorY(r.lat))),
		day: Int32Array.from(records.map((r) => r.day))
	};
}

const world = { west: -180, south: -MAX_LAT, east: 180, north: MAX_LAT, width: 720, height: 720 };
const all: [number, number] = [-1e9, 1e9];
const everyone = () => true;
/** A pseudo-random sequence, the same on every run. */
const random = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

describe('hexCentre', () => {
	it('finds the nearest point of the hexagonal lattice', () => {
		const r = 0.01;
		const next = random(7);
		const hex = { i: 0, j: 0, x: 0, y: 0 };
		for (let n = 0; n < 400; n++) {
			const x = next();
			const y = next();
			hexCentre(x, y, r, hex);
			const d = Math.hypot(hex.x - x, hex.y - y);
			// Inside a pointy-top hexagon of circumradius r, nothing is farther than r from its centre…
			expect(d).toBeLessThanOrEqual(r * (1 + 1e-9));
			// …and no other lattice point around is nearer.
			for (let j = hex.j - 2; j <= hex.j + 2; j++) {
				for (let i = hex.i - 2; i <= hex.i + 2; i++) {
					const cx = (i + (j & 1) / 2) * r * Math.sqrt(3);
					expect(Math.hypot(cx - x, j * r * 1.5 - y)).toBeGreaterThanOrEqual(d - 1e-12);
				}
			}
		}
	});
});

describe('binHexagons', () => {
	it('counts every record of the frame into one hexagon, the sum equal to the records counted', () => {
		const next = random(3);
		const records = Array.from({ length: 5000 }, () => ({ lon: 20 + next() * 30, lat: 5 + next() * 20, day: Math.floor(next() * 100) }));
		const input = {
			frame: world,
			parts: [{ columns: columns(true, records), passes: (i: number) => i % 4 !== 0 }],
			dayRange: [10, 89] as [number, number],
			softRange: null
		};
		const counts = countDensity(input);
		const expected = records.filter((r, i) => i % 4 !== 0 && r.day >= 10 && r.day <= 89).length;
		expect(counts.records).toBe(expected);
		const bins = binHexagons(counts, world, 0.004);
		expect(bins.count.reduce((a, b) => a + b, 0)).toBe(expected);
		expect(bins.records).toBe(expected);
		expect(bins.count.length).toBeGreaterThan(10);
		// Every bin lies where the records are, coloured by its class (opaque enough to read).
		for (let h = 0; h < bins.count.length; h++) {
			expect(bins.positions[h * 2]).toBeGreaterThan(19);
			expect(bins.positions[h * 2]).toBeLessThan(51);
			expect(bins.rgba[h * 4 + 3]).toBe(225);
		}
		expect(bins.breaks.at(-1)).toBe(Math.max(...bins.count));
	});

	it('keeps two far places in two hexagons with their own counts', () => {
		const records = [...Array(30).fill({ lon: 10, lat: 10, day: 1 }), ...Array(5).fill({ lon: -70, lat: -30, day: 1 })];
		const counts = countDensity({ frame: world, parts: [{ columns: columns(false, records), passes: everyone }], dayRange: all, softRange: null });
		const bins = binHexagons(counts, world, 0.004);
		expect([...bins.count].sort((a, b) => a - b)).toEqual([5, 30]);
		const big = bins.count.indexOf(30);
		// Its centre within the radius (0.004 of the world: 1.44° of longitude) of the place.
		expect(Math.abs(bins.positions[big * 2] - 10)).toBeLessThan(1.44);
		expect(Math.abs(bins.positions[big * 2 + 1] - 10)).toBeLessThan(1.44);
	});
});

describe('heatImage', () => {
	it('spreads a place over its kernel, its peak the records there', () => {
		const records = Array(10).fill({ lon: 0.1, lat: 0.1, day: 1 });
		const counts = countDensity({ frame: world, parts: [{ columns: columns(true, records), passes: everyone }], dayRange: all, softRange: null });
		const heat = heatImage(counts.weight, world);
		expect(heat.peak).toBeCloseTo(10, 3);
		// Three passes of 9 cells: up to 25 × 25 cells, fading alike in every direction (round, not square).
		expect(heat.cells).toBeGreaterThan(100);
		expect(heat.cells).toBeLessThanOrEqual(25 * 25);
		const cx = Math.floor(mercatorX(0.1) * world.width);
		const cy = Math.floor(mercatorY(0.1) * world.height);
		const alpha = (dx: number, dy: number) => heat.rgba[((cy + dy) * world.width + cx + dx) * 4 + 3];
		expect(alpha(0, 0)).toBe(235);
		expect(alpha(9, 0)).toBeGreaterThan(0);
		expect(Math.abs(alpha(9, 0) - alpha(6, 6)) / alpha(9, 0)).toBeLessThan(0.25);
		const nothing = heatImage(new Float32Array(world.width * world.height), world);
		expect([nothing.cells, nothing.peak]).toEqual([0, 0]);
	});
});

describe('drawView', () => {
	it('answers the hexbin view with bins and a blank pixel, the heatmap with a frame-sized image', () => {
		const parts = [{ columns: columns(true, [{ lon: 5, lat: 5, day: 1 }]), passes: everyone }];
		const hex = drawView({ frame: world, parts, dayRange: all, softRange: null, style: 'hexbin', hexRadius: 0.004 });
		expect([hex.frame.width, hex.frame.height, hex.rgba.length, hex.hexes?.count.length, hex.peak]).toEqual([1, 1, 4, 1, null]);
		const heat = drawView({ frame: world, parts, dayRange: all, softRange: null, style: 'heatmap' });
		expect([heat.rgba.length, heat.hexes, heat.records]).toEqual([world.width * world.height * 4, null, 1]);
		expect(heat.peak).toBeCloseTo(1, 3);
		expect(drawView({ frame: world, parts, dayRange: all, softRange: null, style: 'underlay' }).hexes).toBeNull();
	});
});
