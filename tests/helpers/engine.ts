// Which database engine the integration suites run against: TEST_ENGINE=postgres runs the same
// suites on PostgreSQL (each server gets a fresh database in one cluster for the whole run, started
// by the global setup, or by the first suite that needs it), anything else on SQLite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDatabase, databaseUrl, psql, start, stop } from '../../scripts/pg/cluster';

export type TestEngine = 'sqlite' | 'postgres';

export const ENGINE: TestEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Set by the global setup when it started the run's cluster. */
export const CLUSTER_DIR_ENV = 'TEST_PG_DIR';

let started: string | undefined;

/** The directory of a running test cluster: the run's, or one started now for this test process. */
export function testCluster(): string {
	const shared = process.env[CLUSTER_DIR_ENV];
	if (shared) return shared;
	if (!started) {
		const dir = startCluster();
		process.once('exit', () => stopCluster(dir));
		started = dir;
	}
	return started;
}

/** Starts a cluster in a new temporary directory; returns that (data) directory. */
export function startCluster(): string {
	const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-pg-'));
	// The cluster's own user (postgres, when the tests run as root) must reach the directory.
	fs.chmodSync(parent, 0o755);
	const dir = path.join(parent, 'data');
	start(dir);
	return dir;
}

export function stopCluster(dir: string): void {
	try {
		stop(dir);
	} finally {
		fs.rmSync(path.dirname(dir), { recursive: true, force: true });
	}
}

/** A new, empty database in the test cluster; its URL. */
export function newDatabase(): string {
	const dir = testCluster();
	const name = `t_${randomBytes(6).toString('hex')}`;
	createDatabase(dir, name);
	return databaseUrl(dir, name);
}

export function dropDatabase(url: string): void {
	const name = /^postgres:\/\/[^/]*\/([a-z0-9_]+)/.exec(url)![1];
	psql(databaseUrl(testCluster(), 'postgres'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
