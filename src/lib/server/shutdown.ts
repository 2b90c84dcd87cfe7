// Stopping: adapter-node stops accepting connections on SIGTERM/SIGINT, lets the requests in
// flight finish (their reads included: the readers are still running), then emits
// "sveltekit:shutdown"; only then are the readers released and the database closed.
// An instance of `npm start -- --workers N` (a node:cluster worker) then leaves the cluster: its
// channel to the primary would otherwise keep the process alive.
import cluster from 'node:cluster';
import type { Runtime } from './runtime';

export function onShutdown(rt: Runtime): void {
	process.once('sveltekit:shutdown' as 'beforeExit', async () => {
		await rt.reads.close();
		await rt.sql.close();
		cluster.worker?.disconnect();
	});
}
