// The production server: adapter-node's own (build/index.js: its port, host, socket activation,
// timeouts and graceful shutdown), with the service's most frequent requests answered before
// SvelteKit (src/lib/server/fast-path.ts, offered by the app when it starts). Every other request, and any
// lookup the fast path does not take, goes to SvelteKit's handler as before. Without the fast path
// (an adapter whose server is not shaped as expected) the server runs as adapter-node's alone and
// says so: the same answers, at SvelteKit's cost.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const { server } = await import(pathToFileURL(path.join(root, 'build', 'index.js')).href);
const fast = globalThis[Symbol.for('icd-explorer.fast-path')];
// polka listens with `attach` (which defers to its handler); adapter-node counts requests with a
// listener of its own, which stays where it is.
const http = server?.server;
const kit = server?.attach;
if (typeof fast === 'function' && typeof kit === 'function' && http?.listeners('request').includes(kit)) {
	http.removeListener('request', kit);
	http.on('request', (req, res) => {
		if (!fast(req, res)) kit(req, res);
	});
} else {
	process.stderr.write('[server] record lookups and manifest pages go through SvelteKit: the fast path could not be attached to this server.\n');
}
