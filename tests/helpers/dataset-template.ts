// A generated dataset depends only on its size and seed, yet every test server used to generate
// its own (records, keyword and NL indexes: most of a server's start-up CPU). Now the first server
// of a size and engine in a run generates it into a template, and every later one starts from a
// copy: of the template's SQLite file, or on PostgreSQL a database created from the template
// database (CREATE DATABASE … TEMPLATE, a file copy in the cluster). What makes a server itself is
// not copied: its keys (the local key included), its cursor and media secrets, its credits and its
// stream cache are removed from the template, so each server creates its own on start, exactly as
// on a fresh DATA_DIR or an empty database.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { whileHolding, whileHoldingSync } from './run-lock';
import { dropDatabase, newDatabase, testCluster } from './engine';
import { createDatabase, databaseUrl, psql } from '../../scripts/pg/cluster';

/** Set by the global setup: the run's directory of templates (removed at the end of the run). */
export const TEMPLATES_DIR_ENV = 'TEST_TEMPLATES_DIR';

/** The embedded database's file in DATA_DIR (src/lib/server/db). */
const DATABASE_FILE = 'icd.sqlite';

/** Settings that change what is generated or indexed: a server given one of them generates its own. */
const SHAPES_THE_DATA = /^(DATASET_|EMBEDDINGS_|DATABASE_URL$|ICD_BASE_URL$)/;

export function templateApplies(env: Record<string, string> | undefined): boolean {
	return !!process.env[TEMPLATES_DIR_ENV] && !Object.keys(env ?? {}).some((k) => SHAPES_THE_DATA.test(k));
}

/**
 * Fills `dataDir` from the template of `size`, making the template first (with `generate`, which
 * starts and stops a server on the directory it is given) if no worker of the run has yet.
 */
export async function fromTemplate(size: number, dataDir: string, generate: (templateDir: string) => Promise<void>): Promise<void> {
	const root = process.env[TEMPLATES_DIR_ENV]!;
	const template = path.join(root, `sqlite-${size}`);
	const ready = path.join(template, '.ready');
	if (!fs.existsSync(ready)) {
		await whileHolding(`${template}.lock`, async () => {
			if (fs.existsSync(ready)) return;
			fs.rmSync(template, { recursive: true, force: true });
			await generate(template);
			keepOnlyTheData(template);
			fs.writeFileSync(ready, '');
		});
	}
	fs.mkdirSync(dataDir, { recursive: true });
	fs.copyFileSync(path.join(template, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
}

/**
 * A new PostgreSQL database holding the dataset of `size`, made from the run's template database
 * of that size, which `generate` (a server started and stopped on the URL it is given) fills first
 * if no worker of the run has yet. Returns the new database's URL.
 */
export async function pgFromTemplate(size: number, generate: (templateUrl: string) => Promise<void>): Promise<string> {
	const root = process.env[TEMPLATES_DIR_ENV]!;
	const name = `template_${size}`;
	const ready = path.join(root, `postgres-${size}.ready`);
	if (!fs.existsSync(ready)) {
		await whileHolding(path.join(root, `postgres-${size}.lock`), async () => {
			if (fs.existsSync(ready)) return;
			const cluster = testCluster();
			const url = databaseUrl(cluster, name);
			dropDatabase(url);
			createDatabase(cluster, name);
			await generate(url);
			psql(url, `DELETE FROM meta WHERE key LIKE 'secret:%'; DELETE FROM credit_ledger; DELETE FROM api_keys; DELETE FROM rate_buckets;`);
			fs.writeFileSync(ready, '');
		});
	}
	// PostgreSQL refuses to copy a template another session is copying at the same moment.
	return whileHoldingSync(path.join(root, `postgres-${size}.copy.lock`), () => newDatabase(name));
}

/** Leaves in `dir` only the database, without what belongs to the server that generated it. */
function keepOnlyTheData(dir: string): void {
	const db = new Database(path.join(dir, DATABASE_FILE));
	try {
		db.exec(`DELETE FROM meta WHERE key LIKE 'secret:%'; DELETE FROM credit_ledger; DELETE FROM api_keys;`);
		// One file, no write-ahead log beside it, so that a copy of the file is the whole database.
		db.pragma('journal_mode = DELETE');
	} finally {
		db.close();
	}
	for (const entry of fs.readdirSync(dir)) if (entry !== DATABASE_FILE) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
}
