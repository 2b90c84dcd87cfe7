import { describe, expect, it } from 'vitest';
import { classColour, classOf, countBreaks, countLegend, heatColour, RAMP, RAMPS, scaleLegend } from './aggregate-scale';
import { contrastRatio } from '../../theme/contrast';
import { mapPalette } from '../../theme/palette';

describe('hexbin count scale', () => {
	it('cuts up to six rising classes on a log scale, the last at the maximum', () => {
		expect(countBreaks(0)).toEqual([]);
		expect(countBreaks(1)).toEqual([1]);
		expect(countBreaks(3)).toEqual([1, 2, 3]);
		const b = countBreaks(100_000);
		expect(b).toEqual([7, 46, 316, 2154, 14678, 100000]);
		expect(countBreaks(12.4).at(-1)).toBe(13);
	});

	it('puts each count in the first class it does not exceed', () => {
		const b = [7, 46, 316];
		expect([1, 7, 8, 46, 47, 316, 9999].map((c) => classOf(c, b))).toEqual([0, 0, 1, 1, 2, 2, 2]);
	});

	it('spreads fewer classes over the whole ramp, and labels their ranges', () => {
		expect(classColour(0, 3)).toEqual(RAMP[0]);
		expect(classColour(2, 3)).toEqual(RAMP[5]);
		expect(classColour(0, 1)).toEqual(RAMP[5]);
		expect(countLegend([1, 4, 1200]).map((s) => s.label)).toEqual(['1', '2–4', '5–1,200']);
	});

	it('interpolates the heatmap ramp and clamps outside [0, 1]', () => {
		expect(heatColour(0)).toEqual(RAMP[0]);
		expect(heatColour(1)).toEqual(RAMP[5]);
		expect(heatColour(2)).toEqual(RAMP[5]);
		expect(heatColour(0.1)).toEqual(RAMP[0].map((v, k) => v + (RAMP[1][k] - v) * 0.5));
	});

	it('gives each view its legend, none for clusters or before a reply', () => {
		expect(scaleLegend('clusters', { hexes: { breaks: [1, 5] } }, 26)).toBeNull();
		expect(scaleLegend('hexbin', null, 26)).toBeNull();
		expect(scaleLegend('hexbin', { hexes: { breaks: [1, 5] } }, 26)).toMatchObject({
			title: 'Records per hexagon',
			gradient: false,
			stops: [{ label: '1' }, { label: '2–5' }]
		});
		const heat = scaleLegend('heatmap', { peak: 1234.4 }, 26)!;
		expect(heat.title).toBe('Density of records (most: ≈1,234 per 26-px square)');
		expect(heat.stops).toHaveLength(RAMP.length);
		expect([heat.stops[0].label, heat.stops.at(-1)!.label]).toEqual(['fewer', 'more']);
	});

	it("gives the most records the colour that stands out most from each theme's basemap, and keeps the fewest visible", () => {
		for (const theme of ['light', 'dark'] as const) {
			const { land, ocean } = mapPalette(theme).basemap;
			const against = (rgb: readonly number[]) => Math.min(contrastRatio(rgb, land), contrastRatio(rgb, ocean));
			const classes = [0, 1, 2, 3, 4, 5].map((k) => against(classColour(k, 6, theme)));
			for (let k = 1; k < classes.length; k++) expect(classes[k], `${theme} class ${k}`).toBeGreaterThan(classes[k - 1]);
			expect(classes[0], `${theme}: the fewest records`).toBeGreaterThanOrEqual(1.3);
			expect(against(heatColour(1, theme))).toBeGreaterThan(against(heatColour(0, theme)));
			// The legends show the same colours the worker paints.
			expect(countLegend([1, 4, 1200], theme).map((s) => s.hex)).toEqual([0, 1, 2].map((k) => `rgb(${classColour(k, 3, theme).join(',')})`));
			expect(scaleLegend('heatmap', { peak: 10 }, 26, theme)!.stops.at(-1)!.hex).toBe(
				'#' +
					RAMPS[theme]
						.at(-1)!
						.map((v) => v.toString(16).padStart(2, '0'))
						.join('')
			);
		}
	});
});
