import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from '../projection/mercator';
import { computeChanges, defaultWindows, type ChangeColumns } from './compute';

/** Records as columns, like one of the points worker's parts. */
function part(
	records: { lon: number; lat: number; day: number; entity: number; country?: number; area?: number }[],
	passes: (i: number) => boolean = () => true
): ChangeColumns {
	return {
		length: records.length,
		x: Float32Array.from(records, (r) => mercatorX(r.lon)),
		y: Float32Array.from(records, (r) => mercatorY(r.lat)),
		day: Int32Array.from(records, (r) => r.day),
		entity: Int16Array.from(records, (r) => r.entity),
		country: Int16Array.from(records, (r) => r.country ?? 0),
		area: Int16Array.from(records, (r) => r.area ?? 0),
		passes
	};
}

// Steady output in six towns over 9 weeks (days 0–62), one record a day each, by entity 1.
const towns = [
	[36.82, -1.29],
	[3.38, 6.52],
	[31.24, 30.04],
	[44.36, 33.31],
	[69.17, 34.53],
	[-4.03, 5.35]
];
const steady = towns.flatMap(([lon, lat], t) => Array.from({ length: 63 }, (_, day) => ({ lon: lon + 0.01 * (day % 5), lat, day, entity: 1 + (t % 2) })));
// In the last week, 30 records in Khartoum, where there were none: 24 by entity 7, 6 by entity 3.
// Their records name country 4 (area 9), but for 3 that name country 5 (area 2).
const burst = Array.from({ length: 30 }, (_, i) => ({
	lon: 32.53 + 0.002 * i,
	lat: 15.59,
	day: 56 + (i % 7),
	entity: i < 24 ? 7 : 3,
	country: i < 27 ? 4 : 5,
	area: i < 27 ? 9 : 2
}));

describe('what changed, over the worker’s columns', () => {
	const windows = defaultWindows(62);

	it('finds the new place, where it is, and who is behind it; the steady towns are not changes', () => {
		const result = computeChanges([part(steady), part(burst)], { windows, level: 6 });
		const changes = result.places.filter((p) => p.kind !== 'persistent');
		expect(changes).toHaveLength(1);
		const [place] = changes;
		expect(place.kind).toBe('new');
		expect(place.recent).toBe(30);
		expect(Math.abs(place.centre[0] - 32.53)).toBeLessThan(0.5);
		expect(Math.abs(place.centre[1] - 15.59)).toBeLessThan(0.5);
		expect(place.outline).toHaveLength(6);
		expect(place.entities).toEqual([
			[7, 24],
			[3, 6]
		]);
		expect(place.countries).toEqual([
			[4, 27],
			[5, 3]
		]);
		expect(place.areas[0]).toEqual([9, 27]);
		expect(result.tested).toBeGreaterThanOrEqual(7);
		expect(result.recentRecords).toBe(6 * 7 + 30);
		expect(result.baselineRecords).toBe(6 * 56);
	});

	it('follows the filters: records a filter leaves out are not counted', () => {
		const result = computeChanges([part(steady), part(burst, () => false)], { windows, level: 6 });
		expect(result.places.filter((p) => p.kind !== 'persistent')).toEqual([]);
		expect(result.recentRecords).toBe(6 * 7);
	});

	it('ignores records outside the windows: the same burst 100 days later is not in this week', () => {
		const later = burst.map((r) => ({ ...r, day: r.day + 100 }));
		expect(computeChanges([part(steady), part(later)], { windows, level: 6 }).places.filter((p) => p.kind !== 'persistent')).toEqual([]);
	});

	it('takes the default recent window as the range’s last 7 days, against 8 before', () => {
		expect(defaultWindows(62)).toEqual({ recentFrom: 56, recentTo: 62, baselineWindows: 8 });
	});
});
