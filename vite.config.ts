import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [sveltekit()],
	// MapLibre and the points worker are module workers.
	worker: { format: 'es' },
	// The bundler's timing report is for its own developers; `npm start` prints only the app's lines.
	build: { rolldownOptions: { checks: { bundlerTimings: false } } },
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
					exclude: ['tests/service/instances.test.ts', 'tests/service/nl-newest-pg.test.ts', 'tests/service/nl-newest.test.ts', 'tests/service/pg-statements.test.ts', 'tests/service/pg-spread.test.ts'],
					env: { TEST_ENGINE: 'postgres' },
					sequence: { groupOrder: 1 }
				}
			}
		]
	}
});
