import { describe, expect, it } from 'vitest';
import { FOOTER, layoutFooter } from './footer';

// About system-ui's advance at 11 px; the legend's entries are given as widths.
const measure = (text: string) => text.length * 6;
const credits = ['© MapLibre', 'GeoNames', 'Natural Earth', 'Records: embedded ICD service'];
const time = 'Generated 29 Nov 2026, 05:12 UTC';
// The cluster view's legend: ICD, ICDB, video, image, the cluster's pie (its long label), and what changed.
const legend = [52, 60, 64, 66, 362, 98, 110];
const start = 219;

describe('the briefing footer at every size offered', () => {
	it('keeps the wide image’s one-row footer: the legend after the scale bar, the credits beside the time', () => {
		const f = layoutFooter(1920, start, legend, credits, time, measure);
		expect(f.rows).toHaveLength(1);
		expect(f.credits).toEqual([credits.join(' · ')]);
		expect(f.timeOwnLine).toBe(false);
		expect(f.height).toBe(46);
	});

	for (const width of [320, 480, 640, 800]) {
		it(`at ${width} px wide, every legend entry whole and inside the margins, every credit on a line of its own width`, () => {
			const f = layoutFooter(width, start, legend, credits, time, measure);
			const placed = f.rows.flat();
			expect(placed.map((p) => p.index)).toEqual(legend.map((_, i) => i));
			for (const { index, x } of placed) {
				expect(x).toBeGreaterThanOrEqual(FOOTER.margin);
				// An entry wider than a whole row has a row to itself; any other ends inside the margin.
				if (legend[index] - FOOTER.margin <= width - 2 * FOOTER.margin) expect(x + legend[index] - FOOTER.margin).toBeLessThanOrEqual(width - FOOTER.margin);
			}
			for (const line of f.credits) if (line.includes(' · ')) expect(measure(line)).toBeLessThanOrEqual(width - 2 * FOOTER.margin);
			expect(f.credits.join(' · ')).toBe(credits.join(' · '));
			// The time is never cut: on the credits' line only when both fit.
			if (!f.timeOwnLine) expect(measure(f.credits[0]) + FOOTER.creditsGap + measure(time)).toBeLessThanOrEqual(width - 2 * FOOTER.margin);
			// Rows and lines stacked without overlap, the footer as tall as they need.
			const baselines = [...f.rowBaselines, ...f.creditBaselines, ...(f.timeOwnLine ? [f.timeBaseline] : [])];
			for (let i = 1; i < baselines.length; i++) expect(baselines[i] - baselines[i - 1]).toBeGreaterThanOrEqual(FOOTER.creditLine);
			expect(f.height).toBe(f.timeBaseline + FOOTER.bottom);
		});
	}

	it('at 480 px, stacks the legend in rows and gives the time its own line', () => {
		const f = layoutFooter(480, start, legend, credits, time, measure);
		expect(f.rows.length).toBeGreaterThanOrEqual(3);
		expect(f.timeOwnLine).toBe(true);
		expect(f.height).toBeGreaterThan(46);
	});
});
