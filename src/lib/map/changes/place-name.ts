// What the "What changed" panel calls a cell: the nearest town of the offline gazetteer (the map's
// place names, places/labels.ts) when one is within reach of the cell, and the admin-1 area and
// country its records themselves name. The records' names come first in trust: a gazetteer's
// nearest town may sit across a border from the records.
import { PlaceKind, type PlaceLabels } from '../places/labels';
import { radiusOf } from '../../changes/grid';

const EARTH_KM = 6371;
const EQUATOR_KM = 2 * Math.PI * EARTH_KM;

export function distanceKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
	const rad = Math.PI / 180;
	const dLat = (lat2 - lat1) * rad;
	const dLon = (lon2 - lon1) * rad;
	const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
	return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A cell's circumradius on the ground at its latitude (the Mercator plane's scale shrinks with cos φ). */
export function cellRadiusKm(level: number, lat: number): number {
	return radiusOf(level) * EQUATOR_KM * Math.cos((lat * Math.PI) / 180);
}

/**
 * The gazetteer's towns and capitals sorted by latitude, so that the nearest to a point reads only
 * the band of latitudes within reach (the label file holds about 24,000 towns; a hundred places
 * named by scanning them all cost tens of milliseconds of the page's main thread).
 */
export class TownIndex {
	private readonly order: number[];
	private readonly lats: Float64Array;

	constructor(private readonly labels: PlaceLabels) {
		this.order = labels.kind
			.map((kind, i) => (kind === PlaceKind.Town || kind === PlaceKind.Capital ? i : -1))
			.filter((i) => i >= 0)
			.sort((a, b) => labels.lat[a] - labels.lat[b]);
		this.lats = Float64Array.from(this.order, (i) => labels.lat[i]);
	}

	/** The nearest town or capital within `maxKm`, with its distance; null when none is. */
	nearest(lon: number, lat: number, maxKm: number): { name: string; km: number } | null {
		const { labels, order, lats } = this;
		// A degree of latitude is 111 km: the band, then the great-circle distance within it.
		const south = lat - maxKm / 111;
		const north = lat + maxKm / 111;
		let lo = 0;
		let hi = lats.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (lats[mid] < south) lo = mid + 1;
			else hi = mid;
		}
		let best: { name: string; km: number } | null = null;
		for (let k = lo; k < lats.length && lats[k] <= north; k++) {
			const i = order[k];
			const km = distanceKm(lon, lat, labels.lon[i], labels.lat[i]);
			if (km <= maxKm && (!best || km < best.km)) best = { name: labels.name[i], km };
		}
		return best;
	}
}

/** "Near Khartoum · Khartoum, Sudan": the town when one is near, then the records' own area and country. */
export function placeTitle(town: { name: string } | null, area: string | undefined, country: string | undefined): string {
	const where = [area, country].filter((s) => s && s.trim()).join(', ');
	if (town) return where ? `Near ${town.name} · ${where}` : `Near ${town.name}`;
	return where || 'Unnamed place';
}
