// The record streams a snapshot answers with (format 2, docs/stream-format.md), as chunks of whole
// frames: the whole stream of its current version, or only what came after a version the reader
// holds (a delta), which for an unchanged snapshot is no record at all.
import { FRAME_HEADER_BYTES, type ControlMessage } from '../../../types/stream';
import { concat } from '../../../stream/concat';
import { dictionaryMessages, encodeControl, encodeHeader } from '../encode';
import { currentVersion, okParts, type Segment, type Snapshot, type Version } from './snapshot';

/** Reads a segment's batch frames from the lineage's frames file. */
export type SegmentReader = (segment: Segment) => Promise<Uint8Array>;

/** The whole stream of the snapshot's current version. */
export function wholeStream(snapshot: Snapshot, read: SegmentReader): AsyncGenerator<Uint8Array> {
	return streamAfter(snapshot, null, read);
}

/**
 * Only what the current version adds to `base` (a version of the same lineage the reader holds):
 * its new dictionary values and records, the parts' progress counted from the base's records.
 */
export function deltaStream(snapshot: Snapshot, base: Version, read: SegmentReader): AsyncGenerator<Uint8Array> {
	return streamAfter(snapshot, base, read);
}

async function* streamAfter(snapshot: Snapshot, base: Version | null, read: SegmentReader): AsyncGenerator<Uint8Array> {
	const version = currentVersion(snapshot);
	const start: ControlMessage = { type: 'start', parts: [...snapshot.parts], source: snapshot.source, ...(base ? { base: base.id } : {}) };
	const head = [encodeHeader(), encodeControl(start), ...dictionaryMessages(snapshot.dictionaries, base?.dictionary).map(encodeControl)];
	// A refused part is said once, in the whole stream: a reader holding the base has been told.
	if (!base) {
		for (const part of snapshot.parts) {
			const state = snapshot.states[part];
			if (state?.state === 'refused') head.push(encodeControl({ type: 'error', part, status: state.status, code: state.code, message: state.message }));
		}
	}
	yield concat(head);

	// The parts' batches in turn, newest first within each, so that every part's newest records
	// come first (as they do when the parts are walked at once).
	const parts = okParts(snapshot).map(([part, state]) => {
		const from = base ? (base.segments[part] ?? 0) : 0;
		return {
			part,
			total: state.total,
			received: base ? (base.records[part] ?? 0) : 0,
			segments: state.segments.slice(from).reverse(),
			frames: [] as Uint8Array[]
		};
	});
	let received = 0;
	for (let active = parts; active.length > 0;) {
		const next: typeof parts = [];
		for (const p of active) {
			while (p.frames.length === 0 && p.segments.length > 0) p.frames = splitFrames(await read(p.segments.shift()!));
			const frame = p.frames.shift();
			if (!frame) {
				// The part's current total even when nothing of it is new (it counts items a map cannot draw too).
				yield concat([
					encodeControl({ type: 'progress', part: p.part, received: p.received, total: p.total }),
					encodeControl({ type: 'part-done', part: p.part, received: p.received })
				]);
				continue;
			}
			const n = batchRecords(frame);
			p.received += n;
			received += n;
			yield concat([frame, encodeControl({ type: 'progress', part: p.part, received: p.received, total: p.total })]);
			next.push(p);
		}
		active = next;
	}
	yield encodeControl({ type: 'done', received, ms: 0, version: version.id });
}

/** Concatenated frames, each as a view of its own. */
export function splitFrames(bytes: Uint8Array): Uint8Array[] {
	const frames: Uint8Array[] = [];
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	for (let at = 0; at < bytes.byteLength;) {
		const end = at + FRAME_HEADER_BYTES + view.getUint32(at + 1, true);
		if (end > bytes.byteLength) throw new Error('stream cache: a segment ends inside a frame');
		frames.push(bytes.subarray(at, end));
		at = end;
	}
	return frames;
}

/** Records in a batch frame (its payload's n, docs/stream-format.md). */
export function batchRecords(frame: Uint8Array): number {
	return new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(FRAME_HEADER_BYTES + 4, true);
}
