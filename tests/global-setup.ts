// Integration suites run against the production build (`npm test` builds first). When vitest is
// run on its own without a build, build once here so the suites never test stale code silently.
// With TEST_ENGINE=postgres, one PostgreSQL cluster serves the whole run (each server gets its own
// database in it); it is stopped and removed at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CLUSTER_DIR_ENV, ENGINE, startCluster, stopCluster } from './helpers/engine';

export default function setup(): (() => void) | void {
	if (!fs.existsSync('build/index.js')) {
		const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
		if (result.status !== 0) throw new Error('vite build failed');
	}
	if (ENGINE !== 'postgres' || process.env[CLUSTER_DIR_ENV]) return;
	const dir = startCluster();
	process.env[CLUSTER_DIR_ENV] = dir;
	return () => stopCluster(dir);
}
