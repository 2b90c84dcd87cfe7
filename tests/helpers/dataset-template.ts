// A generated dataset depends only on its size and seed, yet every test server used to generate
// its own (records, keyword and NL indexes: most of a server's start-up CPU). Now the first server
// of a size in a run generates it into a template, and every later one starts from a copy of the
// template's SQLite file. What makes a server itself is not copied: its keys (the local key
// included), its cursor and media secrets, its credits and its stream cache are removed from the
// template, so each server creates its own on start, exactly as on a fresh DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { whileHolding } from './run-lock';

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
