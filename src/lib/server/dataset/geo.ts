// Small spherical helpers shared by the gazetteer and the generator.

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
	const dLat = (lat2 - lat1) * RAD;
	const dLon = (lon2 - lon1) * RAD;
	const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
	return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Moves a point by (northKm, eastKm); flat-earth is exact enough over a few km. */
export function offsetKm(lat: number, lon: number, northKm: number, eastKm: number): { lat: number; lon: number } {
	const dLat = northKm / (EARTH_RADIUS_KM * RAD);
	const dLon = eastKm / (EARTH_RADIUS_KM * RAD * Math.max(0.01, Math.cos(lat * RAD)));
	return { lat: lat + dLat, lon: lon + dLon };
}
