// npm start: build when the sources are newer than the last build, then serve the production server.
// npm start -- --workers N: N instances of the server on one port (node:cluster shares the listening
// socket and hands connections round-robin), which is only one service on PostgreSQL (DATABASE_URL):
// on SQLite each process would keep its own rate-limit buckets.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-flags.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const serverEntry = path.join(root, SERVER_ENTRY);

const USAGE = 'Usage: npm start [-- --workers N]';
let workers = 1;
try {
	const { values } = parseArgs({ options: { workers: { type: 'string', short: 'w' } } });
	if (values.workers !== undefined) {
		workers = Number(values.workers);
		if (!Number.isInteger(workers) || workers < 1 || workers > 256)
			throw new Error(`--workers: expected a whole number from 1 to 256, got "${values.workers}"`);
	}
} catch (error) {
	process.stderr.write(`${error.message}\n${USAGE}\n`);
	process.exit(2);
}

try {
	buildIfStale();
} catch (error) {
	process.stderr.write(`${error.message}\n`);
	process.exit(error.exitCode ?? 1);
}

// Settings come from the environment, optionally from a .env file beside package.json.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const env = { ...process.env };
env.PORT ??= '3000';
env.HOST ??= '127.0.0.1';
// adapter-node reads the body-size limit and origin from the environment; MCP and GenAI bodies are small.
env.BODY_SIZE_LIMIT ??= '1M';
if (workers > 1 && !env.DATABASE_URL?.trim()) {
	process.stderr.write(
		`--workers ${workers} needs DATABASE_URL (PostgreSQL): on the embedded SQLite database each instance would keep its own rate limits.\n` +
			'Start a local PostgreSQL with: export DATABASE_URL="$(npm run -s pg -- start)"\n'
	);
	process.exit(2);
}
if (workers === 1) serveOne();
else serveMany(workers);

function serveOne() {
	const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], { cwd: root, env, stdio: 'inherit' });
	process.stderr.write(`Starting the explorer and the embedded ICD/ICDB service on http://${env.HOST}:${env.PORT}\n`);
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

// The first instance prepares the database (migrations, a dataset generated on first start, with
// its progress line) before the others start, so that they find it ready instead of waiting on its
// locks. An instance that dies takes the others down with it: the supervisor (systemd, a container
// runtime) restarts the whole, rather than this process hiding a crash loop.
function serveMany(count) {
	process.chdir(root);
	cluster.setupPrimary({ exec: serverEntry, args: [], execArgv: SERVER_NODE_FLAGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	const running = new Set();
	let stopping = false;
	let exitCode = 0;
	const fork = () => {
		const worker = cluster.fork(env);
		running.add(worker);
		worker.on('exit', (code, signal) => {
			running.delete(worker);
			if (!stopping) {
				process.stderr.write(`Instance ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); stopping the others.\n`);
				exitCode = code || 1;
				stopAll('SIGTERM');
			}
			if (running.size === 0) process.exit(exitCode);
		});
		return worker;
	};
	const stopAll = (signal) => {
		stopping = true;
		// The server's own graceful shutdown: requests in flight finish, then the worker disconnects (shutdown.ts).
		for (const worker of running) worker.process.kill(signal);
	};
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
	process.stderr.write(`Starting ${count} instances of the explorer and the embedded ICD/ICDB service on http://${env.HOST}:${env.PORT} (PostgreSQL)\n`);
	let listening = 0;
	cluster.on('listening', () => {
		listening++;
		if (listening === 1) for (let i = 1; i < count; i++) fork();
		if (listening === count) process.stderr.write(`All ${count} instances are serving.\n`);
	});
	fork();
}
