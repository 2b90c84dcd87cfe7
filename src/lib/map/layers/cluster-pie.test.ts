import { describe, expect, it } from 'vitest';
import { PIE_STEPS, pieStep } from './cluster-pie';

describe('cluster pie steps', () => {
	it('draws one colour only for a cluster of one dataset', () => {
		expect(pieStep(0, 500)).toBe(0);
		expect(pieStep(500, 500)).toBe(PIE_STEPS);
		expect(pieStep(0, 0)).toBe(0);
	});

	it('rounds the ICD share to 5 % steps', () => {
		expect(pieStep(350, 1000)).toBe(7);
		expect(pieStep(500, 1000)).toBe(10);
	});

	it('keeps both colours in a mixed cluster, however lopsided', () => {
		expect(pieStep(1, 100_000)).toBe(1);
		expect(pieStep(99_999, 100_000)).toBe(PIE_STEPS - 1);
	});
});
