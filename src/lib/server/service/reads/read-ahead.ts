// Read-ahead for geo-manifest walks. A client walking a manifest asks for page N+1 only once it
// has received page N, so on its own a walk is one page at a time: the reader idles while the page
// is sent, received and parsed, and the client idles while the next one is read and written (at
// 1M records a 5,000-item page took ~82 ms on PostgreSQL, of which ~38 ms in the reader).
// Once a client has followed a cursor (it is walking), the page after the one it asked for is read
// as soon as that one is answered, with the same arguments and the next cursor; when the client
// asks for it, the page is already written or on its way.
//
// What makes this safe:
// - An entry is taken only by the request it was read for: the same key (its id and everything
//   that decides what it may see), the same dataset, component and parameters, and the cursor the
//   service itself issued. The request has passed its own authentication and rate limit before it
//   reaches the reads; a read-ahead page is never served to another key.
// - Entries are used once and live for a few seconds (a manifest changes only when data is loaded,
//   and a walk takes its pages milliseconds apart); a page read but never asked for is dropped.
// - It runs only beside reader workers, and only while their queue is empty: it uses idle cores,
//   and never queues in front of another client's request.
import type { ApiKey } from '../auth/keys';
import type { Component, Dataset } from '../../../types/dataset';
import type { GeoQuery } from '../schemas';
import type { ReadName } from './operations';
import type { Reads } from './reads';

/** The walk reads read ahead: the REST and MCP page (JSON text) and the explorer's in-process page (columns). */
type WalkRead = 'geoManifest' | 'geoManifestColumns';
const WALK_READS: ReadonlySet<ReadName> = new Set<ReadName>(['geoManifest', 'geoManifestColumns']);

export interface ReadAheadOptions {
	/** Pages held or being read at once, at most; 0 turns read-ahead off (DB_READ_AHEAD). */
	pages: number;
	/** How long a page read ahead waits for its request before it is dropped. */
	ttlMs?: number;
	/** Whether the readers have work waiting: then nothing is read ahead. */
	busy: () => boolean;
}

interface Ahead {
	result: Promise<unknown>;
	expires: number;
}

/** The text that tells one request's arguments from another's, for what the read may return. */
function requestKey(name: WalkRead, as: 'json' | 'value', key: ApiKey, dataset: Dataset, component: Component, q: GeoQuery): string {
	const sees = { id: key.id, datasets: key.datasets, features: key.features, entities: key.entities, revokedAt: key.revokedAt };
	const params = Object.entries(q)
		.filter(([, v]) => v !== undefined)
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	return JSON.stringify([name, as, sees, dataset, component, params]);
}

const NEXT_CURSOR = Buffer.from('"next_cursor":');

/**
 * The next cursor of a page. In the JSON text it is the last member (geo/manifest.ts writes it
 * last), and `"next_cursor":` with bare quotes appears nowhere else: inside a string the quotes
 * would be escaped.
 */
export function nextCursorOf(result: unknown): string | null {
	if (result instanceof Uint8Array) {
		const bytes = Buffer.from(result.buffer, result.byteOffset, result.byteLength);
		const at = bytes.lastIndexOf(NEXT_CURSOR);
		if (at < 0) return null;
		const value = JSON.parse(bytes.subarray(at + NEXT_CURSOR.length, bytes.length - 1).toString('utf8')) as unknown;
		return typeof value === 'string' ? value : null;
	}
	const cursor = (result as { next_cursor?: unknown } | null)?.next_cursor;
	return typeof cursor === 'string' ? cursor : null;
}

/** `reads` with walk pages read ahead; every other read passes through unchanged. */
export function withReadAhead<R extends Reads>(reads: R, options: ReadAheadOptions): R & { readonly aheadHeld: number } {
	const ttlMs = options.ttlMs ?? 10_000;
	const held = new Map<string, Ahead>();

	function dropExpired(now: number): void {
		for (const [k, entry] of held) if (entry.expires <= now) held.delete(k);
	}

	function walkRead(as: 'json' | 'value') {
		const inner = (as === 'json' ? reads.json : reads.value).bind(reads) as (n: ReadName, at: number, ...a: unknown[]) => Promise<unknown>;

		/** Starts reading the page after `result` for the same request, when it is worth it and there is room. */
		function readNext(name: WalkRead, at: number, args: unknown[], result: unknown): void {
			const [key, dataset, component, q] = args as [ApiKey, Dataset, Component, GeoQuery];
			const cursor = nextCursorOf(result);
			if (cursor === null || options.busy()) return;
			dropExpired(Date.now());
			if (held.size >= options.pages) return;
			const next: GeoQuery = { ...q, cursor };
			const k = requestKey(name, as, key, dataset, component, next);
			if (held.has(k)) return;
			const pending = inner(name, at, key, dataset, component, next);
			// A page nobody asks for must not be an unhandled rejection; its request reads the page again.
			pending.catch(() => {});
			held.set(k, { result: pending, expires: Date.now() + ttlMs });
		}

		return async (name: ReadName, at: number, ...args: unknown[]): Promise<unknown> => {
			if (options.pages <= 0 || !WALK_READS.has(name)) return inner(name, at, ...args);
			const [key, dataset, component, q] = args as [ApiKey, Dataset, Component, GeoQuery];
			// The first page is asked for by clients that only look (a count, a preview): no walk yet.
			if (q.cursor === undefined) return inner(name, at, ...args);
			const k = requestKey(name as WalkRead, as, key, dataset, component, q);
			const ahead = held.get(k);
			if (ahead) held.delete(k);
			// A read ahead that failed (its reader died, say) is not this request's failure: it reads the page itself.
			const result = ahead && ahead.expires > Date.now() ? await ahead.result.catch(() => inner(name, at, ...args)) : await inner(name, at, ...args);
			readNext(name as WalkRead, at, args, result);
			return result;
		};
	}

	const json = walkRead('json') as Reads['json'];
	const value = walkRead('value') as Reads['value'];
	return {
		...reads,
		json,
		value,
		get aheadHeld() {
			return held.size;
		}
	};
}
