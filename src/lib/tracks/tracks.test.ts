import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from '../map/projection/mercator';
import { buildTracks, mercatorKm, weekOf, weeklyPlaces, type TrackRecords } from './tracks';

const MONDAY = 20_000 - ((20_000 - 4) % 7); // a Monday
function records(list: { lon: number; lat: number; day: number }[]): TrackRecords {
	return {
		length: list.length,
		x: Float64Array.from(list, (r) => mercatorX(r.lon)),
		y: Float64Array.from(list, (r) => mercatorY(r.lat)),
		day: Int32Array.from(list, (r) => r.day),
		passes: () => true
	};
}
/** n records around a town on one day (within about a kilometre). */
const at = (lon: number, lat: number, day: number, n: number) =>
	Array.from({ length: n }, (_, i) => ({ lon: lon + 0.005 * (i % 3), lat: lat + 0.004 * (i % 2), day }));

// A campaign moving east from town to town, a week at each, and the same organisation's everyday
// output at its stronghold 600 km south, every week.
const route = [
	[30.0, 15.0],
	[30.4, 15.1],
	[30.9, 15.0],
	[31.3, 15.2]
];
const campaign = route.flatMap(([lon, lat], w) => at(lon, lat, MONDAY + 7 * w + 2, 8));
const stronghold = [0, 1, 2, 3].flatMap((w) => at(30.5, 9.6, MONDAY + 7 * w + 4, 4));

describe("an organisation's track", () => {
	it('measures the ground: a degree of longitude at 60° is about 56 km', () => {
		expect(mercatorKm(mercatorX(10), mercatorY(60), mercatorX(11), mercatorY(60))).toBeGreaterThan(54);
		expect(mercatorKm(mercatorX(10), mercatorY(60), mercatorX(11), mercatorY(60))).toBeLessThan(57);
	});

	it('numbers weeks from Monday', () => {
		expect(weekOf(MONDAY)).toBe(weekOf(MONDAY + 6));
		expect(weekOf(MONDAY + 7)).toBe(weekOf(MONDAY) + 1);
	});

	it('follows the campaign town by town, in calendar order, and keeps the stronghold a track of its own', () => {
		const tracks = buildTracks([records([...campaign, ...stronghold])]);
		expect(tracks).toHaveLength(2);
		const moving = tracks.find((t) => t.points[0].lon < 30.2)!;
		expect(moving.points.map((p) => p.week)).toEqual([0, 1, 2, 3].map((w) => weekOf(MONDAY) + w));
		moving.points.forEach((p, w) => expect(mercatorKm(p.x, p.y, mercatorX(route[w][0]), mercatorY(route[w][1]))).toBeLessThan(3));
		const still = tracks.find((t) => t !== moving)!;
		expect(still.points).toHaveLength(4);
		expect(still.records).toBe(16);
	});

	it('draws a week in two theatres as two points, not one between them', () => {
		const week = [...at(30.0, 15.0, MONDAY + 1, 6), ...at(34.0, 15.0, MONDAY + 2, 6)];
		const points = weeklyPlaces([records(week)]);
		expect(points).toHaveLength(2);
		expect(points.map((p) => Math.round(p.lon))).toEqual(expect.arrayContaining([30, 34]));
	});

	it('leaves out scattered records and what the filter leaves out', () => {
		const scattered = [0, 1, 2, 3, 4].map((i) => ({ lon: 20 + 3 * i, lat: 5, day: MONDAY }));
		expect(weeklyPlaces([records(scattered)])).toEqual([]);
		expect(buildTracks([{ ...records(campaign), passes: () => false }])).toEqual([]);
	});
});
