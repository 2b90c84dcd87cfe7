// Integration suites run against the production build (`npm test` builds first). When vitest is
// run on its own without a build, build once here so the suites never test stale code silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export default function setup(): void {
	if (fs.existsSync('build/index.js')) return;
	const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
	if (result.status !== 0) throw new Error('vite build failed');
}
