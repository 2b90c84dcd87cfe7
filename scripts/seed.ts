// npm run seed -- [--size N] [--seed S] [--data-dir DIR] [--force]
// Generates the embedded service's ICD/ICDB dataset (unless the same one is already complete).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase } from '../src/lib/server/db/open';
import { ensureDataset, forgetDataset, formatProgress, readDatasetMeta, type Progress } from '../src/lib/server/dataset/index';
import { readSettings, SettingsError } from '../src/lib/server/env';

const USAGE = 'Usage: npm run seed -- [--size N] [--seed S] [--data-dir DIR] [--force]';
/** How often a non-interactive log gets a progress line. */
const LOG_INTERVAL_MS = 3_000;

function main(): void {
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
	const settings = readSettings();
	const size = values.size === undefined ? settings.datasetSize : Number(values.size);
	if (!Number.isInteger(size) || size < 0) throw new UsageError(`--size must be a non-negative integer, not "${values.size}"`);
	const seed = values.seed ?? settings.datasetSeed;
	const dataDir = path.resolve(values['data-dir'] ?? settings.dataDir);

	const db = openDatabase(dataDir);
	try {
		if (values.force) forgetDataset(db);
		const started = Date.now();
		const progress = progressLine();
		const generated = ensureDataset(db, { size, seed, onProgress: progress.update });
		progress.end();
		const meta = readDatasetMeta(db);
		const records = meta?.records ?? 0;
		const mappable = (db.prepare('SELECT count(*) AS n FROM records WHERE mappable = 1').get() as { n: number }).n;
		const where = path.join(dataDir, DATABASE_FILE);
		const counts = `${records.toLocaleString('en-US')} records (${mappable.toLocaleString('en-US')} mappable), ${size.toLocaleString('en-US')} per component, seed "${seed}"`;
		if (generated) console.error(`Generated ${counts} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${where}`);
		else console.error(`Dataset already complete: ${counts} in ${where}. Use --force to regenerate.`);
	} finally {
		db.close();
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

try {
	main();
} catch (error) {
	if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
		console.error(`${(error as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	if (error instanceof SettingsError) {
		console.error(error.message);
		process.exit(1);
	}
	throw error;
}
