// The points worker and its record stream, started as the app's script starts (hooks.client.ts)
// rather than when the explorer's component is built: on the 2-core test machine the page's own
// modules and components take another 0.1-0.3 s after that, and over a link each of the worker's
// script and the stream's first bytes is a round trip more. Started early, the stream's first
// batch is in the worker by the time the page asks for the first image of it (first-paint.ts).
import type { FromWorker, ToWorker } from './protocol';

/** Every record of both datasets and components: the explorer's one stream (docs/stream-format.md). */
export const STREAM_URL = '/api/stream?datasets=icd,icdb&components=video,image';

export function createPointsWorker(): Worker {
	return new Worker(new URL('./points.worker.ts', import.meta.url), { type: 'module' });
}

interface EarlyWorker {
	worker: Worker;
	/** What the worker sent before the page took it over, in order: replayed then. */
	received: FromWorker[];
}

let early: EarlyWorker | null = null;

/**
 * Creates the worker and starts the stream now (once), for the explorer to take over
 * (takeEarlyWorker). `copy`: the name of the page's copy of the stream (stream-copy.ts).
 */
export function startPointsWorkerEarly(copy: string | null): void {
	if (early) return;
	const worker = createPointsWorker();
	const received: FromWorker[] = [];
	worker.onmessage = (e: MessageEvent<FromWorker>) => received.push(e.data);
	worker.postMessage({ type: 'load', url: STREAM_URL, copy } satisfies ToWorker);
	early = { worker, received };
}

/** The worker started early, and what it has sent so far; null if none was (or it was taken). */
export function takeEarlyWorker(): EarlyWorker | null {
	const taken = early;
	early = null;
	return taken;
}
