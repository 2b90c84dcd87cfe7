import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from '../map/projection/mercator';
import { cellAt, cellCentre, cellCentreLonLat, cellOfLonLat, cellOutline, levelForZoom, radiusOf } from './grid';

describe('the hexagonal grid on the Mercator plane', () => {
	it('puts a point in the cell whose centre is nearest, at every level', () => {
		for (const level of [0, 4, 9, 15]) {
			const radius = radiusOf(level);
			for (let i = 0; i < 500; i++) {
				const x = 0.3 + 0.4 * ((i * 0.6180339887) % 1);
				const y = 0.3 + 0.4 * ((i * 0.7548776662) % 1);
				const [cx, cy] = cellCentre(cellAt(x, y, level), level);
				// Inside a hexagon: never farther from its centre than the circumradius.
				expect(Math.hypot(x - cx, y - cy)).toBeLessThanOrEqual(radius * (1 + 1e-9));
			}
		}
	});

	it('gives a cell’s centre back as the same cell, and neighbours as other cells', () => {
		const level = 7;
		const cell = cellOfLonLat(32.53, 15.59, level); // Khartoum
		const [x, y] = cellCentre(cell, level);
		expect(cellAt(x, y, level)).toBe(cell);
		const step = radiusOf(level) * Math.sqrt(3);
		expect(cellAt(x + step, y, level)).not.toBe(cell);
		expect(cellAt(x + 0.4 * step, y, level)).toBe(cell);
	});

	it('is fixed to the world: the same place is the same cell, whatever else is counted', () => {
		expect(cellOfLonLat(-0.1276, 51.5072, 6)).toBe(cellOfLonLat(-0.1276, 51.5072, 6));
		expect(cellOfLonLat(-0.1276, 51.5072, 6)).not.toBe(cellOfLonLat(2.3522, 48.8566, 6));
	});

	it('draws a cell as six corners one circumradius from its centre on the plane, around its centre', () => {
		const level = 5;
		const cell = cellOfLonLat(44.36, 33.31, level); // Baghdad
		const [cx, cy] = cellCentre(cell, level);
		for (const [lon, lat] of cellOutline(cell, level)) expect(Math.hypot(mercatorX(lon) - cx, mercatorY(lat) - cy)).toBeCloseTo(radiusOf(level), 9);
		const [lon, lat] = cellCentreLonLat(cell, level);
		expect(Math.abs(lon - 44.36)).toBeLessThan(1);
		expect(Math.abs(lat - 33.31)).toBeLessThan(1);
	});

	it('has cells about 48 px across at the zoom of their level', () => {
		for (const zoom of [2, 6.4, 11]) {
			const level = levelForZoom(zoom);
			const pxAcross = 2 * radiusOf(level) * 512 * 2 ** zoom;
			expect(pxAcross).toBeGreaterThan(30);
			expect(pxAcross).toBeLessThan(70);
		}
	});
});
