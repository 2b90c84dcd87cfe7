import os from 'node:os';
import { sveltekit } from '@sveltejs/kit/vite';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The modules every page's first load needs (Svelte's and SvelteKit's runtime, the countries'
 * decoder) and the few of ours that the explorer's page shares with the map's engine, in one chunk
 * of the browser's build instead of eight of 39 B to 52 kB: over HTTP/1.1's six connections,
 * sixteen requests before the first image took three round trips of the link, eight take two
 * (docs/benchmarks.md). Nothing of MapLibre or deck.gl is named here; the e2e test of the light
 * first load checks that none of it loads first. The server's build is left as it was.
 */
function firstLoadInOneChunk(): Plugin {
	return {
		name: 'first-load-in-one-chunk',
		config: (_config, env) =>
			env.isSsrBuild
				? undefined
				: {
						build: {
							rolldownOptions: {
								output: {
									codeSplitting: {
										groups: [
											{
												name: 'app-core',
												test: /node_modules[\\/](svelte|@sveltejs[\\/]kit|topojson-client)[\\/]|rolldown[\\/]runtime|vite[\\/]preload-helper|src[\\/]lib[\\/]map[\\/](worker[\\/]early-start|layers[\\/]layer-inputs|places[\\/]labels|timeline[\\/]fade|layers[\\/]cluster-pie)\.ts/
											}
										]
									}
								}
							}
						}
					}
	};
}

/**
 * How many test files run at once. Unit files are pure CPU: one per core. Integration files spend
 * much of their time waiting on the servers and browsers they start (a browser file used 0.4 of a
 * core on its own), so they run three at a time on a 2-core machine; TEST_WORKERS overrides both.
 */
const CORES = os.availableParallelism();
const UNIT_WORKERS = Number(process.env.TEST_WORKERS) || CORES;
const INTEGRATION_WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, Math.ceil(CORES * 1.5));

/**
 * Files whose assertions are about timing (a lookup answered before slow queries, the readers' CPU
 * priority, a request in flight at shutdown): run alone, after the others, so that no other file's
 * servers and browsers share the cores with them.
 */
const TIMED = ['tests/service/readers.test.ts'];

/** Two instances over one database is PostgreSQL whatever the engine: these run once, on SQLite's project. */
const SQLITE_OR_BOTH_AT_ONCE = [
	'tests/service/instances.test.ts',
	'tests/service/nl-pg-newest.test.ts',
	'tests/service/nl-newest.test.ts',
	'tests/service/pg-statements.test.ts',
	'tests/service/pg-spread.test.ts'
];

/**
 * An integration tier: the production build (rebuilt when stale) and real servers, after the unit tier.
 * Its files share their worker's modules (isolate: false): each starts its own servers and browsers
 * and none mocks a module or changes process.env, so what they share is only compiled code, and
 * importing the helpers, playwright-core and the service's modules once per worker instead of once
 * per file took the http tier from 193 to 173 s.
 */
function integration(
	name: string,
	test: { include: string[]; exclude?: string[]; env: Record<string, string> },
	run: 'in parallel' | 'alone' = 'in parallel'
): TestProjectInlineConfiguration {
	const parallel = run === 'in parallel';
	return {
		extends: true,
		test: {
			name,
			...test,
			isolate: false,
			globalSetup: ['tests/global-setup.ts'],
			maxWorkers: parallel ? INTEGRATION_WORKERS : 1,
			sequence: { groupOrder: parallel ? 1 : 2 }
		}
	};
}

export default defineConfig({
	plugins: [sveltekit(), firstLoadInOneChunk()],
	// MapLibre and the points worker are module workers.
	worker: { format: 'es' },
	build: {
		rolldownOptions: {
			// The bundler's timing report is for its own developers; `npm start` prints only the app's lines.
			checks: { bundlerTimings: false }
		}
	},
	test: {
		// Integration suites start real servers on loopback; give them room on a 2-core machine.
		testTimeout: 60_000,
		hookTimeout: 180_000,
		// expect.poll waits for what a page or server does next. Its default of one second was
		// enough with one file at a time; with files sharing the cores a URL update or a redraw can
		// take longer. A poll that holds returns as soon as it holds, so passing tests are no slower.
		expect: { poll: { timeout: 15_000 } },
		// Three tiers (docs/testing.md): unit (in-process, no build, no server), http (the service and
		// the explorer over real servers, on SQLite then PostgreSQL) and browser (Chromium). `npm test`
		// runs them all; `npm run test:unit`, `test:http`, `test:browser` one each.
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
					maxWorkers: UNIT_WORKERS,
					sequence: { groupOrder: 0 }
				}
			},
			integration('http-sqlite', { include: ['tests/service/**/*.test.ts', 'tests/explorer/**/*.test.ts'], exclude: TIMED, env: { TEST_ENGINE: 'sqlite' } }),
			// The service's HTTP suites once more on PostgreSQL (tests/helpers/engine.ts): the same files,
			// parameterised by TEST_ENGINE. One engine only: npx vitest run --project http-postgres tests/service/x.test.ts
			integration('http-postgres', {
				// Of the explorer's files, only the one whose subject is state that instances share (ended sessions).
				include: ['tests/service/**/*.test.ts', 'tests/explorer/session-end.test.ts'],
				exclude: [...SQLITE_OR_BOTH_AT_ONCE, ...TIMED],
				env: { TEST_ENGINE: 'postgres' }
			}),
			integration('browser', { include: ['tests/e2e/**/*.test.ts'], env: { TEST_ENGINE: 'sqlite' } }),
			// Files whose assertions are about timing, once the parallel ones are done, one at a time.
			integration('http-sqlite-timed', { include: TIMED, env: { TEST_ENGINE: 'sqlite' } }, 'alone'),
			integration('http-postgres-timed', { include: TIMED, env: { TEST_ENGINE: 'postgres' } }, 'alone')
		]
	}
});
