import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { ensureDataset, forgetDataset, GENERATOR_VERSION, readDatasetMeta } from './index';

const SIZE = 150;
let dir: string;
let db: Db;

beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-ensure-'));
	db = openDatabase(dir);
});

afterEach(() => {
	db.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

const count = () => (db.prepare('SELECT count(*) AS n FROM records').get() as { n: number }).n;
const firstUuid = () => (db.prepare('SELECT uuid FROM records ORDER BY id LIMIT 1').get() as { uuid: string }).uuid;
const indexCount = () =>
	(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records' AND sql IS NOT NULL").get() as { n: number }).n;

describe('ensureDataset', () => {
	it('generates on first start and records completion in meta', () => {
		expect(ensureDataset(db, { size: SIZE, seed: 's1' })).toBe(true);
		expect(count()).toBe(4 * SIZE);
		const meta = readDatasetMeta(db);
		expect(meta).toMatchObject({ size: SIZE, seed: 's1', version: GENERATOR_VERSION, records: 4 * SIZE });
		expect(Date.parse(meta!.completedAt)).not.toBeNaN();
	});

	it('reuses a complete dataset with the same size and seed', () => {
		ensureDataset(db, { size: SIZE, seed: 's1' });
		const before = { uuid: firstUuid(), meta: readDatasetMeta(db) };
		let progressCalls = 0;
		expect(ensureDataset(db, { size: SIZE, seed: 's1', onProgress: () => progressCalls++ })).toBe(false);
		expect(progressCalls).toBe(0);
		expect(firstUuid()).toBe(before.uuid);
		expect(readDatasetMeta(db)).toEqual(before.meta);
	});

	it('regenerates when the seed or the size changes', () => {
		ensureDataset(db, { size: SIZE, seed: 's1' });
		const uuid = firstUuid();
		expect(ensureDataset(db, { size: SIZE, seed: 's2' })).toBe(true);
		expect(firstUuid()).not.toBe(uuid);
		expect(count()).toBe(4 * SIZE);
		expect(ensureDataset(db, { size: SIZE + 10, seed: 's2' })).toBe(true);
		expect(count()).toBe(4 * (SIZE + 10));
		expect(readDatasetMeta(db)?.size).toBe(SIZE + 10);
	});

	it('redoes an interrupted generation on the next start, indexes included', () => {
		const interrupt = (p: { phase: string }) => {
			if (p.phase === 'search') throw new Error('killed');
		};
		expect(() => ensureDataset(db, { size: SIZE, seed: 's1', onProgress: interrupt })).toThrow('killed');
		expect(readDatasetMeta(db)).toBeUndefined();
		// Killed between dropping the secondary indexes and rebuilding them.
		expect(indexCount()).toBe(0);

		db.close();
		db = openDatabase(dir);
		expect(ensureDataset(db, { size: SIZE, seed: 's1' })).toBe(true);
		expect(count()).toBe(4 * SIZE);
		expect(indexCount()).toBe(6);
		expect(readDatasetMeta(db)?.records).toBe(4 * SIZE);
		const hits = db.prepare("SELECT count(*) AS n FROM fts_icd_image WHERE fts_icd_image MATCH 'the'").get() as { n: number };
		expect(hits.n).toBe(SIZE);
	});

	it('regenerates after forgetDataset (npm run seed -- --force)', () => {
		ensureDataset(db, { size: SIZE, seed: 's1' });
		forgetDataset(db);
		expect(ensureDataset(db, { size: SIZE, seed: 's1' })).toBe(true);
		expect(count()).toBe(4 * SIZE);
	});
});
