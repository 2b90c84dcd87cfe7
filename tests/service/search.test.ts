import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

const t = serverWithOracle();

const json = async (p: string, key?: string) => {
	const r = await t.server.get(p, key);
	expect(r.status, await r.clone().text()).toBe(200);
	return r.json();
};

describe('structured search', () => {
	it('pages with exactly the spec metadata', async () => {
		const total = t.db.count("dataset='icd' AND component='video'");
		const body = await json('/v1/icd/videos?page=2&per_page=10');
		expect(Object.keys(body).sort()).toEqual(
			['curPage', 'items', 'itemsReceived', 'itemsTotal', 'nextPage', 'offset', 'pageTotal', 'perPage', 'prevPage'].sort()
		);
		expect(body).toMatchObject({
			itemsReceived: 10,
			curPage: 2,
			nextPage: 3,
			prevPage: 1,
			offset: 10,
			perPage: 10,
			itemsTotal: total,
			pageTotal: Math.ceil(total / 10)
		});
		const first = await json('/v1/icd/videos');
		expect(first).toMatchObject({ curPage: 1, prevPage: null, perPage: 25, offset: 0 });
		const last = await json(`/v1/icd/videos?per_page=10&page=${body.pageTotal}`);
		expect(last.nextPage).toBeNull();
		expect(last.itemsReceived).toBe(total - (body.pageTotal - 1) * 10);
	});

	it('returns summary fields and newest first by default', async () => {
		const body = await json('/v1/icdb/images?per_page=50');
		for (const item of body.items) {
			for (const k of Object.keys(item))
				expect([
					'uuid',
					'primary_id',
					'primary_date',
					'entity',
					'primary_country',
					'title',
					'second_geo_layer',
					'dominant_lat',
					'dominant_long',
					'summary'
				]).toContain(k);
		}
		const dates = body.items.map((i: { primary_date: string }) => i.primary_date);
		expect([...dates].sort().reverse()).toEqual(dates);
		const newest = t.db.one<{ d: string }>("SELECT max(primary_date) d FROM records WHERE dataset='icdb' AND component='image'");
		expect(dates[0]).toBe(newest.d);
	});

	it.each(['date_asc', 'id_asc', 'id_desc'])('sorts by %s', async (sort) => {
		const body = await json(`/v1/icd/images?sort=${sort}&per_page=40`);
		const key = sort.startsWith('date') ? 'primary_date' : 'primary_id';
		const values = body.items.map((i: Record<string, string | number>) => i[key]);
		const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
		expect(values).toEqual(sort.endsWith('desc') ? sorted.reverse() : sorted);
	});

	it('filters by country, entity and dates with totals that match the data', async () => {
		const pick = t.db.one<{ c: string; e: string }>(
			"SELECT primary_country c, entity e FROM records WHERE dataset='icd' AND component='video' GROUP BY primary_country, entity ORDER BY count(*) DESC LIMIT 1"
		);
		const expected = t.db.count(
			"dataset='icd' AND component='video' AND primary_country=? AND entity=? AND primary_date BETWEEN '2016-01-01' AND '2024-12-31'",
			pick.c,
			pick.e
		);
		expect(expected).toBeGreaterThan(0);
		const q = new URLSearchParams({ country: pick.c.toUpperCase(), entity: pick.e, date_from: '2016-01-01', date_to: '2024-12-31', per_page: '100' });
		const body = await json(`/v1/icd/videos?${q}`);
		expect(body.itemsTotal).toBe(expected);
		for (const item of body.items) {
			expect(item.primary_country).toBe(pick.c);
			expect(item.entity).toBe(pick.e);
			expect(item.primary_date >= '2016-01-01' && item.primary_date <= '2024-12-31').toBe(true);
		}
	});

	it('finds records by keyword, all words required, ranked by relevance', async () => {
		const row = t.db.one<{ title: string }>("SELECT title FROM records WHERE dataset='icd' AND component='video' AND title IS NOT NULL LIMIT 1 OFFSET 7");
		const words = row.title
			.split(/\s+/)
			.filter((w) => w.length > 4)
			.slice(0, 2);
		const body = await json(`/v1/icd/videos?search=${encodeURIComponent(words.join(' '))}&per_page=100`);
		expect(body.itemsTotal).toBeGreaterThan(0);
		expect(body.items.some((i: { title: string }) => i.title === row.title)).toBe(true);
		const stem = (w: string) =>
			w
				.toLowerCase()
				.replace(/[^a-z]/g, '')
				.slice(0, 4);
		// Every hit mentions every word somewhere (title, summary, report or transcript).
		for (const item of body.items.slice(0, 10)) {
			const full = await json(`/v1/icd/videos/${item.uuid}`);
			const text = [full.title, full.summary, full.report, full.transcript].join(' ').toLowerCase();
			for (const w of words) expect(text).toContain(stem(w));
		}
	});

	it('ranks the same with and without a filter that keeps everything (the two query plans agree)', async () => {
		const word = t.db
			.one<{ title: string }>("SELECT title FROM records WHERE dataset='icdb' AND component='image' LIMIT 1 OFFSET 11")
			.title.split(/\s+/)
			.find((w) => w.length > 5)!;
		for (const sort of ['relevance', 'date_desc', 'id_asc']) {
			const plain = await json(`/v1/icdb/images?search=${encodeURIComponent(word)}&sort=${sort}&per_page=20&page=2`);
			const filtered = await json(`/v1/icdb/images?search=${encodeURIComponent(word)}&sort=${sort}&per_page=20&page=2&date_from=1900-01-01`);
			expect(filtered.itemsTotal).toBe(plain.itemsTotal);
			expect(filtered.items.map((i: { uuid: string }) => i.uuid)).toEqual(plain.items.map((i: { uuid: string }) => i.uuid));
		}
	});

	it('treats hyphenated names as words, not operators', async () => {
		const r = await t.server.get('/v1/icd/videos?search=al-Qasr');
		expect(r.status).toBe(200);
	});

	it('answers an empty result with 200', async () => {
		const body = await json('/v1/icd/videos?search=zzyzxqqq');
		expect(body).toMatchObject({ itemsReceived: 0, itemsTotal: 0, pageTotal: 0, nextPage: null, items: [] });
		const far = await json('/v1/icd/videos?page=100000');
		expect(far.items).toEqual([]);
	});

	it.each([
		['page=0', 'page'],
		['page=-1', 'page'],
		['page=1.5', 'page'],
		['page=abc', 'page'],
		['per_page=0', 'per_page'],
		['per_page=101', 'per_page'],
		['sort=popular', 'sort'],
		['date_from=2020-02-30', 'date_from'],
		['date_from=yesterday', 'date_from'],
		['date_to=2020-13-01', 'date_to'],
		['date_from=2021-01-01&date_to=2020-01-01', 'date_from'],
		[`search=${'a'.repeat(1001)}`, 'search'],
		['search=-convoy', 'search'],
		['search=%21%21%21', 'search'],
		['search=%F0%9F%9A%9A', 'search'],
		['search=convoy%01', 'search'],
		['contry=Sudan', 'contry'],
		['contry=', 'contry'],
		['country=Sudan&country=Iraq', 'country'],
		['page=1&page=2', 'page'],
		['colour=red', 'colour']
	])('refuses %s with a 400 problem naming %s', async (query, param) => {
		const body = await expectProblem(await t.server.get(`/v1/icd/videos?${query}`), 400, 'invalid_parameter');
		expect((body.errors as { param: string }[]).map((e) => e.param).join(',')).toContain(param);
	});
});

describe('entity restrictions', () => {
	it('applies to every item and every total', async () => {
		const entities = t.db.rows<{ entity: string }>(
			"SELECT entity FROM records WHERE dataset='icd' AND component='image' GROUP BY entity ORDER BY count(*) DESC LIMIT 2"
		);
		const allowed = entities.map((e) => e.entity);
		const { key } = await t.server.createKey(['--entities', allowed.join(',')]);
		const expected = t.db.count(`dataset='icd' AND component='image' AND entity IN (?, ?)`, ...allowed);
		const body = await json('/v1/icd/images?per_page=100', key);
		expect(body.itemsTotal).toBe(expected);
		expect(new Set(body.items.map((i: { entity: string }) => i.entity))).toEqual(new Set(allowed));
		// Asking for a forbidden entity by name reveals nothing, not even a count.
		const other = t.db.one<{ entity: string }>(
			`SELECT entity FROM records WHERE dataset='icd' AND component='image' AND entity NOT IN (?, ?) LIMIT 1`,
			...allowed
		);
		const none = await json(`/v1/icd/images?entity=${encodeURIComponent(other.entity)}`, key);
		expect(none.itemsTotal).toBe(0);
		const word = await json('/v1/icd/images?search=the', key);
		expect(word.itemsTotal).toBeLessThanOrEqual(expected);
	});
});
