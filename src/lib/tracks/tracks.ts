// An organisation's track: where its records were, week by week, joined into paths. Each week's
// records are first gathered into places (leader clustering within CLUSTER_KM), so that a week
// with records in two theatres gives two points, not one between them; each place with enough
// records is a point at the mean of its records, and points are linked from week to week to the
// nearest end of a track within MAX_JUMP_KM (a track that has had no point for MAX_GAP_WEEKS
// ends). A track that is really two theatres at once is thus drawn as two, not as a zig-zag.
// Pure: the points worker runs it on its columns, the evaluation on generated data.
import { latFromY, lonFromX } from '../map/projection/mercator';

/** Ground kilometres per world unit of the Mercator plane at the equator (the world is 1 × 1). */
const EQUATOR_KM = 40_075;
export const TRACK_DEFAULTS = {
	/** Records within this of a place's first record in a week join it. */
	clusterKm: 15,
	/** A week's place with fewer records is not a point of the track (scattered everyday output). */
	minRecords: 3,
	maxJumpKm: 300,
	maxGapWeeks: 4
};
export type TrackOptions = typeof TRACK_DEFAULTS;

/** Monday-based weeks: day 4 (1970-01-05) was a Monday. */
export const weekOf = (day: number) => Math.floor((day - 4) / 7);
/** The Monday a week begins on. */
export const weekStartDay = (week: number) => week * 7 + 4;

export interface TrackRecords {
	length: number;
	/** Mercator x, y (0…1) and day number of each record. */
	x: ArrayLike<number>;
	y: ArrayLike<number>;
	day: ArrayLike<number>;
	/** Whether record i belongs to what is tracked (its organisation, the filters). */
	passes: (i: number) => boolean;
}

export interface TrackPoint {
	week: number;
	/** Mean of the place's records, in Mercator units and in degrees. */
	x: number;
	y: number;
	lon: number;
	lat: number;
	records: number;
}

export interface Track {
	points: TrackPoint[];
	records: number;
}

interface Place {
	week: number;
	x: number;
	y: number;
	n: number;
	/** The first record's position: what later records are measured against (leader clustering). */
	lx: number;
	ly: number;
}

/** Ground distance between two points of the Mercator plane, near enough at these scales. */
export function mercatorKm(x1: number, y1: number, x2: number, y2: number): number {
	const lat = latFromY((y1 + y2) / 2);
	return Math.hypot(x1 - x2, y1 - y2) * EQUATOR_KM * Math.cos((lat * Math.PI) / 180);
}

/** Each week's places: records gathered within clusterKm of a place's first record. */
export function weeklyPlaces(parts: TrackRecords[], o: TrackOptions = TRACK_DEFAULTS): TrackPoint[] {
	const byWeek = new Map<number, Place[]>();
	for (const p of parts) {
		for (let i = 0; i < p.length; i++) {
			if (!p.passes(i)) continue;
			const week = weekOf(p.day[i]);
			const x = p.x[i];
			const y = p.y[i];
			let places = byWeek.get(week);
			if (!places) byWeek.set(week, (places = []));
			let best: Place | null = null;
			let bestKm = o.clusterKm;
			for (const place of places) {
				const km = mercatorKm(x, y, place.lx, place.ly);
				if (km <= bestKm) [best, bestKm] = [place, km];
			}
			if (best) {
				best.x += x;
				best.y += y;
				best.n++;
			} else places.push({ week, x, y, n: 1, lx: x, ly: y });
		}
	}
	const points: TrackPoint[] = [];
	for (const places of byWeek.values())
		for (const p of places) {
			if (p.n < o.minRecords) continue;
			const x = p.x / p.n;
			const y = p.y / p.n;
			points.push({ week: p.week, x, y, lon: lonFromX(x), lat: latFromY(y), records: p.n });
		}
	return points.sort((a, b) => a.week - b.week || b.records - a.records);
}

/** Points joined week by week into tracks: each to the nearest live track's last point within reach. */
export function linkTracks(points: TrackPoint[], o: TrackOptions = TRACK_DEFAULTS): Track[] {
	const tracks: Track[] = [];
	let i = 0;
	while (i < points.length) {
		const week = points[i].week;
		const extended = new Set<Track>();
		for (; i < points.length && points[i].week === week; i++) {
			const point = points[i];
			let best: Track | null = null;
			let bestKm = o.maxJumpKm;
			for (const t of tracks) {
				const last = t.points[t.points.length - 1];
				if (extended.has(t) || week - last.week > o.maxGapWeeks) continue;
				const km = mercatorKm(point.x, point.y, last.x, last.y);
				if (km <= bestKm) [best, bestKm] = [t, km];
			}
			if (best) {
				best.points.push(point);
				best.records += point.records;
				extended.add(best);
			} else {
				const t = { points: [point], records: point.records };
				tracks.push(t);
				extended.add(t);
			}
		}
	}
	return tracks.sort((a, b) => b.records - a.records);
}

export function buildTracks(parts: TrackRecords[], o: TrackOptions = TRACK_DEFAULTS): Track[] {
	return linkTracks(weeklyPlaces(parts, o), o);
}
