// npm start: build when the sources are newer than the last build, then serve the production server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const buildEntry = path.join(root, 'build', 'index.js');
const inputs = ['src', 'static', 'package.json', 'svelte.config.js', 'vite.config.ts'];

function newestMtime(p) {
	if (!fs.existsSync(p)) return 0;
	const stat = fs.statSync(p);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
	return newest;
}

const builtAt = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((i) => newestMtime(path.join(root, i))));
if (builtAt < sourcesAt) {
	process.stderr.write('Building the app (sources changed since the last build)…\n');
	const started = Date.now();
	// The bundler's own report (chunk sizes, adapter lines) is for developers: shown only when the build fails.
	const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe']
	});
	if (result.status !== 0) {
		process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}The build failed (exit ${result.status ?? result.signal}).\n`);
		process.exit(result.status ?? 1);
	}
	process.stderr.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

// Settings come from the environment, optionally from a .env file beside package.json.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const env = { ...process.env };
env.PORT ??= '3000';
env.HOST ??= '127.0.0.1';
// adapter-node reads the body-size limit and origin from the environment; MCP and GenAI bodies are small.
env.BODY_SIZE_LIMIT ??= '1M';
const child = spawn(process.execPath, [buildEntry], { cwd: root, env, stdio: 'inherit' });
process.stderr.write(`Starting the explorer and the embedded ICD/ICDB service on http://${env.HOST}:${env.PORT}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
