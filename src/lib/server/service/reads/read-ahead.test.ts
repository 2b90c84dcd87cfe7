// Read-ahead of geo-manifest pages (read-ahead.ts) over a real SQLite database and the real reads:
// which reads it starts, that a page read ahead is the page the request would have read, and that
// it is served only to the request it was read for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open';
import { sqliteSql, type SqliteSql } from '../../db/sqlite-sql';
import type { ApiKey } from '../auth/keys';
import { ProblemError } from '../problems';
import type { GeoQuery } from '../schemas';
import { inlineReads, type Reads } from './reads';
import { nextCursorOf, withReadAhead } from './read-ahead';

const KEY: ApiKey = {
	id: 'k1',
	name: 'a',
	datasets: ['icd', 'icdb'],
	features: ['geo', 'search'],
	entities: null,
	rate: 1,
	burst: 1,
	credits: 0,
	createdAt: 0,
	revokedAt: null
};
const OTHER: ApiKey = { ...KEY, id: 'k2', name: 'b' };

let dir: string;
let sql: SqliteSql;

beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-read-ahead-'));
	const db = openDatabase(dir);
	const insert = db.prepare(
		`INSERT INTO records (dataset, component, uuid, primary_id, primary_date, entity, primary_country, dominant_lat, dominant_long, mappable, title)
		 VALUES ('icd', 'video', ?, ?, ?, ?, 'Sudan', ?, ?, 1, ?)`
	);
	for (let i = 0; i < 50; i++)
		insert.run(
			`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
			1000 + i,
			`2024-01-${String(1 + (i % 9)).padStart(2, '0')}`,
			i % 2 ? 'North' : 'South',
			15 + i / 100,
			30 - i / 100,
			`record "${i}"`
		);
	sql = sqliteSql(db);
});

afterAll(async () => {
	await sql.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

/** The real reads over the test database, with every read they are asked for written down. */
function countedReads(): { reads: Reads; asked: { name: string; cursor?: string; key: string }[] } {
	const real = inlineReads({ sql, settings: {} as never });
	const asked: { name: string; cursor?: string; key: string }[] = [];
	const note = (name: string, args: unknown[]) => asked.push({ name, key: (args[0] as ApiKey).id, cursor: (args[3] as GeoQuery | undefined)?.cursor });
	return {
		asked,
		reads: {
			...real,
			json: (name, at, ...args) => (note(name, args), real.json(name, at, ...args)),
			value: (name, at, ...args) => (note(name, args), real.value(name, at, ...args))
		}
	};
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const page = (bytes: Uint8Array) => JSON.parse(text(bytes)) as { items: { uuid: string }[]; next_cursor: string | null };

describe('read-ahead of geo-manifest pages', () => {
	it('reads the next page once a client follows a cursor, and answers the request for it with those bytes', async () => {
		const { reads, asked } = countedReads();
		const ahead = withReadAhead(reads, { pages: 4, busy: () => false });
		const plain = inlineReads({ sql, settings: {} as never });

		// The first page: nobody is walking yet, nothing is read ahead.
		const first = await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10 });
		expect(asked).toHaveLength(1);
		expect(ahead.aheadHeld).toBe(0);

		// The second page carries a cursor: the third is read at once.
		const cursor2 = page(first).next_cursor!;
		const second = await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: cursor2 });
		expect(asked).toHaveLength(2 + 1);
		expect(ahead.aheadHeld).toBe(1);
		const cursor3 = page(second).next_cursor!;
		expect(asked[2]).toEqual({ name: 'geoManifest', key: 'k1', cursor: cursor3 });

		// Asked for, the third page is the one read ahead (no read of its own), the same bytes as a
		// read without read-ahead; and the fourth is read ahead in turn.
		const third = await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { cursor: cursor3, limit: 10 });
		expect(text(third)).toBe(text(await plain.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: cursor3 })));
		expect(asked.filter((a) => a.cursor === cursor3)).toHaveLength(1);
		expect(asked.at(-1)!.cursor).toBe(page(third).next_cursor);

		// Walked to the end: every record once, in the manifest's order, as without read-ahead.
		const uuids = [...page(first).items, ...page(second).items, ...page(third).items].map((i) => i.uuid);
		let cursor = page(third).next_cursor;
		while (cursor) {
			const next = page(await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor }));
			uuids.push(...next.items.map((i) => i.uuid));
			cursor = next.next_cursor;
		}
		const expected = sql.db.prepare("SELECT uuid FROM records WHERE component = 'video' ORDER BY primary_date DESC, primary_id DESC").pluck().all() as string[];
		expect(uuids).toEqual(expected);
		// The last page has no next cursor: nothing is left held.
		expect(ahead.aheadHeld).toBe(0);
	});

	it('serves a page read ahead only to the same key with the same parameters', async () => {
		const { reads, asked } = countedReads();
		const ahead = withReadAhead(reads, { pages: 4, busy: () => false });
		const first = page(await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10 }));
		const second = page(await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: first.next_cursor! }));
		expect(ahead.aheadHeld).toBe(1);

		// Another key presenting the cursor that was read ahead: its own read, which rejects the
		// cursor (it was issued to the first key), not the first key's page.
		const before = asked.length;
		const foreign = ahead.json('geoManifest', 0, OTHER, 'icd', 'video', { limit: 10, cursor: second.next_cursor! });
		await expect(foreign).rejects.toThrow(ProblemError);
		await expect(foreign).rejects.toMatchObject({ problem: { code: 'invalid_cursor' } });
		expect(asked.slice(before)).toEqual([{ name: 'geoManifest', key: 'k2', cursor: second.next_cursor }]);

		// The same key narrowing to other parameters, or asking for columns: other reads of their own.
		await expect(ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: second.next_cursor!, country: 'Sudan' })).rejects.toMatchObject({
			problem: { code: 'invalid_cursor' }
		});
		// The same key with fewer entities may see less: a read of its own, never the wider page.
		const narrowed = await ahead.json('geoManifest', 0, { ...KEY, entities: ['North'] }, 'icd', 'video', { limit: 10, cursor: second.next_cursor! });
		const narrowedItems = page(narrowed).items as { entity?: string }[];
		expect(narrowedItems.length).toBeGreaterThan(0);
		expect(narrowedItems.every((i) => i.entity === 'North')).toBe(true);
		expect(asked.filter((a) => a.cursor === second.next_cursor)).toHaveLength(4);
	});

	it('reads nothing ahead while the readers are busy, when turned off, or for other reads', async () => {
		for (const options of [
			{ pages: 4, busy: () => true },
			{ pages: 0, busy: () => false }
		]) {
			const { reads, asked } = countedReads();
			const ahead = withReadAhead(reads, options);
			const first = page(await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10 }));
			await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: first.next_cursor! });
			expect(asked).toHaveLength(2);
			expect(ahead.aheadHeld).toBe(0);
		}
		const { reads, asked } = countedReads();
		const ahead = withReadAhead(reads, { pages: 4, busy: () => false });
		await ahead.json('search', 0, KEY, 'icd', 'video', { per_page: 5, page: 2 } as never);
		expect(asked).toHaveLength(1);
	});

	it('holds at most the pages it is given, and drops a page nobody asked for in time', async () => {
		const { reads, asked } = countedReads();
		const ahead = withReadAhead(reads, { pages: 1, ttlMs: 0, busy: () => false });
		const first = page(await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 5 }));
		const second = page(await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 5, cursor: first.next_cursor! }));
		expect(ahead.aheadHeld).toBe(1);
		// The held page has expired (ttl 0): the request reads its page itself.
		const before = asked.length;
		const third = await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 5, cursor: second.next_cursor! });
		expect(asked.slice(before).map((a) => a.cursor)).toEqual([second.next_cursor, page(third).next_cursor]);

		// A second walk while one page is held: no room, nothing more read ahead.
		const full = withReadAhead(countedReads().reads, { pages: 1, busy: () => false });
		const a1 = page(await full.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 5 }));
		await full.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 5, cursor: a1.next_cursor! });
		const b1 = await full.value('geoManifestColumns', 0, OTHER, 'icd', 'video', { limit: 7 });
		await full.value('geoManifestColumns', 0, OTHER, 'icd', 'video', { limit: 7, cursor: b1.next_cursor! });
		expect(full.aheadHeld).toBe(1);
	});

	it('reads a page again for its request when its read ahead failed', async () => {
		const plain = inlineReads({ sql, settings: {} as never });
		const first = page(await plain.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10 }));
		const cursor3 = page(await plain.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: first.next_cursor! })).next_cursor!;
		// The first read of the third page fails, as a reader dying under it would: that is its read ahead.
		const { reads, asked } = countedReads();
		let failed = 0;
		const failing: Reads = {
			...reads,
			json: (name, at, ...args) => {
				if ((args[3] as GeoQuery).cursor === cursor3 && failed++ === 0) return Promise.reject(new Error('reader stopped'));
				return reads.json(name, at, ...args);
			}
		};
		const ahead = withReadAhead(failing, { pages: 4, busy: () => false });
		await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: first.next_cursor! });
		expect(ahead.aheadHeld).toBe(1);
		const third = await ahead.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: cursor3 });
		expect(failed).toBe(2);
		expect(asked.filter((a) => a.cursor === cursor3)).toHaveLength(1);
		expect(text(third)).toBe(text(await plain.json('geoManifest', 0, KEY, 'icd', 'video', { limit: 10, cursor: cursor3 })));
	});

	it('finds the next cursor in a page of JSON text and in a page of columns', () => {
		const cursor = 'abc.def';
		expect(nextCursorOf(Buffer.from(`{"status":"ok","items":[{"title":"\\"next_cursor\\":\\"x\\""}],"limit":5,"next_cursor":"${cursor}"}`))).toBe(cursor);
		expect(nextCursorOf(Buffer.from('{"status":"ok","items":[],"next_cursor":null}'))).toBeNull();
		expect(nextCursorOf({ status: 'ok', columns: {}, next_cursor: cursor })).toBe(cursor);
		expect(nextCursorOf({ status: 'ok', next_cursor: null })).toBeNull();
	});
});
