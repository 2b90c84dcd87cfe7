// A private PostgreSQL cluster in a directory, for development, tests and benchmarks: initdb into
// the directory, a server listening only on a Unix socket in that same directory (no TCP port, no
// system cluster touched), stopped with pg_ctl. PostgreSQL refuses to run as root, so as root the
// cluster belongs to the `postgres` user that Debian's package creates (or `nobody` without it),
// and its commands run as that user.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DATABASE = 'icd';
const ROLE = 'icd';
const PORT = 5432;

/** Where Debian (and most packages) put the server binaries: the newest version found, else PATH. */
export function serverBin(name: string): string {
	const root = '/usr/lib/postgresql';
	if (fs.existsSync(root)) {
		const versions = fs
			.readdirSync(root)
			.filter((v) => fs.existsSync(path.join(root, v, 'bin', name)))
			.sort((a, b) => Number(b) - Number(a));
		if (versions.length) return path.join(root, versions[0], 'bin', name);
	}
	const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
	if (!found) throw new Error(`PostgreSQL's ${name} was not found: install PostgreSQL (Debian: apt-get install -y postgresql).`);
	return found;
}

/** The user the cluster runs as when we are root. */
function serviceUser(): string | null {
	if (process.getuid?.() !== 0) return null;
	const has = (user: string) => spawnSync('id', ['-u', user]).status === 0;
	return has('postgres') ? 'postgres' : 'nobody';
}

function run(command: string, args: string[], options: { quiet?: boolean } = {}): SpawnSyncReturns<string> {
	const user = serviceUser();
	const [cmd, argv] = user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, args];
	const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: os.tmpdir(), env: { ...process.env, LC_ALL: 'C' } });
	if (result.error) throw result.error;
	if (result.status !== 0 && !options.quiet) throw new Error(`${path.basename(command)} failed (${result.status}):\n${result.stderr || result.stdout}`);
	return result;
}

/** The connection URL for a cluster in `dir`: over its Unix socket, as the role that owns the data. */
export function databaseUrl(dir: string, database = DATABASE): string {
	return `postgres://${ROLE}@/${database}?host=${encodeURIComponent(path.resolve(dir))}&port=${PORT}`;
}

// Settings for a cluster on a developer's machine or a CI runner: no TCP, enough memory to keep a
// million records a component warm, no JIT (it costs short queries more than it saves).
const CONF = `
# --- added by npm run pg (scripts/pg/cluster.ts) ---
listen_addresses = ''
port = ${PORT}
max_connections = 300
shared_buffers = 1GB
effective_cache_size = 8GB
work_mem = 32MB
maintenance_work_mem = 1GB
max_wal_size = 8GB
checkpoint_timeout = 15min
random_page_cost = 1.1
jit = off
wal_level = minimal
max_wal_senders = 0
logging_collector = off
`;

export function status(dir: string): 'running' | 'stopped' | 'absent' {
	if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) return 'absent';
	return run(serverBin('pg_ctl'), ['-D', dir, 'status'], { quiet: true }).status === 0 ? 'running' : 'stopped';
}

/** Creates the cluster in `dir` when it does not exist yet, starts it, and creates the database. Returns its URL. */
export function start(dir: string, log: (line: string) => void = () => {}): string {
	dir = path.resolve(dir);
	const user = serviceUser();
	if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
		fs.mkdirSync(dir, { recursive: true });
		if (user) spawnSync('chown', [user, dir]);
		fs.chmodSync(dir, 0o700);
		log(`Creating a PostgreSQL cluster in ${dir}${user ? ` (owned by ${user}: PostgreSQL does not run as root)` : ''}…`);
		run(serverBin('initdb'), ['-D', dir, '-U', ROLE, '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-instructions']);
		fs.appendFileSync(path.join(dir, 'postgresql.conf'), CONF);
	}
	if (status(dir) !== 'running') {
		// The socket lives in the data directory: only this cluster's users reach it.
		run(serverBin('pg_ctl'), ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', `-k ${dir}`, '-w', '-t', '120', 'start']);
	}
	const exists = run(serverBin('psql'), [
		'-h',
		dir,
		'-U',
		ROLE,
		'-d',
		'postgres',
		'-tAc',
		`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`
	]).stdout.trim();
	if (exists !== '1') createDatabase(dir, DATABASE);
	return databaseUrl(dir);
}

/** Creates the database `name`: empty, or a copy of the database `template`. */
export function createDatabase(dir: string, name: string, template?: string): void {
	for (const n of [name, template ?? name]) if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`not a plain database name: ${n}`);
	const statement = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
	run(serverBin('psql'), ['-h', path.resolve(dir), '-U', ROLE, '-d', 'postgres', '-qc', statement]);
}

export function stop(dir: string): void {
	if (status(dir) === 'running') run(serverBin('pg_ctl'), ['-D', path.resolve(dir), '-m', 'fast', '-w', 'stop']);
}

/** Runs one SQL statement with psql and returns its output (for tests' ground truth and scripts). */
export function psql(url: string, statement: string): string {
	return run(serverBin('psql'), [url, '-X', '-v', 'ON_ERROR_STOP=1', '-tAc', statement]).stdout;
}
