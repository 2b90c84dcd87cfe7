// The grid the hotspot test counts in: regular hexagons on the Web Mercator plane, one lattice per
// level, fixed to the world (not to the screen, as the hexbin view's are), so that a cell is the
// same place however the map is panned and a shared link finds the same cells. Level ℓ's hexagons
// are about 48 px across when the map's zoom is ℓ, and drawn on the map they are regular.
//
// Why not H3: h3-js took 6–9 s to index 959,000 points on this machine (7–9 µs a point, most of
// it making each index's string); this lattice takes tens of milliseconds. What it costs: a
// cell's ground area shrinks with cos²(latitude) like everything on a Mercator map. The test
// compares each cell with its own past, which the area does not change; only the "persistent"
// kind compares cells with each other, and is labelled as context, not as a change.
import { latFromY, lonFromX, mercatorX, mercatorY } from '../map/projection/mercator';

/** Circumradius of level 0's hexagons in world units (the world is 1 × 1; 512 px at zoom 0): 24 px. */
const LEVEL0_RADIUS = 24 / 512;
const SQRT3 = Math.sqrt(3);
/** Axial coordinates are offset by this so that a cell id is a non-negative integer. */
const OFFSET = 2 ** 22;
const SPAN = 2 ** 23;

export const MAX_LEVEL = 18;

/** The level whose cells suit the map at this zoom. */
export function levelForZoom(zoom: number): number {
	return Math.max(0, Math.min(MAX_LEVEL, Math.round(zoom)));
}

export function radiusOf(level: number): number {
	return LEVEL0_RADIUS / 2 ** level;
}

/** The cell holding a point of the Mercator plane (x, y in 0…1), as an integer id (< 2⁴⁶). */
export function cellAt(x: number, y: number, level: number): number {
	const radius = radiusOf(level);
	// Pointy-top axial coordinates, then rounding in cube coordinates (q + r + s = 0).
	const qf = ((SQRT3 / 3) * x - y / 3) / radius;
	const rf = ((2 / 3) * y) / radius;
	const sf = -qf - rf;
	let q = Math.round(qf);
	let r = Math.round(rf);
	const s = Math.round(sf);
	const dq = Math.abs(q - qf);
	const dr = Math.abs(r - rf);
	const ds = Math.abs(s - sf);
	if (dq > dr && dq > ds) q = -r - s;
	else if (dr > ds) r = -q - s;
	return (q + OFFSET) * SPAN + (r + OFFSET);
}

export function cellOfLonLat(lon: number, lat: number, level: number): number {
	return cellAt(mercatorX(lon), mercatorY(lat), level);
}

function axial(cell: number): { q: number; r: number } {
	const r = (cell % SPAN) - OFFSET;
	const q = Math.floor(cell / SPAN) - OFFSET;
	return { q, r };
}

/** The cell's centre on the Mercator plane. */
export function cellCentre(cell: number, level: number): [number, number] {
	const { q, r } = axial(cell);
	const radius = radiusOf(level);
	return [radius * SQRT3 * (q + r / 2), radius * 1.5 * r];
}

/** The cell's centre as [lon, lat]. */
export function cellCentreLonLat(cell: number, level: number): [number, number] {
	const [x, y] = cellCentre(cell, level);
	return [lonFromX(x), latFromY(y)];
}

/** The cell's six corners as [lon, lat], for drawing it (a regular hexagon on the map). */
export function cellOutline(cell: number, level: number): [number, number][] {
	const [cx, cy] = cellCentre(cell, level);
	const radius = radiusOf(level);
	return Array.from({ length: 6 }, (_, i) => {
		const angle = (Math.PI / 180) * (60 * i - 30);
		return [lonFromX(cx + radius * Math.cos(angle)), latFromY(cy + radius * Math.sin(angle))] as [number, number];
	});
}
