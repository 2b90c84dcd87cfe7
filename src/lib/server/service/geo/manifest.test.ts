// The manifest page's JSON as SQLite writes it (geoManifestJson) against JSON.stringify of the same
// page (geoManifest), on records chosen for what the two could write differently: integral and
// negative-zero coordinates, strings that need escaping or are beyond ASCII, members left out when
// null, and pages cut at every size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/open';
import { sqliteSql, type SqliteSql } from '../../db/sqlite-sql';
import type { ApiKey } from '../auth/keys';
import type { GeoQuery } from '../schemas';
import { geoManifest, geoManifestJson } from './manifest';

const KEY: ApiKey = {
	id: 'k1',
	name: 'test',
	datasets: ['icd', 'icdb'],
	features: ['geo'],
	entities: null,
	rate: 1,
	burst: 1,
	credits: 0,
	createdAt: 0,
	revokedAt: null
};

const TEXTS = ['plain', 'quote " and backslash \\', 'line\nbreak\ttab\r\u0001\u001f\u007f', 'São Tomé – Ñuñoa · 東京 😀', '</script> & <b>', '\u2028\u2029'];
const COORDINATES: [number, number][] = [
	[28, 44],
	[-0, 0],
	[16.27, -0.04],
	[-33.45678, 151.2],
	[89.99999, -179.99999],
	[12.5, -1e-5]
];

let dir: string;
let db: Db;
let sql: SqliteSql;

beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-manifest-'));
	db = openDatabase(dir);
	const insert = db.prepare(
		`INSERT INTO records (dataset, component, uuid, primary_id, primary_date, entity, primary_country, second_geo_layer, dominant_lat, dominant_long, mappable, title)
		 VALUES ('icd', 'video', ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`
	);
	for (let i = 0; i < 60; i++) {
		const [lat, long] = COORDINATES[i % COORDINATES.length];
		const text = (k: number) => ((i + k) % 4 === 0 ? null : TEXTS[(i + k) % TEXTS.length]);
		// Several records a day: the order's second key (primary_id) matters.
		insert.run(
			`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
			1000 + i,
			`2024-01-${String(1 + (i % 9)).padStart(2, '0')}`,
			text(1),
			text(2),
			text(3),
			lat,
			long,
			text(0)
		);
	}
	sql = sqliteSql(db);
});

/** The page as geoManifestJson writes it, and as geoManifest answers it. */
const deps = () => ({ sql, settings: {} as never, now: () => 0 });
const jsonText = async (q: GeoQuery) => Buffer.from(await geoManifestJson(deps(), KEY, 'icd', 'video', q)).toString('utf8');
const asObjects = (q: GeoQuery) => geoManifest(deps(), KEY, 'icd', 'video', q);

afterAll(async () => {
	await sql.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

describe('geoManifestJson', () => {
	it('writes the bytes JSON.stringify writes for the same page, page after page, at every page size', async () => {
		for (const limit of [1, 7, 59, 60, 61, 5000]) {
			let cursor: string | undefined;
			let pages = 0;
			do {
				const q = { limit, cursor };
				const text = await jsonText(q);
				const expected = await asObjects(q);
				expect(text).toBe(JSON.stringify(expected));
				cursor = expected.next_cursor ?? undefined;
				pages++;
			} while (cursor);
			expect(pages).toBe(Math.max(1, Math.ceil(60 / limit)));
		}
	});

	it('writes a page with a coordinate below 1e-4 as JSON.stringify does, and one of 17 digits as the same number', async () => {
		const q = { limit: 5000 };
		const [text, expected] = [await jsonText(q), await asObjects(q)];
		expect(text).toBe(JSON.stringify(expected));
		expect(text).toContain('"dominant_long":-0.00001,');
		// Without the small coordinates the page is SQLite's own text: 17 digits where JavaScript writes 16.
		db.prepare('UPDATE records SET dominant_long = -0.5 WHERE dominant_long = -1e-5').run();
		db.prepare('UPDATE records SET dominant_lat = 89.99999999999999 WHERE primary_id = 1054').run();
		try {
			const odd = await jsonText(q);
			const same = await asObjects(q);
			expect(odd).toContain('"dominant_lat":89.999999999999986,');
			expect(JSON.parse(odd)).toEqual(same);
		} finally {
			db.prepare('UPDATE records SET dominant_lat = 28 WHERE primary_id = 1054').run();
			db.prepare('UPDATE records SET dominant_long = -1e-5 WHERE dominant_long = -0.5').run();
		}
	});

	it('answers an empty page as JSON.stringify does', async () => {
		const q = { limit: 10, date_from: '2030-01-01' };
		const text = await jsonText(q);
		expect(text).toBe(JSON.stringify(await asObjects(q)));
		expect(JSON.parse(text)).toMatchObject({ items: [], itemsReceived: 0, next_cursor: null });
	});
});
