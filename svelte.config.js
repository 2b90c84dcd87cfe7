import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ out: 'build', precompress: false }),
		// The service answers API clients, not forms posted from other sites; CSRF origin
		// checks would refuse legitimate JSON POSTs from API clients with an Origin header.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
