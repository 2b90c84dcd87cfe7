// The emerging-hotspot test against the generator's ground truth, at a size the unit tier can
// afford (npm run eval:changes measures the default dataset): the thresholds issue 42 sets.
import { describe, expect, it } from 'vitest';
import { evaluateChanges } from '../../../scripts/eval/changes';

describe('emerging hotspots on generated data with known bursts', () => {
	const report = evaluateChanges({ size: 1500, seed: 'icd-2026', level: 6, window: 7, baselines: 8 });

	it('finds at least 80 % of the spike events large enough to detect, among enough of them to say so', () => {
		expect(report.recall.detectableEvents).toBeGreaterThanOrEqual(8);
		expect(report.recall.value).toBeGreaterThanOrEqual(0.8);
	});

	it('flags cells that a burst explains, at least 80 % of them', () => {
		expect(report.precision.flaggedNewOrIntensifying).toBeGreaterThan(50);
		expect(report.precision.value).toBeGreaterThanOrEqual(0.8);
	});

	it('flags a change in at most 5 % of windows of the same data without bursts', () => {
		expect(report.falseAlarms.windows).toBeGreaterThan(500);
		expect(report.falseAlarms.share).toBeLessThanOrEqual(0.05);
	});
});
