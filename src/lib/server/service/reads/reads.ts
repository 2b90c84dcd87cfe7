// The service's read side, as the rest of the service sees it: named reads (reads/operations.ts)
// awaited, answered either as JSON text ready to send or as a value. Where they run is the
// implementation's business: reader workers over read-only SQLite connections (reads/pool.ts), or
// this thread (DB_READERS=0, inlineReads below). Another engine (PostgreSQL) is another
// implementation of this interface with the same names, arguments and results.
import type { ReadDeps } from '../deps';
import { runRead, type ReadArgs, type ReadName, type ReadResult } from './operations';

export interface Reads {
	/** "pool" with reader workers, "inline" on the calling thread. */
	readonly mode: 'pool' | 'inline';
	/**
	 * The read's result as UTF-8 JSON text, ready to send: serialised where the read ran, so a
	 * 5,000-item page is not rebuilt as objects and serialised again on the main thread.
	 * `at` is the request's time (what the read sees as now).
	 */
	json<N extends ReadName>(name: N, at: number, ...args: ReadArgs<N>): Promise<Uint8Array>;
	/** The read's result as a value, for callers that use it (Domain GenAI, the explorer's pages). */
	value<N extends ReadName>(name: N, at: number, ...args: ReadArgs<N>): Promise<ReadResult<N>>;
	/** Finishes the reads already asked for, then releases the readers. */
	close(): Promise<void>;
}

/** JSON text as UTF-8 bytes; a read that answers bytes (geo/manifest.ts geoManifestJson) has written its JSON already. */
export function encodeJson(value: unknown): Uint8Array {
	return value instanceof Uint8Array ? value : Buffer.from(JSON.stringify(value), 'utf8');
}

/**
 * Whether the bytes own their memory and can be moved to another thread. A small Buffer is a view
 * into a shared pool: moving it would take the pool from under every other small Buffer.
 */
export const ownsItsMemory = (bytes: Uint8Array) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

/** The reads run on this thread, over the given connection: today's single-threaded path. */
export function inlineReads(base: Omit<ReadDeps, 'now'>): Reads {
	const at = (ms: number): ReadDeps => ({ ...base, now: () => ms });
	return {
		mode: 'inline',
		async json(name, ms, ...args) {
			return encodeJson(await runRead(at(ms), name, args));
		},
		value: (name, ms, ...args) => runRead(at(ms), name, args),
		async close() {}
	};
}
