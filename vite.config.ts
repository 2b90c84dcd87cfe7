import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [sveltekit()],
	// MapLibre and the points worker are module workers.
	worker: { format: 'es' },
	// The bundler's timing report is for its own developers; `npm start` prints only the app's lines.
	build: { rolldownOptions: { checks: { bundlerTimings: false } } },
	test: {
		include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
		// Integration suites start real servers on loopback; give them room on a 2-core machine.
		testTimeout: 60_000,
		hookTimeout: 180_000,
		fileParallelism: false,
		globalSetup: ['tests/global-setup.ts']
	}
});
