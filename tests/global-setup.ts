// Integration suites run against the production build (`npm test` builds first). When vitest is
// run on its own without a build, build once here so the suites never test stale code silently.
// One PostgreSQL cluster serves the whole run's PostgreSQL suites (each server gets its own database
// in it): its directory is chosen here, the first suite that needs it starts it, and it is stopped
// and removed at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CLUSTER_DIR_ENV, planCluster, stopCluster } from './helpers/engine';

export default function setup(): (() => void) | void {
	if (!fs.existsSync('build/index.js')) {
		// NODE_ENV as `npm run build` has it: vitest sets it to "test", and a build under that is a
		// development build (SvelteKit's `dev` true: the explorer then calls its service at the request's origin).
		const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
		if (result.status !== 0) throw new Error('vite build failed');
	}
	if (process.env[CLUSTER_DIR_ENV]) return;
	const dir = planCluster();
	process.env[CLUSTER_DIR_ENV] = dir;
	return () => stopCluster(dir);
}
