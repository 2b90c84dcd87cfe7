import { describe, expect, it } from 'vitest';
import { ageWeight, discOffsets, OLDEST_WEIGHT } from './fade';

describe('the fade by age', () => {
	it('gives the recent part full weight and fades linearly to the oldest weight at the start', () => {
		const range: [number, number] = [100, 130];
		const recent: [number, number] = [124, 130];
		expect(ageWeight(99.9, range, recent)).toBe(0);
		expect(ageWeight(130.1, range, recent)).toBe(0);
		expect(ageWeight(100, range, recent)).toBeCloseTo(OLDEST_WEIGHT);
		expect(ageWeight(112, range, recent)).toBeCloseTo(OLDEST_WEIGHT + (1 - OLDEST_WEIGHT) * 0.5);
		expect(ageWeight(124, range, recent)).toBe(1);
		expect(ageWeight(130, range, recent)).toBe(1);
		// Older is never heavier.
		for (let d = 100; d < 130; d++) expect(ageWeight(d, range, recent)).toBeLessThanOrEqual(ageWeight(d + 1, range, recent));
	});

	it('weighs every record in range fully without a recent part (not playing)', () => {
		expect(ageWeight(100, [100, 130], null)).toBe(1);
		expect(ageWeight(131, [100, 130], null)).toBe(0);
		expect(ageWeight(100, [100, 130], [100, 130])).toBe(1);
	});
});

describe('the dot of a record', () => {
	it('covers a disc of the radius, with partly covered cells at its edge', () => {
		const disc = discOffsets(3.5);
		expect(disc.find((o) => o.dx === 0 && o.dy === 0)!.cover).toBe(1);
		expect(disc.find((o) => o.dx === 3 && o.dy === 0)!.cover).toBe(1);
		expect(disc.find((o) => o.dx === 4 && o.dy === 0)?.cover ?? 0).toBe(0);
		expect(disc.some((o) => o.dx === 3 && o.dy === 3)).toBe(false);
		const area = disc.reduce((s, o) => s + o.cover, 0);
		expect(area).toBeGreaterThan(Math.PI * 3.5 ** 2 * 0.85);
		expect(area).toBeLessThan(Math.PI * 3.5 ** 2 * 1.15);
	});
});
