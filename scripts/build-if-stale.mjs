// The one rule for "is build/ current?": shared by `npm start` and the integration tests' global
// setup, so neither serves nor tests a build older than the sources it came from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
/** Everything a build reads: a change to any of them makes build/ stale. */
const INPUTS = ['src', 'static', 'package.json', 'svelte.config.js', 'vite.config.ts'];
const BUILD_ENTRY = path.join(root, 'build', 'index.js');

/**
 * The newest modification time under a file or directory, in ms (0 when it does not exist).
 * @param {string} p @returns {number}
 */
export function newestMtime(p) {
	if (!fs.existsSync(p)) return 0;
	const stat = fs.statSync(p);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
	return newest;
}

/** True when build/ is missing or older than any of its inputs. */
export function buildIsStale() {
	const builtAt = fs.existsSync(BUILD_ENTRY) ? fs.statSync(BUILD_ENTRY).mtimeMs : 0;
	return builtAt < Math.max(...INPUTS.map((i) => newestMtime(path.join(root, i))));
}

/**
 * Builds when build/ is stale; returns whether it built. The bundler's own report (chunk sizes,
 * adapter lines) is shown only when the build fails. NODE_ENV is "production" as under `npm run
 * build`: vitest sets it to "test", and a build under that would be a development build.
 */
/** @param {{ log?: (line: string) => void }} [options] */
export function buildIfStale({ log = (line) => void process.stderr.write(`${line}\n`) } = {}) {
	if (!buildIsStale()) return false;
	log('Building the app (sources changed since the last build)…');
	const started = Date.now();
	const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, NODE_ENV: 'production' }
	});
	if (result.status !== 0) {
		const message = `${result.stdout ?? ''}${result.stderr ?? ''}The build failed (exit ${result.status ?? result.signal}).`;
		throw Object.assign(new Error(message), { exitCode: result.status ?? 1 });
	}
	log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
	return true;
}
