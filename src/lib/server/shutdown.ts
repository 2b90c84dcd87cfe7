// Stopping: adapter-node stops accepting connections on SIGTERM/SIGINT, lets the requests in
// flight finish (their reads included: the readers are still running), then emits
// "sveltekit:shutdown"; only then are the readers released and the database closed.
import type { Runtime } from './runtime';

export function onShutdown(rt: Runtime): void {
	process.once('sveltekit:shutdown' as 'beforeExit', async () => {
		await rt.reads.close();
		await rt.sql.close();
	});
}
