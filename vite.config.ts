import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [sveltekit()],
	// MapLibre and the points worker are module workers.
	worker: { format: 'es' },
	test: {
		include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
		// Integration suites start real servers on loopback; give them room on a 2-core machine.
		testTimeout: 60_000,
		hookTimeout: 180_000,
		fileParallelism: false,
		globalSetup: ['tests/global-setup.ts']
	}
});
