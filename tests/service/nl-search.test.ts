import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

const t = serverWithOracle();

interface Item {
	uuid: string;
	primary_id: number;
	primary_date: string;
	entity?: string;
	primary_country?: string;
	source_component: string;
	source_database: string;
	score: number;
	match_chunk_id: string;
	section_type: string;
}

const nl = async (dataset: string, params: Record<string, string>, key?: string) => {
	const r = await t.server.get(`/v1/${dataset}/nl-search?${new URLSearchParams(params)}`, key);
	expect(r.status, await r.clone().text()).toBe(200);
	return r.json() as Promise<{ items: Item[]; [k: string]: unknown }>;
};

const SECTIONS = ['transcript', 'visual_analysis', 'audio_analysis', 'summary', 'metadata'];

describe('natural language search', () => {
	it('answers the spec fields with echoes, defaults, scores in 0..1 descending and stable chunk ids', async () => {
		const body = await nl('icd', { search: 'armed men searching cars at a roadblock' });
		expect(Object.keys(body).sort()).toEqual(
			// The spec's fields, and the addition that says how the question was understood.
			[
				'status',
				'itemsReceived',
				'curPage',
				'nextPage',
				'prevPage',
				'offset',
				'perPage',
				'itemsTotal',
				'pageTotal',
				'retrieval_question',
				'source_component_filter',
				'top_k',
				'items',
				'interpretation'
			].sort()
		);
		expect(body).toMatchObject({
			status: 'ok',
			curPage: 1,
			prevPage: null,
			perPage: 10,
			offset: 0,
			top_k: 50,
			retrieval_question: 'armed men searching cars at a roadblock',
			source_component_filter: 'all'
		});
		expect(body.itemsTotal).toBe(50);
		expect(body.items).toHaveLength(10);
		const scores = body.items.map((i) => i.score);
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
		for (const item of body.items) {
			expect(item.score).toBeGreaterThan(0);
			expect(item.score).toBeLessThanOrEqual(1);
			expect(item.source_database).toBe('ICD');
			expect(['video', 'image']).toContain(item.source_component);
			expect(SECTIONS).toContain(item.section_type);
			expect(item.match_chunk_id).toBe(`${item.uuid}:${item.section_type}`);
			const row = t.db.one<{ component: string; dataset: string }>('SELECT component, dataset FROM records WHERE uuid = ?', item.uuid);
			expect(row).toEqual({ component: item.source_component, dataset: 'icd' });
		}
		// The best hit is about roadblocks or checkpoints, though "searching" is not a stored word form.
		const top = t.db.one<{ title: string; summary: string }>('SELECT title, summary FROM records WHERE uuid = ?', body.items[0].uuid);
		expect(`${top.title} ${top.summary}`).toMatch(/roadblock|checkpoint|barrier post|inspection point/i);
	});

	it('finds records by meaning when no word of the question is in them', async () => {
		// "interment" is in no record; WordNet relates it to "burial", the corpus model to funerals.
		const plain = t.db.count("dataset='icd' AND (title LIKE '%interment%' OR summary LIKE '%interment%' OR report LIKE '%interment%')");
		expect(plain).toBe(0);
		const body = await nl('icd', { search: 'interment', per_page: '10' });
		expect(body.itemsReceived).toBe(10);
		for (const item of body.items.slice(0, 5)) {
			const r = t.db.one<{ title: string; summary: string; report: string }>('SELECT title, summary, report FROM records WHERE uuid = ?', item.uuid);
			expect(`${r.title} ${r.summary} ${r.report}`).toMatch(/burial|funeral|mourn|coffin|grave/i);
		}
	});

	it('pages over the top_k ranking without overlap and with the same order as one big page', async () => {
		const q = { search: 'convoy of pickup trucks on the highway', top_k: '30' };
		const all = await nl('icdb', { ...q, per_page: '30' });
		expect(all.itemsTotal).toBe(30);
		const pages = [];
		for (let page = 1; page <= 4; page++) pages.push(await nl('icdb', { ...q, per_page: '8', page: String(page) }));
		expect(pages.map((p) => p.itemsReceived)).toEqual([8, 8, 8, 6]);
		expect(pages[0]).toMatchObject({ pageTotal: 4, nextPage: 2, prevPage: null, top_k: 30 });
		expect(pages[3]).toMatchObject({ nextPage: null, prevPage: 3, offset: 24 });
		expect(pages.flatMap((p) => p.items.map((i) => i.uuid))).toEqual(all.items.map((i) => i.uuid));
		const beyond = await nl('icdb', { ...q, per_page: '8', page: '5' });
		expect(beyond.items).toEqual([]);
	});

	it('applies country, entity, source_component and date filters', async () => {
		const pick = t.db.one<{ c: string; e: string }>(
			"SELECT primary_country c, entity e FROM records WHERE dataset='icd' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1"
		);
		const body = await nl('icd', {
			search: 'fighters and vehicles',
			country: pick.c.toLowerCase(),
			entity: pick.e,
			source_component: 'image',
			date_from: '2016-01-01',
			date_to: '2022-12-31',
			top_k: '200',
			per_page: '50'
		});
		expect(body.source_component_filter).toBe('image');
		expect(body.itemsReceived).toBeGreaterThan(0);
		for (const item of body.items) {
			expect(item).toMatchObject({ primary_country: pick.c, entity: pick.e, source_component: 'image' });
			expect(item.primary_date >= '2016-01-01' && item.primary_date <= '2022-12-31').toBe(true);
		}
		const video = await nl('icd', { search: 'fighters and vehicles', source_component: 'video', per_page: '50' });
		expect(video.items.every((i) => i.source_component === 'video')).toBe(true);
	});

	it('never shows a restricted key records outside its entities', async () => {
		const entities = t.db.rows<{ e: string }>("SELECT entity e FROM records WHERE dataset='icd' GROUP BY 1 ORDER BY count(*) DESC LIMIT 2").map((r) => r.e);
		const { key } = await t.server.createKey(['--entities', entities.join(',')]);
		const body = await nl('icd', { search: 'armed convoy entering a town', top_k: '200', per_page: '50' }, key);
		expect(body.itemsReceived).toBeGreaterThan(0);
		for (const item of body.items) expect(entities).toContain(item.entity);
		// Asking for another entity yields nothing rather than leaking it.
		const other = t.db.one<{ e: string }>(`SELECT entity e FROM records WHERE dataset='icd' AND entity NOT IN (?, ?) LIMIT 1`, ...entities).e;
		const none = await nl('icd', { search: 'armed convoy', entity: other }, key);
		expect(none).toMatchObject({ itemsTotal: 0, items: [] });
	});

	it('refuses keys without the nl_search feature or the dataset', async () => {
		const { key } = await t.server.createKey(['--features', 'search']);
		await expectProblem(await t.server.get('/v1/icd/nl-search?search=convoy', key), 403, 'forbidden');
		const icdOnly = (await t.server.createKey(['--datasets', 'icd'])).key;
		await expectProblem(await t.server.get('/v1/icdb/nl-search?search=convoy', icdOnly), 403, 'forbidden');
	});

	it.each([
		['missing search', ''],
		['empty search', 'search='],
		['blank search', 'search=%20%20%20'],
		['punctuation only', 'search=%3F%21'],
		['search over 4,000 characters', `search=${'convoy%20'.repeat(600)}`],
		['top_k zero', 'search=convoy&top_k=0'],
		['top_k above 200', 'search=convoy&top_k=201'],
		['top_k not a number', 'search=convoy&top_k=ten'],
		['per_page above 50', 'search=convoy&per_page=51'],
		['page zero', 'search=convoy&page=0'],
		['bad date', 'search=convoy&date_from=2020-02-30'],
		['date order', 'search=convoy&date_from=2021-01-01&date_to=2020-01-01'],
		['bad component', 'search=convoy&source_component=audio'],
		['unknown parameter', 'search=convoy&sort=date_desc']
	])('answers %s with a 400 problem', async (_name, query) => {
		const body = await expectProblem(await t.server.get(`/v1/icd/nl-search?${query}`), 400, 'invalid_parameter');
		expect(Array.isArray(body.errors)).toBe(true);
	});

	it('lists the endpoint in /openapi.json', async () => {
		const doc = await (await t.server.get('/openapi.json', null)).json();
		expect(doc.paths['/v1/icd/nl-search'].get.operationId).toBe('searchIcdNl');
		expect(doc.paths['/v1/icdb/nl-search'].get.operationId).toBe('searchIcdbNl');
		expect(doc.components.schemas.NlSearchResponse.properties.items.items.properties.match_chunk_id.type).toBe('string');
	});
});

describe('no bias to the oldest records', () => {
	// Records are written oldest first, and templated text gives many chunks the same score: ties
	// broken by id once filled the top ten with the oldest year (issue 15).
	const OPEN_QUERIES = [
		'a crowd at a rally',
		'aid being delivered',
		'damaged buildings after shelling',
		'fighters training in the desert',
		'a convoy of vehicles on a road',
		'people fleeing their homes',
		'a speech to supporters',
		'flooded streets',
		'a checkpoint inspection',
		'drone footage of a town'
	];

	it('no year takes more than twice its share of the data in the top 10 of open queries', async () => {
		const shares = (rows: { y: string; n: number }[]) => {
			const total = rows.reduce((s, r) => s + r.n, 0);
			return new Map(rows.map((r) => [r.y, r.n / total]));
		};
		const data = shares(t.db.rows<{ y: string; n: number }>('SELECT substr(primary_date, 1, 4) y, count(*) n FROM records GROUP BY y'));
		const counts = new Map<string, number>();
		for (const dataset of ['icd', 'icdb']) {
			for (const search of OPEN_QUERIES) {
				for (const item of (await nl(dataset, { search, per_page: '10' })).items) {
					const y = item.primary_date.slice(0, 4);
					counts.set(y, (counts.get(y) ?? 0) + 1);
				}
			}
		}
		const top = shares([...counts].map(([y, n]) => ({ y, n })));
		const over = [...top]
			.filter(([y, share]) => share > 2 * (data.get(y) ?? 0))
			.map(([y, share]) => `${y}: ${(share * 100).toFixed(1)} % of top-10 results, ${((data.get(y) ?? 0) * 100).toFixed(1)} % of the data`);
		expect(over).toEqual([]);
	});
});
