// The integration tiers (http, browser) run against the production build: it is rebuilt here when
// any source is newer than build/ (the rule `npm start` uses), so a run after an edit never tests
// the old build silently. The unit tier has no global setup: it needs neither a build nor a server.
// One PostgreSQL cluster serves the whole run's PostgreSQL suites (each server gets its own database
// in it): its directory is chosen here, the first suite that needs it starts it, and it is stopped
// and removed at the end.
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { CLUSTER_DIR_ENV, planCluster, stopCluster } from './helpers/engine';

export default function setup(): (() => void) | void {
	buildIfStale({ log: (line) => process.stdout.write(`${line}\n`) });
	// Both integration projects name this setup; the first one to run it plans the cluster.
	if (process.env[CLUSTER_DIR_ENV]) return;
	const dir = planCluster();
	process.env[CLUSTER_DIR_ENV] = dir;
	return () => stopCluster(dir);
}
