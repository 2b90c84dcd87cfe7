import { describe, expect, it } from 'vitest';
import { describeGrowth, formatGrowth, growthExponent, growthTable, type ScaleRun } from '../../../scripts/bench/scales';

const row = (metric: string, explorer: number | null, baseline: number | null) => ({ metric, unit: 's', better: 'lower' as const, explorer, baseline, ratio: null, samples: { explorer: [], baseline: [] } });

describe('growth with the data', () => {
	it('reads the exponent of cost ∝ records^k', () => {
		expect(growthExponent({ records: 10, value: 5 }, { records: 1000, value: 500 })).toBeCloseTo(1);
		expect(growthExponent({ records: 10, value: 5 }, { records: 1000, value: 50_000 })).toBeCloseTo(2);
		expect(growthExponent({ records: 10, value: 0 }, { records: 1000, value: 5 })).toBeNull();
		expect([0.02, 0.5, 1.05, 1.6, null].map(describeGrowth)).toEqual(['flat', 'sub-linear', 'linear', 'worse than linear (n^1.60)', 'not enough data']);
	});

	it('follows every metric across sizes, skipping sizes where it failed', () => {
		const runs: ScaleRun[] = [
			{ recordsPerComponent: 100_000, seconds: 100, browser: { rows: [row('all points drawn', 10, 40)] } },
			{ recordsPerComponent: 10_000, seconds: 20, browser: { rows: [row('all points drawn', 1, 2)] } },
			{ recordsPerComponent: 1_000_000, seconds: 900, browser: { rows: [row('all points drawn', 100, null)] } }
		];
		const table = growthTable(runs);
		expect(table.sizes).toEqual([10_000, 100_000, 1_000_000]);
		const explorer = table.rows.find((r) => r.metric === 'browser all points drawn: explorer')!;
		expect(explorer).toMatchObject({ values: [1, 10, 100], exponent: 1, steps: [1, 1], growth: 'linear' });
		const naive = table.rows.find((r) => r.metric === 'browser all points drawn: naive')!;
		expect(naive.values).toEqual([2, 40, null]);
		expect(naive.growth).toMatch(/worse than linear \(n\^1\.30\)/);
		expect(formatGrowth(table)).toContain('1,000,000/component');
	});
});
