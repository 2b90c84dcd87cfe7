// Starts the real production server (scripts/serve.mjs: build/index.js and the fast path of src/lib/server/fast-path.ts) on a free loopback port with its own
// DATA_DIR and database, exactly as `npm start` would (its Node flags too), and the keys CLI against the same data.
// The database is the SQLite file in DATA_DIR, or with TEST_ENGINE=postgres (or engine:
// 'postgres') a fresh PostgreSQL database; two servers given one databaseUrl are two instances
// of one service.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { oracle, type Oracle } from './oracle';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { dropDatabase, ENGINE, newDatabase, type TestEngine } from './engine';
import { fromTemplate, pgFromTemplate, templateApplies } from './dataset-template';
import { keysCommand } from '../../src/lib/server/service/auth/keys-command';

export interface TestServer {
	url: string;
	dataDir: string;
	engine: TestEngine;
	/** PostgreSQL only: the database the server uses (DATABASE_URL). */
	databaseUrl?: string;
	/** The embedded service's local all-permission key. */
	localKey: string;
	/**
	 * Runs a command of `npm run keys -- <args>` against this server's data; returns its output.
	 * In this process (keys-command.ts), not through tsx: tests/service/auth.test.ts runs the CLI itself.
	 */
	keys(args: string[]): Promise<string>;
	/** Creates a key and returns the secret. */
	createKey(args?: string[]): Promise<{ id: string; key: string }>;
	get(pathAndQuery: string, key?: string | null, init?: RequestInit): Promise<Response>;
	stop(): Promise<void>;
	/** Everything the server printed, for assertions about progress output. */
	output(): string;
	/** The server's process id, to send it signals. */
	pid(): number;
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.once('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const port = (srv.address() as net.AddressInfo).port;
			srv.close(() => resolve(port));
		});
	});
}

const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

export function runScript(script: string, args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
	const r = spawnSync(process.execPath, [TSX, script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
	return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface ServerOptions {
	size?: number;
	env?: Record<string, string>;
	dataDir?: string;
	/** Default: TEST_ENGINE. */
	engine?: TestEngine;
	/** PostgreSQL: share this database (another instance's) instead of creating one. */
	databaseUrl?: string;
	/** The script the server runs: SERVER_ENTRY (npm start's), or 'build/index.js' for adapter-node's alone, without the fast path. */
	entry?: string;
	/** Internal: this server generates the run's dataset template, so it cannot start from it. */
	templateMade?: boolean;
}

function isEmpty(dir: string): boolean {
	return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
	const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'icd-test-'));
	const engine = options.databaseUrl ? 'postgres' : (options.engine ?? ENGINE);
	// A new SQLite DATA_DIR starts from the run's generated dataset of its size (dataset-template.ts).
	if (engine === 'sqlite' && !options.templateMade && isEmpty(dataDir) && templateApplies(options.env)) {
		await fromTemplate(options.size ?? 1500, dataDir, async (templateDir) => {
			const maker = await startServer({ size: options.size, entry: options.entry, engine: 'sqlite', dataDir: templateDir, templateMade: true });
			await maker.stop();
		});
	}
	const ownsDatabase = engine === 'postgres' && !options.databaseUrl;
	let databaseUrl = options.databaseUrl;
	if (ownsDatabase)
		databaseUrl = templateApplies(options.env)
			? await pgFromTemplate(options.size ?? 1500, async (templateUrl) => {
					const maker = await startServer({ size: options.size, entry: options.entry, databaseUrl: templateUrl, templateMade: true });
					await maker.stop();
				})
			: newDatabase();
	const database = { DATABASE_URL: databaseUrl ?? '' };
	const port = await freePort();
	const env = {
		...process.env,
		PORT: String(port),
		HOST: '127.0.0.1',
		DATA_DIR: dataDir,
		DATASET_SIZE: String(options.size ?? 1500),
		DATASET_SEED: 'test-seed',
		// A script run with spawnSync (runScript) blocks the test process for seconds, on a loaded machine past
		// Node's 5 s keep-alive: the server then closes the idle connection that the test's next
		// fetch is about to reuse ("other side closed"). Idle connections are kept for longer.
		KEEP_ALIVE_TIMEOUT: '120',
		// One reader worker, not one per core: every read still goes through the reader pool, and a
		// test about the readers sets its own number (readers.test.ts). A reader costs about 1.3 s of
		// CPU to start, and a run starts about a hundred servers while three files share two cores.
		DB_READERS: '1',
		...database,
		...options.env
	};
	let out = '';
	const entry = options.entry ?? SERVER_ENTRY;
	const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout!.on('data', (d) => (out += d));
	child.stderr!.on('data', (d) => {
		out += d;
		// The server's warnings about how it serves (a stream named by uuid, say) belong in the test's output.
		for (const line of String(d).split('\n')) if (line.startsWith('[explorer]')) process.stderr.write(`server: ${line}\n`);
	});
	const url = `http://127.0.0.1:${port}`;

	const deadline = Date.now() + 170_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
		try {
			const r = await fetch(`${url}/openapi.json`);
			if (r.ok) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
		await new Promise((r) => setTimeout(r, 150));
	}

	const localKey = fs.readFileSync(path.join(dataDir, 'local-api-key'), 'utf8').trim();
	const server: TestServer = {
		url,
		dataDir,
		engine,
		databaseUrl,
		localKey,
		async keys(args) {
			const r = await keysCommand(args, { DATA_DIR: dataDir, ...database });
			if (r.status !== 0) throw new Error(`keys ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
			return r.stdout;
		},
		async createKey(args = []) {
			return JSON.parse(await server.keys(['create', '--name', 'test', ...args]));
		},
		get(pathAndQuery, key = localKey, init = {}) {
			const headers = new Headers(init.headers);
			if (key !== null) headers.set('authorization', `Bearer ${key}`);
			return fetch(url + pathAndQuery, { ...init, headers });
		},
		async stop() {
			if (child.exitCode === null) {
				const exited = new Promise((r) => child.once('exit', r));
				child.kill('SIGTERM');
				await exited;
			}
			if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
			if (ownsDatabase) dropDatabase(databaseUrl!);
		},
		output: () => out,
		pid: () => child.pid!
	};
	return server;
}

/**
 * One real server and a read-only view of its SQLite file for a whole test file: started before
 * the first test, stopped after the last. Read `t.server` and `t.db` inside tests.
 */
export function serverWithOracle(options: Parameters<typeof startServer>[0] = {}): { server: TestServer; db: Oracle } {
	const t = {} as { server: TestServer; db: Oracle };
	beforeAll(async () => {
		t.server = await startServer(options);
		t.db = oracle(t.server);
	});
	afterAll(async () => {
		t.db?.close();
		await t.server?.stop();
	});
	return t;
}
