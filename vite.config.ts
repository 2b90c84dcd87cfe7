import { sveltekit } from '@sveltejs/kit/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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
		fileParallelism: false,
		globalSetup: ['tests/global-setup.ts'],
		// Every suite on the embedded SQLite database, then the service's HTTP suites once more on
		// PostgreSQL (tests/helpers/engine.ts): the same files, parameterised by TEST_ENGINE.
		// One engine only: npx vitest run --project postgres tests/service/x.test.ts
		projects: [
			{ extends: true, test: { name: 'sqlite', include: ['src/**/*.test.ts', 'tests/**/*.test.ts'], env: { TEST_ENGINE: 'sqlite' }, sequence: { groupOrder: 0 } } },
			{
				extends: true,
				test: {
					name: 'postgres',
					include: ['tests/service/**/*.test.ts'],
					// Two instances over one database is PostgreSQL whatever the engine: run once, above.
					exclude: ['tests/service/instances.test.ts', 'tests/service/nl-pg-newest.test.ts', 'tests/service/nl-newest.test.ts', 'tests/service/pg-statements.test.ts', 'tests/service/pg-spread.test.ts'],
					env: { TEST_ENGINE: 'postgres' },
					sequence: { groupOrder: 1 }
				}
			}
		]
	}
});
