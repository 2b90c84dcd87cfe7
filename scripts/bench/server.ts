// Prepares a cached benchmark dataset and starts the production server on it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/lib/server/db/open';
import { sqliteSql } from '../../src/lib/server/db/sqlite-sql';
import { ensureDataset, formatProgress } from '../../src/lib/server/dataset';
import { createKey } from '../../src/lib/server/service/auth/keys';
import { progressLine } from '../../src/lib/server/progress';
import { newestMtime } from '../build-if-stale.mjs';
import { createPool, postgresSql } from '../../src/lib/server/db/pg-sql';
import { migratePostgres } from '../../src/lib/server/db/pg-migrations';
import { ensurePostgresDataset } from '../../src/lib/server/dataset/pg-generate';
import { ensurePgNlIndex } from '../../src/lib/server/service/nl/pg-index-build';
import { createDatabase, databaseUrl, psql, start as startCluster } from '../pg/cluster';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../server-flags.mjs';

export const BENCH_SEED = 'bench-2026';

/** An empty directory for a server's stream cache (STREAM_CACHE_DIR): its first load walks, as on a new machine. */
export function freshCacheDir(): string {
	return fs.mkdtempSync(path.join(os.tmpdir(), 'icd-bench-stream-cache-'));
}

export function benchDataDir(records: number): string {
	return path.resolve('bench', 'data', String(records));
}

/** Generates (once, cached across runs) the dataset of `records` per component; returns a key without limits. */
export async function prepareDataset(records: number): Promise<{ dataDir: string; key: string }> {
	const dataDir = benchDataDir(records);
	const db = openDatabase(dataDir);
	const line = progressLine(process.stderr);
	const started = Date.now();
	const generated = ensureDataset(db, { size: records, seed: BENCH_SEED, onProgress: (p) => line.update(formatProgress(p)) });
	line.done();
	if (generated) process.stderr.write(`bench: dataset of ${records.toLocaleString('en')} per component ready in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
	db.pragma('optimize');
	const sql = sqliteSql(db);
	const { key } = await createKey(sql, { name: 'bench', rate: 1e9, burst: 1e9, credits: 1e9 }, Date.now());
	await sql.close();
	return { dataDir, key };
}

/** The benchmark's PostgreSQL: a private cluster (scripts/pg/cluster.ts) beside the SQLite datasets, one database per size. */
export const BENCH_PG_CLUSTER = path.resolve('bench', 'data-pg', 'cluster');

/**
 * The same dataset loaded into PostgreSQL (once, cached in its database like the SQLite one), its
 * NL index built; returns a key without limits and how long the load took when it ran now.
 */
export async function preparePostgresDataset(records: number): Promise<{ dataDir: string; key: string; databaseUrl: string; loadSeconds: number | null }> {
	const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
	startCluster(BENCH_PG_CLUSTER, log);
	const name = `bench_${records}`;
	if (psql(databaseUrl(BENCH_PG_CLUSTER, 'postgres'), `SELECT count(*) FROM pg_database WHERE datname = '${name}'`).trim() === '0') createDatabase(BENCH_PG_CLUSTER, name);
	const url = databaseUrl(BENCH_PG_CLUSTER, name);
	const sql = postgresSql(createPool(url, { max: 2, name: 'icd-bench' }));
	try {
		await migratePostgres(sql.pool, log);
		const line = progressLine(process.stderr);
		const started = Date.now();
		const loaded = await ensurePostgresDataset(sql, { size: records, seed: BENCH_SEED, onProgress: (p) => line.update(formatProgress(p)) });
		const recordsSeconds = (Date.now() - started) / 1000;
		await ensurePgNlIndex(sql, (p) => line.update(formatProgress(p)));
		line.done();
		const loadSeconds = loaded ? Math.round((Date.now() - started) / 100) / 10 : null;
		if (loaded) log(`dataset of ${records.toLocaleString('en')} per component loaded into PostgreSQL in ${loadSeconds} s (records and keyword index ${recordsSeconds.toFixed(0)} s, then the NL index)`);
		const { key } = await createKey(sql, { name: 'bench', rate: 1e9, burst: 1e9, credits: 1e9 }, Date.now());
		const dataDir = path.resolve('bench', 'data-pg', String(records));
		fs.mkdirSync(dataDir, { recursive: true });
		return { dataDir, key, databaseUrl: url, loadSeconds };
	} finally {
		await sql.close();
	}
}

export function ensureBuild(): void {
	if (fs.existsSync('build/index.js') && process.env.BENCH_REBUILD !== '1') return;
	process.stderr.write('bench: building the app…\n');
	const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
	if (r.status !== 0) throw new Error('build failed');
}

/**
 * The naive baseline's pages (/bench/naive, /bench/naive-stream) are not in the production build:
 * their sources are in scripts/bench/routes, and this build of them alone (svelte.config.js with
 * BENCH_BUILD=1: those routes, the app's hooks and $lib) is served by a server of its own.
 */
const BENCH_BUILD_ENTRY = 'build-bench/app/index.js';

/** What the bench's build is made of: its routes, and the app's code and configuration they build with. */
const BENCH_BUILD_SOURCES = ['scripts/bench/routes', 'src', 'static', 'svelte.config.js', 'vite.config.ts', 'package-lock.json'];

/** Builds build-bench/ when it is missing or older than any of its sources (or BENCH_REBUILD=1). */
export function ensureBenchBuild(): void {
	const built = fs.existsSync(BENCH_BUILD_ENTRY) ? fs.statSync(BENCH_BUILD_ENTRY).mtimeMs : 0;
	if (built > 0 && process.env.BENCH_REBUILD !== '1' && Math.max(...BENCH_BUILD_SOURCES.map(newestMtime)) <= built) return;
	process.stderr.write('bench: building the naive baseline pages (build-bench/)…\n');
	// NODE_ENV=production as `npm run build` has it: under any other value the build is a development one.
	// Its output is shown only when it fails: SvelteKit says at every step that tsconfig.json should
	// extend build-bench/kit's, which it must not (it extends the app's, .svelte-kit's).
	const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { encoding: 'utf8', env: { ...process.env, BENCH_BUILD: '1', NODE_ENV: 'production' } });
	if (r.status !== 0) {
		process.stderr.write(r.stdout + r.stderr);
		throw new Error('the bench build failed');
	}
}

/**
 * The naive baseline's server: adapter-node's own on the bench's build (no fast path: its pages ask
 * for no lookups), on the same dataset, its geo-manifest pages read in process as the explorer's
 * are. It keeps no stream cache (it has no /api/stream).
 */
export function startNaiveServer(dataDir: string, records: number): Promise<RunningServer> {
	return startProductionServer(dataDir, records, { STREAM_CACHE_MB: '0' }, BENCH_BUILD_ENTRY, '/bench/naive');
}

async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const s = net.createServer();
		s.listen(0, '127.0.0.1', () => {
			const port = (s.address() as net.AddressInfo).port;
			s.close(() => resolve(port));
		});
	});
}

export interface RunningServer {
	url: string;
	pid: number;
	stop(): Promise<void>;
}

/**
 * The server's entry: npm start's, or BENCH_SERVER_ENTRY=build/index.js for adapter-node's alone
 * (every lookup and manifest page through SvelteKit), to measure the fast path against it.
 */
const benchServerEntry = () => process.env.BENCH_SERVER_ENTRY || SERVER_ENTRY;

/**
 * Starts the server entry on the dataset; `env` adds settings (DB_READERS=0 for the single-threaded
 * baseline). It has started when `ready` answers (the naive baseline's build has no /openapi.json).
 */
export async function startProductionServer(dataDir: string, records: number, env: Record<string, string> = {}, entry = benchServerEntry(), ready = '/openapi.json'): Promise<RunningServer> {
	const port = await freePort();
	const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATASET_SIZE: String(records), DATASET_SEED: BENCH_SEED, ...env },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const url = `http://127.0.0.1:${port}`;
	for (let i = 0; ; i++) {
		if (child.exitCode !== null) throw new Error('server exited');
		try {
			if ((await fetch(url + ready)).ok) break;
		} catch {
			/* starting */
		}
		// The first start on a new dataset builds its search indexes (minutes at a million records
		// per component, with progress on stderr): wait as long as the server lives, up to 3 hours.
		if (i > 108_000) {
			child.kill('SIGTERM');
			throw new Error('server did not start in 3 hours');
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	return {
		url,
		pid: child.pid!,
		stop: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			})
	};
}

/**
 * `npm start -- --workers N` on the dataset (PostgreSQL: DATABASE_URL in `env`): N instances on one
 * port. `pid` is the first instance's (for its memory), not the primary's.
 */
export async function startClusteredServer(dataDir: string, records: number, workers: number, env: Record<string, string>): Promise<RunningServer> {
	const port = await freePort();
	const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '--workers', String(workers)], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATASET_SIZE: String(records), DATASET_SEED: BENCH_SEED, ...env },
		stdio: ['ignore', 'ignore', 'pipe']
	});
	let out = '';
	child.stderr!.on('data', (d) => (out += d));
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 3 * 3600_000;
	while (!out.includes(`All ${workers} instances are serving`)) {
		if (child.exitCode !== null) throw new Error(`npm start --workers ${workers} exited:\n${out}`);
		if (Date.now() > deadline) throw new Error(`npm start --workers ${workers} did not start`);
		await new Promise((r) => setTimeout(r, 100));
	}
	const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
	return {
		url,
		pid: children[0],
		stop: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			})
	};
}
