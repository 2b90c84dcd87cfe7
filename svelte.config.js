import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// BENCH_BUILD=1: the benchmark's own build, not the app. Its naive baseline pages (/bench/naive,
// /bench/naive-stream, in scripts/bench/routes) stay out of the production build; `npm run bench`
// builds them with this config into build-bench/ (their routes instead of the app's, SvelteKit's
// generated files and output beside them, so that neither build/ nor .svelte-kit/ is touched) and
// serves them from a server of their own on the same data (scripts/bench/server.ts, docs/benchmarks.md).
const benchBuild = process.env.BENCH_BUILD === '1';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// Scripts, styles and static files are written beside brotli and gzip copies at build time,
		// and adapter-node serves the one the browser accepts (docs/explorer.md, "On a network").
		adapter: adapter({ out: benchBuild ? 'build-bench/app' : 'build', precompress: true }),
		...(benchBuild ? { outDir: 'build-bench/kit', files: { routes: 'scripts/bench/routes' } } : {}),
		// Cross-site requests are refused by the edge (src/lib/server/edge/guard.ts), which applies
		// SvelteKit's CSRF rule (no unsafe method from another origin) to every body type, and
		// same-origin to every GET that reads with a key. SvelteKit's own check would answer first,
		// in plain text, without reading the body (the next keep-alive request then fails), only in
		// production, and against adapter-node's guessed https origin; so it gives way to the edge.
		csrf: { trustedOrigins: ['*'] },
		// The page's policy. Sources known only at run time (a remote service's media, an online
		// map style) are added per response by the edge. Styles stay 'unsafe-inline': Svelte and
		// MapLibre set style attributes while the page runs, and no data is ever rendered as markup.
		csp: {
			mode: 'auto',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				// MapLibre starts its workers from a blob: URL; the points worker is a file of ours.
				'worker-src': ['self', 'blob:'],
				'child-src': ['self', 'blob:'],
				'img-src': ['self', 'data:', 'blob:'],
				'connect-src': ['self'],
				'font-src': ['self'],
				// blob:: the exported video's preview in its dialog (made in the page, never fetched).
				'media-src': ['self', 'blob:'],
				// The embedded service's player page, framed by the record panel.
				'frame-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['none']
			}
		}
	}
};

export default config;
