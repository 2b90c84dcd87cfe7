// The integration tiers (http, browser) run against the production build: it is rebuilt here when
// any source is newer than build/ (the rule `npm start` uses), so a run after an edit never tests
// the old build silently. The unit tier has no global setup: it needs neither a build nor a server.
// One PostgreSQL cluster serves the whole run's PostgreSQL suites (each server gets its own database
// in it): its directory is chosen here, the first suite that needs it starts it, and it is stopped
// and removed at the end.
// Generated datasets are made once per run and size, and copied for each server
// (helpers/dataset-template.ts), in a directory removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { TEMPLATES_DIR_ENV } from './helpers/dataset-template';
import { CLUSTER_DIR_ENV, planCluster, stopCluster } from './helpers/engine';

export default function setup(): (() => void) | void {
	// Every integration project names this setup; the first one to run it does the work.
	if (process.env[CLUSTER_DIR_ENV]) return;
	buildIfStale({ log: (line) => process.stdout.write(`${line}\n`) });
	const dir = planCluster();
	process.env[CLUSTER_DIR_ENV] = dir;
	const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-templates-'));
	process.env[TEMPLATES_DIR_ENV] = templates;
	return () => {
		fs.rmSync(templates, { recursive: true, force: true });
		stopCluster(dir);
	};
}
