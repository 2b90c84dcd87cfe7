// A scale bar for the briefing image: the longest round distance (1, 2 or 5 × 10ⁿ metres) that
// fits in the room given, at the latitude of the map's centre (Web Mercator stretches with latitude).
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

export function metersPerPixel(latitude: number, zoom: number): number {
	return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);
}

export function scaleBar(latitude: number, zoom: number, maxPx: number): { px: number; label: string } {
	const perPx = metersPerPixel(latitude, zoom);
	const maxMeters = perPx * maxPx;
	const magnitude = 10 ** Math.floor(Math.log10(maxMeters));
	const meters = [5, 2, 1].map((f) => f * magnitude).find((m) => m <= maxMeters) ?? magnitude;
	const label = meters >= 1000 ? `${(meters / 1000).toLocaleString('en')} km` : `${meters} m`;
	return { px: meters / perPx, label };
}
