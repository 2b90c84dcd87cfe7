// The browser-facing record stream: a ReadableStream of frames fed by the walker as pages arrive.
// It never holds the walk: when the browser reads slowly, the walkers wait for the queue to drain
// (and so stop asking the service); when the browser goes away, every upstream request is aborted.
import type { PartId } from '../../types/stream';
import { DrainGate } from './drain-gate';
import { StreamEncoder } from './encode';
import { RecordNamings, type ComponentIdLookup } from './record-naming';
import { walkManifests, type GeoManifestSource, type WalkEvent } from './walker';

export interface RecordStreamOptions {
	/** The manifests to walk, and the lookup that tells how the page may name their records. */
	source: GeoManifestSource & ComponentIdLookup;
	parts: readonly PartId[];
	origin: 'embedded' | 'remote';
	/** The browser's request signal: aborts the walk when it goes away. */
	signal?: AbortSignal;
	pageSize?: number;
	maxRestarts?: number;
	now?: () => number;
}

/** Chunks queued for the browser before the walkers pause (each is about one page). */
const QUEUED_CHUNKS = 4;

export function recordStream(options: RecordStreamOptions): ReadableStream<Uint8Array> {
	const abort = new AbortController();
	const stop = () => abort.abort();
	options.signal?.addEventListener('abort', stop, { once: true });
	if (options.signal?.aborted) stop();
	const now = options.now ?? Date.now;
	const encoder = new StreamEncoder();
	const gate = new DrainGate();
	const namings = new RecordNamings(options.source, abort.signal);
	abort.signal.addEventListener('abort', gate.release, { once: true });

	return new ReadableStream<Uint8Array>(
		{
			start(controller) {
				const write = async (chunk: Uint8Array): Promise<void> => {
					if (!abort.signal.aborted) await gate.write(controller, chunk);
				};
				const emit = async (event: WalkEvent) => {
					if (event.type !== 'page') return write(encoder.control(event));
					const naming = await namings.of(event.part, event.items[0]);
					return write(encoder.page(event.part, event.items, naming));
				};

				// Not awaited: start() must return for the stream to be read while the walk runs.
				void (async () => {
					const started = now();
					await write(encoder.start({ type: 'start', parts: [...options.parts], source: options.origin }));
					try {
						const { received } = await walkManifests({
							source: options.source,
							parts: options.parts,
							signal: abort.signal,
							emit,
							pageSize: options.pageSize,
							maxRestarts: options.maxRestarts,
							withoutTitles: true
						});
						await write(encoder.control({ type: 'done', received, ms: now() - started }));
					} catch (error) {
						console.error('[explorer] record stream failed:', error);
						await write(encoder.control({ type: 'error', message: 'Loading the records failed unexpectedly.' }));
					}
					options.signal?.removeEventListener('abort', stop);
					try {
						controller.close();
					} catch {
						// Already cancelled by the reader.
					}
				})();
			},
			pull: gate.release,
			cancel: stop
		},
		{ highWaterMark: QUEUED_CHUNKS }
	);
}
