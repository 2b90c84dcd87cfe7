// The points worker and its record stream, started before the explorer's component is built: on
// the 2-core test machine the page's own modules and components take another 0.1-0.3 s after that,
// and over a link each of the worker's script and the stream's first bytes is a round trip more.
// Started early, the stream's first batch is in the worker by the time the page asks for the first
// image of it (first-paint.ts).
//
// Earliest of all, the page's HTML starts them (app.html's inline script, from the server's
// EarlyStart in the page config), before any module of the app has arrived; this module adopts
// that worker. Failing that (a page without it), the app's entry script starts one (hooks.client.ts).
import { EARLY_START_GLOBAL } from '../../types/page';
import { STREAM_URL } from '../../types/stream';
import type { FromWorker, ToWorker } from './protocol';

export { STREAM_URL };

export function createPointsWorker(): Worker {
	return new Worker(new URL('./points.worker.ts', import.meta.url), { type: 'module' });
}

interface EarlyWorker {
	worker: Worker;
	/** What the worker sent before the page took it over, in order: replayed then. */
	received: FromWorker[];
}

let early: EarlyWorker | null = null;

/** Creates the worker and starts the stream now (once), for the explorer to take over (takeEarlyWorker). */
export function startPointsWorkerEarly(): void {
	if (early) return;
	early = startedByPage();
	if (early) return;
	const worker = createPointsWorker();
	const received: FromWorker[] = [];
	worker.onmessage = (e: MessageEvent<FromWorker>) => received.push(e.data);
	worker.postMessage({ type: 'load', url: STREAM_URL } satisfies ToWorker);
	early = { worker, received };
}

/** The worker app.html's inline script started, if it loads this very stream (else it is stopped). */
function startedByPage(): EarlyWorker | null {
	const holder = globalThis as unknown as Record<string, (EarlyWorker & { stream: string }) | undefined>;
	const started = holder[EARLY_START_GLOBAL];
	delete holder[EARLY_START_GLOBAL];
	if (!started) return null;
	if (started.stream === STREAM_URL) return started;
	started.worker.terminate();
	return null;
}

/** The worker started early, and what it has sent so far; null if none was (or it was taken). */
export function takeEarlyWorker(): EarlyWorker | null {
	const taken = early;
	early = null;
	return taken;
}
