import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, logGamma, lowerTail, mean, upperTail, type NegativeBinomial } from './statistics';

/** The pmf by its definition, summed term by term (small cases only). */
function bruteForce(d: NegativeBinomial, from: number, to: number): number {
	let sum = 0;
	for (let k = from; k <= to; k++) sum += Math.exp(logGamma(k + d.size) - logGamma(d.size) - logGamma(k + 1)) * d.p ** d.size * (1 - d.p) ** k;
	return sum;
}

describe('logGamma', () => {
	it('is ln((n−1)!) at integers and ln √π at ½', () => {
		expect(logGamma(1)).toBeCloseTo(0, 12);
		expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
		expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
		expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
	});
});

describe('negative binomial tails', () => {
	const cases: NegativeBinomial[] = [
		{ size: 0.5, p: 0.9 },
		{ size: 3.5, p: 0.9 },
		{ size: 20.5, p: 0.9 },
		{ size: 2, p: 0.3 }
	];
	it('agree with the pmf summed term by term, on both sides of the mean', () => {
		for (const d of cases)
			for (const x of [0, 1, 2, 5, 10, 25]) {
				expect(upperTail(d, x)).toBeCloseTo(1 - bruteForce(d, 0, x - 1), 10);
				expect(lowerTail(d, x)).toBeCloseTo(bruteForce(d, 0, x), 10);
			}
	});

	it('keeps tiny upper tails exact, where 1 − P(X < x) would be 0', () => {
		const d = { size: 0.5, p: 0.9 };
		const direct = bruteForce(d, 40, 400);
		expect(direct).toBeGreaterThan(0);
		expect(direct).toBeLessThan(1e-30);
		expect(upperTail(d, 40) / direct).toBeCloseTo(1, 8);
	});

	it('is the Poisson distribution when the rate is certain (a very large size)', () => {
		const d = { size: 1e7, p: 1e7 / (1e7 + 4) }; // mean 4
		expect(mean(d)).toBeCloseTo(4, 6);
		let poisson = 0;
		for (let k = 0; k < 10; k++) poisson += (Math.exp(-4) * 4 ** k) / Math.exp(logGamma(k + 1));
		expect(upperTail(d, 10)).toBeCloseTo(1 - poisson, 6);
	});

	it('does not underflow far from the mean: 1 record where 10,000 are expected, and 30,000', () => {
		const d = { size: 9000.5, p: 0.9 }; // mean ≈ 1,000
		expect(upperTail(d, 1)).toBe(1);
		expect(lowerTail(d, 1)).toBeLessThan(1e-100);
		expect(upperTail(d, 30_000)).toBeLessThan(1e-100);
		expect(lowerTail(d, 30_000)).toBe(1);
	});
});

describe('Benjamini–Hochberg', () => {
	it('adjusts each p-value by its rank and keeps the adjusted values monotone', () => {
		const { discovered, q } = benjaminiHochberg([0.01, 0.04, 0.03, 0.005], 0.05);
		expect(q.map((v) => +v.toFixed(4))).toEqual([0.02, 0.04, 0.04, 0.02]);
		expect(discovered).toEqual([true, true, true, true]);
	});

	it('discovers nothing when every p-value is large, and only the strong ones otherwise', () => {
		expect(benjaminiHochberg([0.2, 0.5, 0.9], 0.05).discovered).toEqual([false, false, false]);
		const { discovered } = benjaminiHochberg([0.001, 0.3, 0.002, 0.8, 0.04], 0.05);
		expect(discovered).toEqual([true, false, true, false, false]);
	});
});
