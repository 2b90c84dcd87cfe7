// npm run pg -- start|stop|status|url [--dir DIR]
// A local PostgreSQL for development, tests and benchmarks, without root and without touching a
// system cluster: created on first start in DIR (default DATA_DIR/pg), listening only on a Unix
// socket in that directory. `start` prints the DATABASE_URL to use:
//   export DATABASE_URL="$(npm run -s pg -- start)"
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnvFile, readSettings } from '../src/lib/server/env';
import { databaseUrl, start, status, stop } from './pg/cluster';

const USAGE = 'Usage: npm run pg -- start|stop|status|url [--dir DIR]';

function main(): void {
	loadEnvFile();
	const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
	const command = positionals[0];
	if (values.help || !command) {
		console.error(USAGE);
		process.exit(values.help ? 0 : 2);
	}
	const dir = path.resolve(values.dir ?? path.join(readSettings().dataDir, 'pg'));
	const log = (line: string) => process.stderr.write(line + '\n');
	switch (command) {
		case 'start': {
			const url = start(dir, log);
			log(`PostgreSQL is running in ${dir} (socket only; stop it with: npm run pg -- stop${values.dir ? ` --dir ${values.dir}` : ''})`);
			// The only line on stdout, so that DATABASE_URL="$(npm run -s pg -- start)" works.
			process.stdout.write(url + '\n');
			return;
		}
		case 'stop':
			stop(dir);
			log(`PostgreSQL in ${dir} is stopped.`);
			return;
		case 'status':
			process.stdout.write(`${status(dir)}\n`);
			return;
		case 'url':
			process.stdout.write(databaseUrl(dir) + '\n');
			return;
		default:
			console.error(USAGE);
			process.exit(2);
	}
}

try {
	main();
} catch (error) {
	console.error(`pg: ${(error as Error).message}`);
	process.exit(1);
}
