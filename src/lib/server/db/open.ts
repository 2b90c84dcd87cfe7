import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

export const DATABASE_FILE = 'icd.sqlite';

/** Opens (creating if needed) the service database in dataDir and brings its schema up to date. */
export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): Db {
	fs.mkdirSync(dataDir, { recursive: true });
	const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: options.readonly ?? false });
	if (!options.readonly) {
		db.pragma('journal_mode = WAL');
		db.pragma('synchronous = NORMAL');
	}
	db.pragma('busy_timeout = 5000');
	// The writer keeps 64 MiB of pages. A reader (a worker thread of reads/pool.ts) keeps 8 MiB: the
	// file's pages are in the operating system's cache already, shared by every connection, and
	// a private 64 MiB copy in each reader was most of what each reader added to the process
	// (measured at 1M records; no change in NL search's CPU per question).
	db.pragma(options.readonly ? 'cache_size = -8192' : 'cache_size = -65536');
	db.pragma('mmap_size = 1073741824');
	db.pragma('temp_store = MEMORY');
	if (!options.readonly) migrate(db);
	return db;
}

export function migrate(db: Db): void {
	const current = db.pragma('user_version', { simple: true }) as number;
	for (const m of migrations) {
		if (m.version <= current) continue;
		// On a large existing database a migration can take minutes: say what is happening.
		if (current > 0) process.stderr.write(`Migrating the database to version ${m.version} (${m.name})…\n`);
		db.transaction(() => {
			db.exec(m.sql);
			db.pragma(`user_version = ${m.version}`);
		})();
	}
}

export function readMeta(db: Db, key: string): string | undefined {
	const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
	return row?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
	db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
