// One load of the record stream in the points worker, with the page's own copy of it
// (stream-copy.ts). The worker asks the server for what is newer than the version its copy holds
// (`since=`), and only when the server's answer says it adds to that version (its 'start' names it
// as the base, which the server says after checking the service with the analyst's key) does the
// copy go to the map, before the new records: a key the service no longer accepts, or one that may
// now see less, gets nothing from the copy. Any other answer is a whole stream: the copy is left
// unread and replaced. At the end the copy is kept (or its date confirmed) for the next visit.
import { readRecordStream, StreamDecoder, StreamFormatError, type StreamEvent } from '../../stream/decode';
import { confirmCopy, forgetCopies, heldCopy, keepCopy, type HeldCopy } from '../load/stream-copy';
import type { Freshness } from './protocol';

/** Streams a copy may hold before it is dropped for a whole one (each delta adds one). */
const MAX_SEGMENTS = 24;

export interface StreamLoadHooks {
	/**
	 * The server's answer adds to the page's copy: what follows comes in groups, oldest first (the
	 * copy's streams, then the server's new records), and ends with the answer's 'done'.
	 */
	addingToCopy(): void;
	/** A control message or batch, in order; `group`: which of the copy's streams (0, 1, …) or the server's answer (the last) it came in. */
	handle(event: StreamEvent, group: number): void;
	/** Awaited before each event: the worker's own pauses (its first view, the page's messages). */
	pause(): Promise<void>;
	failed(message: string): void;
	/** The load ended: how current what the map shows is. */
	fresh(freshness: Freshness): void;
}

export async function loadStream(url: string, copyName: string | null, signal: AbortSignal, hooks: StreamLoadHooks): Promise<void> {
	const found = copyName ? await heldCopy(copyName).catch(() => null) : null;
	const held = found?.copy ?? null;
	// Its bytes read while the request travels: drawn only if the answer says it holds.
	const segments = found ? Promise.all(found.segments.map((blob) => blob.arrayBuffer())).catch(() => null) : null;
	try {
		// Never written to the browser's HTTP cache (the server's header is not no-store: endpoints.ts).
		const response = await fetch(held ? `${url}&since=${held.version}` : url, { signal, cache: 'no-store' });
		if (!response.ok || !response.body) {
			const body = await response.json().catch(() => null);
			hooks.failed(body?.message ?? `The explorer's server answered ${response.status}.`);
			return;
		}
		const checkedAt = Date.now();
		const received: Uint8Array[] = [];
		const body = copyName
			? response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, c) => (received.push(chunk), c.enqueue(chunk)) }))
			: response.body;
		let fromCopy: { held: HeldCopy; segments: Blob[]; records: number } | null = null;
		let added = 0;
		let group = 0;
		for await (const event of readRecordStream(body)) {
			await hooks.pause();
			if (signal.aborted) return;
			if (event.type === 'batch') added += event.batch.length;
			hooks.handle(event, group);
			if (event.type !== 'control') continue;
			const message = event.message;
			if (message.type === 'start' && held && message.base === held.version) {
				const copy = await segments;
				if (!copy) {
					// Unreadable (a browser that cleared its files under the database): the whole stream
					// instead (leaving this loop cancels this answer).
					await forgetCopies();
					return loadStream(url, copyName, signal, hooks);
				}
				hooks.addingToCopy();
				fromCopy = { held, segments: found!.segments, records: await replay(copy, signal, hooks) };
				group = copy.length;
			}
			if (message.type === 'done') {
				hooks.fresh({ checkedAt, copy: fromCopy && { checkedAt: fromCopy.held.checkedAt, records: fromCopy.records }, added });
				if (copyName) void keep(copyName, message.version, checkedAt, fromCopy, received, added);
			}
		}
	} catch (error) {
		if (signal.aborted) return;
		// A stream of another format version is refused as a whole, with its own message.
		if (error instanceof StreamFormatError) hooks.failed(error.message);
		else hooks.failed(`The record stream broke off: ${(error as Error).message}. Reload to try again.`);
	}
}

/** The copy's streams through the same hands as the server's: every record and dictionary value, not their starts and ends. */
async function replay(segments: ArrayBuffer[], signal: AbortSignal, hooks: StreamLoadHooks): Promise<number> {
	let records = 0;
	for (const [group, segment] of segments.entries()) {
		const decoder = new StreamDecoder();
		for (const event of decoder.push(new Uint8Array(segment))) {
			if (event.type === 'control' && (event.message.type === 'start' || event.message.type === 'done')) continue;
			await hooks.pause();
			signal.throwIfAborted();
			if (event.type === 'batch') records += event.batch.length;
			hooks.handle(event, group);
		}
		if (decoder.pending > 0) throw new Error('the copy of the records in this browser is cut short');
	}
	return records;
}

/** Keeps what the page now holds for the next visit; a server that keeps no versions leaves nothing to keep. */
async function keep(
	name: string,
	version: string | undefined,
	checkedAt: number,
	fromCopy: { held: HeldCopy; segments: Blob[] } | null,
	received: Uint8Array[],
	added: number
): Promise<void> {
	try {
		if (!version || (fromCopy && fromCopy.held.segments >= MAX_SEGMENTS)) return await forgetCopies();
		if (fromCopy && version === fromCopy.held.version && added === 0) return await confirmCopy(name, checkedAt);
		const stream = new Blob(received as BlobPart[]);
		const segments = fromCopy ? [...fromCopy.segments, stream] : [stream];
		await keepCopy({ name, version, checkedAt, segments: segments.length }, segments);
	} catch (error) {
		// A full disk or a private window: the next visit loads everything, as without a copy.
		console.warn('The copy of the records could not be kept in this browser:', error);
	}
}
