import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

const t = serverWithOracle();

type Item = { uuid: string; primary_id: number; primary_date: string; dominant_lat: number; dominant_long: number; entity: string };
type Page = { status: string; items: Item[]; itemsReceived: number; itemsTotal: number; limit: number; next_cursor: string | null };

async function walk(base: string, key?: string): Promise<{ items: Item[]; pages: Page[] }> {
	const items: Item[] = [];
	const pages: Page[] = [];
	let cursor: string | null = null;
	do {
		const sep = base.includes('?') ? '&' : '?';
		const r = await t.server.get(cursor ? `${base}${sep}cursor=${encodeURIComponent(cursor)}` : base, key);
		expect(r.status).toBe(200);
		const page = (await r.json()) as Page;
		pages.push(page);
		items.push(...page.items);
		cursor = page.next_cursor;
	} while (cursor);
	return { items, pages };
}

const order = (a: Item, b: Item) => (a.primary_date === b.primary_date ? b.primary_id - a.primary_id : a.primary_date < b.primary_date ? 1 : -1);

describe('geo manifests', () => {
	it('walks every mappable record once, newest first, deterministically', async () => {
		const expected = t.db.count("dataset='icd' AND component='video' AND mappable=1");
		const unmappable = t.db.count("dataset='icd' AND component='video' AND mappable=0");
		expect(unmappable).toBeGreaterThan(0);
		const { items, pages } = await walk('/v1/icd/videos/geo-manifest?limit=400');
		expect(items).toHaveLength(expected);
		expect(new Set(items.map((i) => i.uuid)).size).toBe(expected);
		expect([...items].sort(order)).toEqual(items);
		expect(pages[0]).toMatchObject({ status: 'ok', limit: 400, itemsTotal: expected, itemsReceived: 400 });
		expect(pages.at(-1)!.next_cursor).toBeNull();
		for (const i of items) {
			expect(Math.abs(i.dominant_lat)).toBeLessThanOrEqual(90);
			expect(Math.abs(i.dominant_long)).toBeLessThanOrEqual(180);
		}
		const again = await walk('/v1/icd/videos/geo-manifest?limit=400');
		expect(again.items).toEqual(items);
	});

	it('uses a default limit of 1000 and refuses more than 5000', async () => {
		const page = (await (await t.server.get('/v1/icdb/images/geo-manifest')).json()) as Page;
		expect(page.limit).toBe(1000);
		await expectProblem(await t.server.get('/v1/icdb/images/geo-manifest?limit=5001'), 400, 'invalid_parameter');
		await expectProblem(await t.server.get('/v1/icdb/images/geo-manifest?limit=0'), 400, 'invalid_parameter');
	});

	it('filters by country and dates', async () => {
		const c = t.db.one<{ c: string }>("SELECT primary_country c FROM records WHERE dataset='icdb' AND component='video' AND mappable=1 GROUP BY c ORDER BY count(*) DESC LIMIT 1").c;
		const expected = t.db.count("dataset='icdb' AND component='video' AND mappable=1 AND primary_country=? AND primary_date >= '2018-01-01'", c);
		const { items } = await walk(`/v1/icdb/videos/geo-manifest?limit=100&country=${encodeURIComponent(c)}&date_from=2018-01-01`);
		expect(items).toHaveLength(expected);
	});

	it('rejects a cursor reused with other parameters, by another key, tampered or garbage', async () => {
		const first = (await (await t.server.get('/v1/icd/images/geo-manifest?limit=50')).json()) as Page;
		const cursor = encodeURIComponent(first.next_cursor!);
		expect((await t.server.get(`/v1/icd/images/geo-manifest?limit=50&cursor=${cursor}`)).status).toBe(200);
		const cases = [
			`/v1/icd/images/geo-manifest?limit=60&cursor=${cursor}`,
			`/v1/icd/images/geo-manifest?limit=50&date_from=2015-01-01&cursor=${cursor}`,
			`/v1/icd/videos/geo-manifest?limit=50&cursor=${cursor}`,
			`/v1/icdb/images/geo-manifest?limit=50&cursor=${cursor}`,
			`/v1/icd/images/geo-manifest?limit=50&cursor=${cursor.slice(0, 10)}x${cursor.slice(11)}`,
			'/v1/icd/images/geo-manifest?limit=50&cursor=garbage'
		];
		for (const p of cases) {
			const body = await expectProblem(await t.server.get(p), 400, 'invalid_cursor');
			expect(body.remediation).toMatch(/without the cursor/);
		}
		const other = t.server.createKey();
		await expectProblem(await t.server.get(`/v1/icd/images/geo-manifest?limit=50&cursor=${cursor}`, other.key), 400, 'invalid_cursor');
	});

	it('shows a restricted key only its entities, in items and totals', async () => {
		const e = t.db.one<{ e: string }>("SELECT entity e FROM records WHERE dataset='icdb' AND component='image' AND mappable=1 GROUP BY e ORDER BY count(*) DESC LIMIT 1").e;
		const { key } = t.server.createKey(['--entities', e]);
		const expected = t.db.count("dataset='icdb' AND component='image' AND mappable=1 AND entity=?", e);
		const { items, pages } = await walk('/v1/icdb/images/geo-manifest?limit=500', key);
		expect(pages[0].itemsTotal).toBe(expected);
		expect(items).toHaveLength(expected);
		expect(items.every((i) => i.entity === e)).toBe(true);
	});
});
