import { describe, expect, it } from 'vitest';
import { metersPerPixel, scaleBar } from './scale-bar';

describe('briefing scale bar', () => {
	it('uses 512-pixel tiles: about 78 km per pixel at the equator at zoom 0', () => {
		expect(metersPerPixel(0, 0)).toBeCloseTo(78271.5, 0);
		expect(metersPerPixel(60, 1)).toBeCloseTo(78271.5 / 4, 0);
	});

	it('picks the longest round distance that fits', () => {
		const bar = scaleBar(0, 5, 120);
		// 2,446 m per pixel: 120 px ≈ 293 km → 200 km.
		expect(bar.label).toBe('200 km');
		expect(bar.px).toBeGreaterThan(60);
		expect(bar.px).toBeLessThanOrEqual(120);
		expect(scaleBar(45, 16, 100).label).toMatch(/^\d+ m$/);
	});
});
