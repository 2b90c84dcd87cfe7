import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempts';

describe('AttemptLimiter', () => {
	it('allows a burst, then one attempt per refill interval, per address', () => {
		const limiter = new AttemptLimiter({ burst: 3, perMinute: 6 });
		for (let i = 0; i < 3; i++) expect(limiter.take('10.0.0.1', 0)).toBe(0);
		expect(limiter.take('10.0.0.1', 0)).toBe(10);
		expect(limiter.take('10.0.0.2', 0)).toBe(0);
		expect(limiter.take('10.0.0.1', 9_000)).toBe(1);
		expect(limiter.take('10.0.0.1', 10_000)).toBe(0);
		expect(limiter.take('10.0.0.1', 10_000)).toBeGreaterThan(0);
	});
});
