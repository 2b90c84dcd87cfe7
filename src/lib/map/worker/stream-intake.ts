// The record stream into the points worker: each load (stream-load.ts, with the page's own copy)
// appended to the worker's columns (worker-state.ts) and passed on to the page, batch by batch or,
// when it adds to the copy, held to its end (held-batches.ts); and the first view, drawn unasked
// as soon as the worker has both records and the view the page shows.
import type { RecordColumns } from '../../stream/decode';
import { HeldBatches } from './held-batches';
import { loadStream } from './stream-load';
import { DATASET_CODES, COMPONENT_CODES, type ControlMessage, type PartId } from '../../types/stream';
import {
	append,
	density,
	dictionaries,
	filterSeq,
	lastDensity,
	partOf,
	post,
	recordsLoaded,
	reindex,
	yieldToMessages,
	type DensityRequest
} from './worker-state';

let abort: AbortController | null = null;

/**
 * The first view: as soon as the worker has both records and the view the page shows, it draws
 * and counts them, unasked if need be (the image of the page's last request, then the index of
 * its filter). Asked by the page, each would be one more round trip behind the page's busy frames
 * while the map starts (~0.25 s each in software WebGL). Then the stream waits until the page has
 * drawn them (or FIRST_VIEW_WAIT_MS): decoding the rest, and the server walking it, took the CPU
 * that frame needed. Without a GPU the first frame of a million-record load took 1-3 s instead
 * of ~0.25 s; the pause costs the whole load a few tenths of a second.
 */
const FIRST_VIEW_WAIT_MS = 1500;
let firstView: 'waiting' | 'drawing' | 'drawn' = 'waiting';
/** While the first view is being drawn: what the stream waits for. */
let firstViewDrawn: Promise<void> | null = null;
let markFirstViewDrawn = (): void => {};

/** The page has drawn the first view, or cancelled the load: the stream waits no longer. */
export function stopWaitingForFirstView(): void {
	markFirstViewDrawn();
}

/**
 * Draws the first view if it is due: `asked`, the page's request, or (unasked) its last one. Its
 * counts too, unless the stream has ended (the page asks for them then: done once, not twice).
 */
export function showFirstView(asked: DensityRequest | null, ended = streamEnded): boolean {
	const request = asked ?? lastDensity;
	if (firstView !== 'waiting' || !request || recordsLoaded() === 0) return false;
	firstView = 'drawing';
	density(request, { pushed: asked === null });
	if (!ended) reindex(filterSeq);
	firstViewDrawn = new Promise<void>((resolve) => {
		const timer = setTimeout(() => markFirstViewDrawn(), FIRST_VIEW_WAIT_MS);
		markFirstViewDrawn = () => {
			clearTimeout(timer);
			firstView = 'drawn';
			firstViewDrawn = null;
			markFirstViewDrawn = () => {};
			resolve();
		};
	});
	return true;
}

/** A load that adds to the page's copy of the stream: every batch held until its end (held-batches.ts). */
let held: HeldBatches | null = null;
/** The stream has ended: the page asks for the counts of everything itself. */
let streamEnded = false;

/** The page has cancelled the load. */
export function cancelLoad(): void {
	abort?.abort();
}

export async function load(url: string, copy: string | null): Promise<void> {
	abort?.abort();
	abort = new AbortController();
	const signal = abort.signal;
	streamEnded = false;
	held = null;
	let lastYield = performance.now();
	await loadStream(url, copy, signal, {
		async pause() {
			if (firstViewDrawn) await firstViewDrawn;
			// While the stream has data buffered, each read resolves at once (a microtask) and the
			// loop would never let the page's requests in: a density image or cluster query asked
			// for at the start of a million-record stream waited seconds. Yield every ~20 ms.
			if (performance.now() - lastYield > 20) {
				await yieldToMessages();
				lastYield = performance.now();
			}
		},
		addingToCopy() {
			held = new HeldBatches();
		},
		handle(event, group) {
			if (event.type === 'control') {
				const message: ControlMessage = event.message;
				if (message.type === 'dict') {
					const dict = dictionaries[message.field];
					for (let i = 0; i < message.values.length; i++) dict[message.start + i] = message.values[i];
				}
				if (held && (message.type === 'progress' || message.type === 'part-done')) return held.note(message);
				if (held && message.type === 'done') releaseHeld();
				post({ type: 'control', message });
				if (message.type === 'done') {
					streamEnded = true;
					// A stream whose first view was not shown yet (its records were held): shown now, of everything.
					showFirstView(null);
				}
				return;
			}
			const batch = event.batch;
			const part = `${DATASET_CODES[batch.dataset]}/${COMPONENT_CODES[batch.component]}` as PartId;
			if (held) return held.add(part, batch, group);
			append(partOf(part), batch);
			postBatch(part, batch);
			showFirstView(null);
		},
		failed: (message) => post({ type: 'stream-failed', message }),
		fresh: (freshness) => post({ type: 'freshness', freshness })
	});
}

/** The held records, part by part in manifest order, to the worker's columns and the page. */
function releaseHeld(): void {
	const { parts: released, messages } = held!.release();
	held = null;
	for (const [part, columns] of released) {
		append(partOf(part), columns);
		postBatch(part, columns);
	}
	for (const message of messages) post({ type: 'control', message });
}

/**
 * Compact copies are moved to the main thread: the decoded columns may be views into a larger
 * buffer that must not be detached or cloned whole.
 */
function postBatch(part: PartId, batch: RecordColumns): void {
	const copied = compact(batch);
	post({ type: 'batch', part, batch: copied }, transferables(copied));
}

function compact(b: RecordColumns): RecordColumns {
	const n = b.length;
	return {
		length: n,
		lon: b.lon.slice(0, n),
		lat: b.lat.slice(0, n),
		day: b.day.slice(0, n),
		country: b.country.slice(0, n),
		entity: b.entity.slice(0, n),
		area: b.area.slice(0, n),
		id: b.id.slice(0, n),
		uuids: b.uuids,
		dataset: b.dataset,
		component: b.component
	};
}

function transferables(b: RecordColumns): Transferable[] {
	return [b.lon, b.lat, b.day, b.country, b.entity, b.area, b.id].map((a) => a.buffer as ArrayBuffer);
}
