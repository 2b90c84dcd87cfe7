// npm run seed -- [--size N] [--seed S] [--data-dir DIR] [--force]
// Generates the embedded service's ICD/ICDB dataset (unless the same one is already complete) and
// its search indexes: into the SQLite file in DATA_DIR, or with DATABASE_URL set into PostgreSQL
// (loaded with COPY). Progress goes to stderr.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, usesPostgres } from '../src/lib/server/db/connect';
import { DATABASE_FILE } from '../src/lib/server/db/open';
import { migratePostgres } from '../src/lib/server/db/pg-migrations';
import { describeUrl, type PostgresSql } from '../src/lib/server/db/pg-sql';
import type { SqliteSql } from '../src/lib/server/db/sqlite-sql';
import { ensureDataset, forgetDataset, formatProgress, type Progress } from '../src/lib/server/dataset/index';
import { ensurePostgresDataset } from '../src/lib/server/dataset/pg-generate';
import { loadEnvFile, readSettings, SettingsError } from '../src/lib/server/env';
import { ensureNlIndex } from '../src/lib/server/service/nl/index-build';
import { ensurePgNlIndex } from '../src/lib/server/service/nl/pg-index-build';
import { DATASET_META_KEY } from '../src/lib/server/dataset/ensure';

const USAGE = 'Usage: npm run seed -- [--size N] [--seed S] [--data-dir DIR] [--force]';
/** How often a non-interactive log gets a progress line. */
const LOG_INTERVAL_MS = 3_000;

async function main(): Promise<void> {
	loadEnvFile();
	const { values } = parseArgs({
		options: {
			size: { type: 'string' },
			seed: { type: 'string' },
			'data-dir': { type: 'string' },
			force: { type: 'boolean', default: false },
			help: { type: 'boolean', short: 'h', default: false }
		}
	});
	if (values.help) {
		console.log(USAGE);
		return;
	}
	const settings = readSettings({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
	const size = values.size === undefined ? settings.datasetSize : Number(values.size);
	if (!Number.isInteger(size) || size < 0) throw new UsageError(`--size must be a non-negative integer, not "${values.size}"`);
	const seed = values.seed ?? settings.datasetSeed;
	const postgres = usesPostgres(settings);
	const where = postgres ? describeUrl(settings.database.url) : path.join(settings.dataDir, DATABASE_FILE);

	const sql = connect(settings, 'cli');
	try {
		const started = Date.now();
		const progress = progressLine();
		const options = { size, seed, onProgress: progress.update };
		let generated: boolean;
		if (postgres) {
			const pg = sql as PostgresSql;
			await migratePostgres(pg.pool, (m) => console.error(m));
			if (values.force) await sql.run('DELETE FROM meta WHERE key = ?', [DATASET_META_KEY]);
			generated = await ensurePostgresDataset(pg, options);
			const loadedIn = Date.now() - started;
			await ensurePgNlIndex(pg, progress.update);
			progress.end();
			if (generated)
				console.error(
					`Records and keyword index loaded in ${(loadedIn / 1000).toFixed(1)} s; natural language index in ${((Date.now() - started - loadedIn) / 1000).toFixed(1)} s.`
				);
		} else {
			const db = (sql as SqliteSql).db;
			if (values.force) forgetDataset(db);
			generated = ensureDataset(db, options);
			const loadedIn = Date.now() - started;
			ensureNlIndex(db, progress.update);
			progress.end();
			if (generated)
				console.error(
					`Records and keyword index generated in ${(loadedIn / 1000).toFixed(1)} s; natural language index in ${((Date.now() - started - loadedIn) / 1000).toFixed(1)} s.`
				);
		}
		const records = (await sql.pluck<number>('SELECT count(*) FROM records')) ?? 0;
		const mappable = (await sql.pluck<number>('SELECT count(*) FROM records WHERE mappable = 1')) ?? 0;
		const counts = `${records.toLocaleString('en-US')} records (${mappable.toLocaleString('en-US')} mappable), ${size.toLocaleString('en-US')} per component, seed "${seed}"`;
		if (generated) console.error(`Generated ${counts} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${where}`);
		else console.error(`Dataset already complete: ${counts} in ${where}. Use --force to regenerate.`);
	} finally {
		await sql.close();
	}
}

/** One updating line on a terminal; on a pipe or log file, a line every few seconds and at each phase change. */
function progressLine(): { update: (p: Progress) => void; end: () => void } {
	const tty = process.stderr.isTTY;
	let lastLogged = 0;
	let lastPhase = '';
	let drawn = false;
	return {
		update(p) {
			const text = formatProgress(p);
			if (tty) {
				process.stderr.write(`\r${text}\u001b[K`);
				drawn = true;
				return;
			}
			const now = Date.now();
			if (p.phase !== lastPhase || p.done === p.total || now - lastLogged >= LOG_INTERVAL_MS) {
				process.stderr.write(`${text}\n`);
				lastLogged = now;
				lastPhase = p.phase;
			}
		},
		end() {
			if (drawn) process.stderr.write('\n');
		}
	};
}

class UsageError extends Error {}

main().catch((error) => {
	if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
		console.error(`${(error as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	if (error instanceof SettingsError) {
		console.error(error.message);
		process.exit(1);
	}
	console.error(error);
	process.exit(1);
});
