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
		const c = t.db.one<{ c: string }>(
			"SELECT primary_country c FROM records WHERE dataset='icdb' AND component='video' AND mappable=1 GROUP BY c ORDER BY count(*) DESC LIMIT 1"
		).c;
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
		const other = await t.server.createKey();
		await expectProblem(await t.server.get(`/v1/icd/images/geo-manifest?limit=50&cursor=${cursor}`, other.key), 400, 'invalid_cursor');
	});

	it('shows a restricted key only its entities, in items and totals', async () => {
		const e = t.db.one<{ e: string }>(
			"SELECT entity e FROM records WHERE dataset='icdb' AND component='image' AND mappable=1 GROUP BY e ORDER BY count(*) DESC LIMIT 1"
		).e;
		const { key } = await t.server.createKey(['--entities', e]);
		const expected = t.db.count("dataset='icdb' AND component='image' AND mappable=1 AND entity=?", e);
		const { items, pages } = await walk('/v1/icdb/images/geo-manifest?limit=500', key);
		expect(pages[0].itemsTotal).toBe(expected);
		expect(items).toHaveLength(expected);
		expect(items.every((i) => i.entity === e)).toBe(true);
	});

	it('writes every page as JavaScript would write its items, member for member as stored, cut where the next page begins', async () => {
		// On SQLite the page's JSON text is written by SQLite (geo/manifest.ts geoManifestJson): it
		// must be the text JSON.stringify gives for the same items (numbers, escapes, members left
		// out when null, their order) and the items those of the database, in the manifest's order.
		type Row = {
			uuid: string;
			primary_id: number;
			primary_date: string;
			dominant_lat: number;
			dominant_long: number;
			entity: string | null;
			primary_country: string | null;
			second_geo_layer: string | null;
			title: string | null;
		};
		const asItem = (r: Row) => {
			const item: Record<string, unknown> = {
				uuid: r.uuid,
				primary_id: r.primary_id,
				primary_date: r.primary_date,
				dominant_lat: r.dominant_lat,
				dominant_long: r.dominant_long
			};
			for (const k of ['entity', 'primary_country', 'second_geo_layer', 'title'] as const) if (r[k] !== null) item[k] = r[k];
			return item;
		};
		const { e } = t.db.one<{ e: string }>(
			"SELECT entity e FROM records WHERE dataset='icd' AND component='image' AND mappable=1 GROUP BY e ORDER BY count(*) DESC LIMIT 1"
		);
		const restricted = (await t.server.createKey(['--entities', e])).key;
		const walks = [
			{ path: '/v1/icd/videos/geo-manifest?limit=97', where: "dataset='icd' AND component='video'", params: [] as string[], key: undefined },
			{
				path: '/v1/icdb/images/geo-manifest?limit=1',
				where: "dataset='icdb' AND component='image' AND primary_date >= '2024-06-01'",
				params: [],
				key: undefined,
				query: '&date_from=2024-06-01'
			},
			{ path: '/v1/icd/images/geo-manifest?limit=250', where: "dataset='icd' AND component='image' AND entity = ?", params: [e], key: restricted }
		];
		let titled = 0;
		for (const w of walks) {
			const expected = t.db
				.rows<Row>(
					`SELECT uuid, primary_id, primary_date, dominant_lat, dominant_long, entity, primary_country, second_geo_layer, title FROM records WHERE mappable = 1 AND ${w.where} ORDER BY primary_date DESC, primary_id DESC`,
					...w.params
				)
				.map(asItem);
			expect(expected.length).toBeGreaterThan(1);
			const received: unknown[] = [];
			let cursor: string | null = null;
			do {
				const r = await t.server.get(`${w.path}${w.query ?? ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, w.key);
				expect(r.status).toBe(200);
				const text = await r.text();
				const page = JSON.parse(text) as Page;
				expect(text).toBe(JSON.stringify(page));
				expect(page.itemsTotal).toBe(expected.length);
				expect(page.itemsReceived).toBe(page.items.length);
				received.push(...page.items);
				cursor = page.next_cursor;
				// A page ends with its cursor exactly when records remain.
				expect(cursor !== null).toBe(received.length < expected.length);
			} while (cursor);
			expect(JSON.stringify(received)).toBe(JSON.stringify(expected));
			titled += expected.filter((i) => typeof i.title === 'string' && /[^\x20-\x7e]/.test(i.title)).length;
		}
		// The texts held something to escape or encode beyond ASCII.
		expect(titled).toBeGreaterThan(0);
	});

	it('writes coordinates as JavaScript does where the database would not: below 1e-4, integral, negative zero', async () => {
		// The generator never makes these; the newest record of a component is given them in turn.
		type Newest = { uuid: string; dominant_lat: number; dominant_long: number };
		const newest = t.db.one<Newest>(
			"SELECT uuid, dominant_lat, dominant_long FROM records WHERE dataset='icd' AND component='video' AND mappable=1 ORDER BY primary_date DESC, primary_id DESC LIMIT 1"
		);
		const cases: [lat: string, long: string, expected: [number, number]][] = [
			['0.00001', '28', [0.00001, 28]],
			["CAST('-0' AS double precision)", '-12.5', [0, -12.5]],
			['-0.00002', '100', [-0.00002, 100]],
			['45', '-0.0001', [45, -0.0001]]
		];
		try {
			for (const [lat, long, expected] of cases) {
				t.db.write(`UPDATE records SET dominant_lat = ${lat}, dominant_long = ${long} WHERE uuid = ?`, newest.uuid);
				const r = await t.server.get('/v1/icd/videos/geo-manifest?limit=3');
				expect(r.status).toBe(200);
				const text = await r.text();
				const page = JSON.parse(text) as Page;
				expect(text).toBe(JSON.stringify(page));
				const item = page.items.find((i) => i.uuid === newest.uuid)!;
				expect([item.dominant_lat, item.dominant_long]).toEqual(expected);
			}
		} finally {
			t.db.write('UPDATE records SET dominant_lat = ?, dominant_long = ? WHERE uuid = ?', newest.dominant_lat, newest.dominant_long, newest.uuid);
		}
	});
});
