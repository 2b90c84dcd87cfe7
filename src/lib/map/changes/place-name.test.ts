import { describe, expect, it } from 'vitest';
import { PlaceKind, type PlaceLabels } from '../places/labels';
import { cellRadiusKm, distanceKm, placeTitle, TownIndex } from './place-name';

const labels: PlaceLabels = {
	characters: '',
	name: ['Sudan', 'Khartoum', 'Omdurman', 'Kassala', 'Gezira'],
	kind: [PlaceKind.Country, PlaceKind.Capital, PlaceKind.Town, PlaceKind.Town, PlaceKind.Area],
	lon: [30, 32.53, 32.48, 36.4, 33.4],
	lat: [15, 15.59, 15.64, 15.45, 14.4],
	minZoom: [0, 0, 0, 0, 0],
	maxZoom: [22, 22, 22, 22, 22]
};

describe('naming a changed place', () => {
	it('measures on the sphere: Khartoum to Kassala is about 415 km', () => {
		expect(distanceKm(32.53, 15.59, 36.4, 15.45)).toBeGreaterThan(405);
		expect(distanceKm(32.53, 15.59, 36.4, 15.45)).toBeLessThan(425);
	});

	it('takes the nearest town or capital within reach, never a country or an area label', () => {
		const towns = new TownIndex(labels);
		expect(towns.nearest(32.49, 15.63, 50)?.name).toBe('Omdurman');
		expect(towns.nearest(32.56, 15.57, 50)?.name).toBe('Khartoum');
		expect(towns.nearest(36.3, 15.4, 50)?.name).toBe('Kassala');
		expect(towns.nearest(30, 15, 50)).toBeNull(); // the country's label point, 270 km from a town
		expect(towns.nearest(33.4, 14.4, 20)).toBeNull(); // the area's label only
	});

	it('sizes a cell on the ground: level 6 near the equator is about 29 km across its corner, half that at 60°', () => {
		expect(cellRadiusKm(6, 0)).toBeGreaterThan(28);
		expect(cellRadiusKm(6, 0)).toBeLessThan(31);
		expect(cellRadiusKm(6, 60) / cellRadiusKm(6, 0)).toBeCloseTo(0.5, 5);
	});

	it('titles the place by the town, then the records’ own area and country', () => {
		expect(placeTitle({ name: 'Omdurman' }, 'Khartoum', 'Sudan')).toBe('Near Omdurman · Khartoum, Sudan');
		expect(placeTitle(null, '', 'Sudan')).toBe('Sudan');
		expect(placeTitle(null, undefined, undefined)).toBe('Unnamed place');
	});
});
