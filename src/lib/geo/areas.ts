// Drawn areas: rectangles and polygons an analyst limits the records to (a record passes when it
// lies in any of them). One module for the page, its worker and the explorer's server (the
// export applies them too), and one text form for the URL and the export's query:
//   r:west,south,east,north[:name]     a rectangle
//   p:lon,lat,lon,lat,…[:name]         a polygon (its ring, not closed; at least 3 points)
// several joined by "|", coordinates in degrees to 4 decimals (~10 m).
// Edges are straight on the map as drawn (Web Mercator), so points are tested in Mercator units:
// the page, its worker and the server then agree on a record near a long edge.
import { mercatorX, mercatorY } from '../map/projection/mercator';

export interface Area {
	kind: 'rectangle' | 'polygon';
	/** Ring of [lon, lat], not closed. A rectangle has its four corners. */
	ring: [number, number][];
	name: string;
}

export const MAX_AREAS = 20;
export const MAX_VERTICES = 500;

const fixed = (v: number) => String(Math.round(v * 1e4) / 1e4);

export function rectangle(west: number, south: number, east: number, north: number, name: string): Area {
	return {
		kind: 'rectangle',
		name,
		ring: [
			[west, south],
			[east, south],
			[east, north],
			[west, north]
		]
	};
}

function boundsOf(ring: [number, number][]): [number, number, number, number] {
	let w = Infinity,
		s = Infinity,
		e = -Infinity,
		n = -Infinity;
	for (const [x, y] of ring) {
		if (x < w) w = x;
		if (x > e) e = x;
		if (y < s) s = y;
		if (y > n) n = y;
	}
	return [w, s, e, n];
}

export function formatAreas(areas: readonly Area[]): string {
	return areas
		.map((a) => {
			const coords = a.kind === 'rectangle' ? boundsOf(a.ring) : a.ring.flat();
			const name = a.name.replace(/[|:]/g, ' ').trim();
			return `${a.kind === 'rectangle' ? 'r' : 'p'}:${coords.map(fixed).join(',')}${name ? `:${name}` : ''}`;
		})
		.join('|');
}

/** The areas of a text, or a message saying what is wrong with it. */
export function parseAreas(text: string): { ok: true; areas: Area[] } | { ok: false; message: string } {
	const parts = text.split('|').filter((p) => p.trim());
	if (parts.length > MAX_AREAS) return { ok: false, message: `At most ${MAX_AREAS} areas.` };
	const areas: Area[] = [];
	for (const [i, part] of parts.entries()) {
		const [kind, coords = '', ...rest] = part.split(':');
		const numbers = coords.split(',').map(Number);
		const name = rest.join(':').trim() || `Area ${i + 1}`;
		const bad = (why: string) => ({ ok: false as const, message: `Area ${i + 1} ${why}.` });
		if (numbers.some((v) => !Number.isFinite(v)) || numbers.length % 2) return bad('has coordinates that are not numbers in pairs');
		for (let k = 0; k < numbers.length; k += 2) if (Math.abs(numbers[k]) > 180 || Math.abs(numbers[k + 1]) > 90) return bad('has a point off the globe');
		if (kind === 'r') {
			if (numbers.length !== 4) return bad('(a rectangle) needs west, south, east, north');
			const [w, s, e, n] = numbers;
			if (w >= e || s >= n) return bad('(a rectangle) has no area');
			areas.push(rectangle(w, s, e, n, name));
		} else if (kind === 'p') {
			if (numbers.length < 6) return bad('(a polygon) needs at least 3 points');
			if (numbers.length > MAX_VERTICES * 2) return bad(`(a polygon) has more than ${MAX_VERTICES} points`);
			const ring: [number, number][] = [];
			for (let k = 0; k < numbers.length; k += 2) ring.push([numbers[k], numbers[k + 1]]);
			areas.push({ kind: 'polygon', name, ring });
		} else return bad('is neither a rectangle (r:) nor a polygon (p:)');
	}
	return { ok: true, areas };
}

/**
 * A point-in-areas test in Web Mercator units (x, y in the unit square, y down), prepared once:
 * a bounding-box check per area first, then the even-odd ray test over the ring (rectangles need
 * only the box). Null when there are no areas.
 */
export function mercatorAreaTest(areas: readonly Area[]): ((x: number, y: number) => boolean) | null {
	if (areas.length === 0) return null;
	const prepared = areas.map((a) => {
		const xs = Float64Array.from(a.ring, (p) => mercatorX(p[0]));
		const ys = Float64Array.from(a.ring, (p) => mercatorY(p[1]));
		const [w, s, e, n] = boundsOf(a.ring.map((_, i) => [xs[i], ys[i]]));
		return { w, s, e, n, rect: a.kind === 'rectangle', xs, ys };
	});
	return (lon, lat) => {
		for (const a of prepared) {
			if (lon < a.w || lon > a.e || lat < a.s || lat > a.n) continue;
			if (a.rect) return true;
			let inside = false;
			const { xs, ys } = a;
			for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
				if (ys[i] > lat !== ys[j] > lat && lon < ((xs[j] - xs[i]) * (lat - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
			}
			if (inside) return true;
		}
		return false;
	};
}

/** The same test for degrees. */
export function areaTest(areas: readonly Area[]): ((lon: number, lat: number) => boolean) | null {
	const test = mercatorAreaTest(areas);
	return test && ((lon, lat) => test(mercatorX(lon), mercatorY(lat)));
}

/** "Area 1 and Khartoum", for the briefing subtitle. */
export function describeAreas(areas: readonly Area[]): string | null {
	if (areas.length === 0) return null;
	const names = areas.map((a) => a.name);
	return `within ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`}`;
}
