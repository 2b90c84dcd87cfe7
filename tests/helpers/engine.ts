// Which database engine the integration suites run against: TEST_ENGINE=postgres runs the same
// suites on PostgreSQL, anything else on SQLite. Each server on PostgreSQL gets a fresh database in
// one cluster for the whole run: the global setup picks its directory, the first suite that needs
// it starts it (a run of SQLite suites never does), and the global teardown stops and removes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { whileHoldingSync } from './run-lock';
import { createDatabase, databaseUrl, psql, start, status, stop } from '../../scripts/pg/cluster';

export type TestEngine = 'sqlite' | 'postgres';

export const ENGINE: TestEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Set by the global setup: where the run's cluster lives (once a suite has started it). */
export const CLUSTER_DIR_ENV = 'TEST_PG_DIR';

let running: string | undefined;

/** The directory of the run's cluster, started now if no suite has needed it yet. */
export function testCluster(): string {
	const dir = process.env[CLUSTER_DIR_ENV];
	if (!dir) throw new Error(`${CLUSTER_DIR_ENV} is unset: PostgreSQL suites need vitest's global setup (tests/global-setup.ts)`);
	if (running !== dir) {
		// Files run in parallel workers: the first to get here starts the cluster, the others wait.
		whileHoldingSync(path.join(path.dirname(dir), 'start.lock'), () => {
			if (status(dir) !== 'running') start(dir);
		});
		running = dir;
	}
	return dir;
}

/** A directory for a cluster, not created yet: its parent is a new temporary directory. */
export function planCluster(): string {
	const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-pg-'));
	// The cluster's own user (postgres, when the tests run as root) must reach the directory.
	fs.chmodSync(parent, 0o755);
	return path.join(parent, 'data');
}

/** Stops the cluster in `dir` if it was started, and removes it. */
export function stopCluster(dir: string): void {
	try {
		stop(dir);
	} finally {
		fs.rmSync(path.dirname(dir), { recursive: true, force: true });
	}
}

/** A new database in the test cluster, empty or a copy of `template`; its URL. */
export function newDatabase(template?: string): string {
	const dir = testCluster();
	const name = `t_${randomBytes(6).toString('hex')}`;
	createDatabase(dir, name, template);
	return databaseUrl(dir, name);
}

export function dropDatabase(url: string): void {
	const name = /^postgres:\/\/[^/]*\/([a-z0-9_]+)/.exec(url)![1];
	psql(databaseUrl(testCluster(), 'postgres'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
