import { describe, expect, it } from 'vitest';
import { Random, WeightedPicker } from './random';

describe('Random', () => {
	it('repeats its stream for the same seed and labels, and differs otherwise', () => {
		const draw = (r: Random) => Array.from({ length: 8 }, () => r.uint32());
		expect(draw(new Random('seed', 'icd', 'video'))).toEqual(draw(new Random('seed', 'icd', 'video')));
		expect(draw(new Random('seed', 'icd', 'video'))).not.toEqual(draw(new Random('seed', 'icd', 'image')));
		expect(draw(new Random('seed'))).not.toEqual(draw(new Random('seed2')));
	});

	it('draws uniformly in [0, 1)', () => {
		const r = new Random('uniform');
		const buckets = new Array(10).fill(0);
		let outside = 0;
		for (let i = 0; i < 100_000; i++) {
			const x = r.next();
			if (x < 0 || x >= 1) outside++;
			else buckets[Math.floor(x * 10)]++;
		}
		expect(outside).toBe(0);
		for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
	});

	it('formats uuids as RFC 4122 version 4, without repeats', () => {
		const r = new Random('uuid');
		const seen = new Set<string>();
		for (let i = 0; i < 20_000; i++) {
			const u = r.uuid();
			expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
			seen.add(u);
		}
		expect(seen.size).toBe(20_000);
	});

	it('samples distinct items and picks a different second item', () => {
		const r = new Random('sample');
		const items = ['a', 'b', 'c', 'd', 'e'];
		for (let i = 0; i < 200; i++) {
			const s = r.sample(items, 3);
			expect(new Set(s).size).toBe(3);
			expect(r.pickOther(items, 'c')).not.toBe('c');
		}
		expect(r.sample(items, 10)).toHaveLength(5);
	});
});

describe('WeightedPicker', () => {
	it('draws in proportion to the weights and never draws a zero weight', () => {
		const picker = new WeightedPicker(['rare', 'never', 'common'], (item) => ({ rare: 1, never: 0, common: 3 })[item]!);
		const r = new Random('weights');
		const counts: Record<string, number> = { rare: 0, never: 0, common: 0 };
		for (let i = 0; i < 40_000; i++) counts[picker.pick(r)]++;
		expect(counts.never).toBe(0);
		expect(counts.common / counts.rare).toBeGreaterThan(2.7);
		expect(counts.common / counts.rare).toBeLessThan(3.3);
	});
});
