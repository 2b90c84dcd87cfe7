// The checks that read the code without running it, started at once and reported one by one:
//   node scripts/static-checks.mjs lint    ESLint, Prettier's check, the import-cycle check, the OpenAPI lint (npm run lint)
//   node scripts/static-checks.mjs all     the same and the type check, svelte-check (inside npm test)
// Each is a single-threaded program: one after another they took 75 s of a 2-core machine's wall
// clock, each leaving a core idle; side by side, both cores work. SvelteKit's generated types
// (svelte-kit sync) are written once first, since svelte-check reads them and two writers at once
// could leave them half written. Each check's output is printed whole when it ends, not
// interleaved; the exit status is 1 when any failed.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';

const LINT = [
	{ name: 'ESLint', command: ['eslint', '.'] },
	{ name: 'Prettier', command: ['prettier', '--check', '.'] },
	{ name: 'import cycles', command: ['depcruise', 'src', 'tests', 'scripts', '--config', '.dependency-cruiser.cjs'] },
	// The OpenAPI document, made from the code without a server, through Redocly's lint (redocly.yaml).
	{ name: 'OpenAPI lint', command: ['tsx', 'scripts/openapi.ts', 'lint'] }
];
const TYPES = [{ name: 'svelte-check', command: ['svelte-check', '--tsconfig', './tsconfig.json', '--threshold', 'error'] }];

const which = process.argv[2] ?? 'lint';
if (!['lint', 'all'].includes(which)) {
	process.stderr.write(`usage: node scripts/static-checks.mjs lint|all\n`);
	process.exit(2);
}
// The two longest (ESLint, svelte-check) first.
const checks = which === 'all' ? [LINT[0], ...TYPES, ...LINT.slice(1)] : LINT;

const npx = (args, options) => [process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', ...args], options];

const sync = spawnSync(...npx(['svelte-kit', 'sync'], { stdio: 'inherit' }));
if (sync.status !== 0) process.exit(1);

/** Runs one check, its output held until it ends. */
function run({ name, command }) {
	return new Promise((resolve) => {
		const t0 = performance.now();
		const child = spawn(...npx(command, { stdio: ['ignore', 'pipe', 'pipe'] }));
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		child.on('close', (code) => {
			const seconds = ((performance.now() - t0) / 1000).toFixed(1);
			process.stdout.write(`== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${code === 0 ? '' : output}`);
			resolve(code === 0);
		});
	});
}

// As many at once as there are cores, the longest first: on two cores ESLint then Prettier on one,
// svelte-check then the cycle check on the other.
const started = performance.now();
const results = new Array(checks.length);
let next = 0;
const slot = async () => {
	while (next < checks.length) {
		const i = next++;
		results[i] = await run(checks[i]);
	}
};
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), checks.length) }, slot));
const failed = checks.filter((_, i) => !results[i]).map((c) => c.name);
process.stdout.write(
	`== static checks: ${failed.length ? `${failed.join(', ')} failed` : 'all passed'} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`
);
process.exit(failed.length ? 1 : 0);
