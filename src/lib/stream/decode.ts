// Reads the explorer's record stream (wire format in $lib/types/stream.ts) in the browser or a
// worker: frames are cut out of chunks as they arrive (a frame may span any number of chunks),
// control frames become ControlMessages and batch frames become plain typed-array columns.
// No Node APIs here; the server's encoder imports the uuid and day helpers from this file too.
import { tableFromIPC, type Table } from 'apache-arrow';
import { BATCH_COLUMNS, FRAME_BATCH, FRAME_CONTROL, FRAME_HEADER_BYTES, type ControlMessage, type DictionaryField } from '../types/stream';

/** `day` of a record without a usable primary_date. */
export const NO_DAY = -2147483648;
/** `country` / `entity` / `area` code of a record without that value. */
export const NO_CODE = -1;

/**
 * One decoded batch: column i of every array describes record i. The columns borrow one
 * ArrayBuffer (the frame's payload), so transfer `lon.buffer` once to move them all to a worker.
 */
export interface RecordColumns {
	length: number;
	lon: Float32Array;
	lat: Float32Array;
	/** Days since 1970-01-01 UTC of primary_date; NO_DAY when unknown. */
	day: Int32Array;
	/** Codes into the 'country' dictionary; NO_CODE when unknown. */
	country: Int16Array;
	/** Codes into the 'entity' dictionary; NO_CODE when unknown. */
	entity: Int16Array;
	/** Codes into the 'area' dictionary (second_geo_layer); NO_CODE when unknown. */
	area: Int16Array;
	/** 16 bytes per record; read with uuidToString(uuid, i). */
	uuid: Uint8Array;
	/** Index into DATASET_CODES. */
	dataset: Uint8Array;
	/** Index into COMPONENT_CODES. */
	component: Uint8Array;
}

export type StreamEvent = { type: 'control'; message: ControlMessage } | { type: 'batch'; batch: RecordColumns };

export interface Frame {
	kind: number;
	/** A buffer of its own (byteOffset 0), so typed-array views over it are aligned. */
	payload: Uint8Array;
}

/** Frames larger than this mean the stream is not ours (or is corrupt). */
const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/** Cuts frames out of chunks of any size; push chunks in order, take the completed frames. */
export class FrameReader {
	private chunks: Uint8Array[] = [];
	private buffered = 0;
	private next: { kind: number; length: number } | null = null;

	/** Bytes received but not yet part of a completed frame. */
	get pending(): number {
		return this.buffered;
	}

	push(chunk: Uint8Array): Frame[] {
		if (chunk.byteLength > 0) {
			this.chunks.push(chunk);
			this.buffered += chunk.byteLength;
		}
		const frames: Frame[] = [];
		for (;;) {
			if (!this.next) {
				if (this.buffered < FRAME_HEADER_BYTES) break;
				const header = this.take(FRAME_HEADER_BYTES);
				const length = new DataView(header.buffer).getUint32(1, true);
				if (length > MAX_FRAME_BYTES) throw new Error(`Corrupt record stream: a frame of ${length} bytes`);
				this.next = { kind: header[0], length };
			}
			if (this.buffered < this.next.length) break;
			frames.push({ kind: this.next.kind, payload: this.take(this.next.length) });
			this.next = null;
		}
		return frames;
	}

	/** Removes n buffered bytes into a new array (n ≤ buffered). */
	private take(n: number): Uint8Array {
		const out = new Uint8Array(n);
		let filled = 0;
		while (filled < n) {
			const head = this.chunks[0];
			const used = Math.min(head.byteLength, n - filled);
			out.set(used === head.byteLength ? head : head.subarray(0, used), filled);
			filled += used;
			if (used === head.byteLength) this.chunks.shift();
			else this.chunks[0] = head.subarray(used);
		}
		this.buffered -= n;
		return out;
	}
}

export function decodeFrame(frame: Frame): StreamEvent {
	if (frame.kind === FRAME_CONTROL) return { type: 'control', message: JSON.parse(textDecoder.decode(frame.payload)) as ControlMessage };
	if (frame.kind === FRAME_BATCH) return { type: 'batch', batch: decodeBatch(frame.payload) };
	throw new Error(`Corrupt record stream: unknown frame kind ${frame.kind}`);
}

/** Every control message and batch of a record stream, as it arrives. */
export async function* readRecordStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
	const reader = body.getReader();
	const frames = new FrameReader();
	let ended = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			for (const frame of frames.push(value)) yield decodeFrame(frame);
		}
		ended = true;
	} finally {
		// The consumer stopped early or decoding failed: cancelling stops the server's walk too.
		if (!ended) await reader.cancel().catch(() => {});
		reader.releaseLock();
	}
	if (frames.pending > 0) throw new Error('The record stream ended in the middle of a frame');
}

/** One Arrow IPC stream (schema + record batches) into plain columns. */
export function decodeBatch(payload: Uint8Array): RecordColumns {
	const table = tableFromIPC(payload);
	return {
		length: table.numRows,
		lon: column(table, 'lon') as Float32Array,
		lat: column(table, 'lat') as Float32Array,
		day: column(table, 'day') as Int32Array,
		country: column(table, 'country') as Int16Array,
		entity: column(table, 'entity') as Int16Array,
		area: column(table, 'area') as Int16Array,
		uuid: column(table, 'uuid') as Uint8Array,
		dataset: column(table, 'dataset') as Uint8Array,
		component: column(table, 'component') as Uint8Array
	};
}

function column(table: Table, name: keyof typeof BATCH_COLUMNS): ArrayLike<number> {
	const vector = table.getChild(name);
	if (!vector) throw new Error(`Corrupt record stream: batch without column ${name}`);
	// FixedSizeBinary's toArray() gives per-row views; its values buffer is the flat 16·n bytes.
	if (name === 'uuid') {
		if (vector.data.length === 1) {
			const d = vector.data[0];
			return (d.values as Uint8Array).subarray(d.offset * 16, (d.offset + d.length) * 16);
		}
		const out = new Uint8Array(vector.length * 16);
		let at = 0;
		for (const d of vector.data) {
			out.set((d.values as Uint8Array).subarray(d.offset * 16, (d.offset + d.length) * 16), at);
			at += d.length * 16;
		}
		return out;
	}
	return vector.toArray() as ArrayLike<number>;
}

/** Control messages that define dictionaries, applied in order, give the strings behind codes. */
export class StreamDictionaries {
	readonly country: string[] = [];
	readonly entity: string[] = [];
	readonly area: string[] = [];

	/** Applies a 'dict' message; other messages are ignored. */
	apply(message: ControlMessage): void {
		if (message.type !== 'dict') return;
		const target = this[message.field];
		for (let i = 0; i < message.values.length; i++) target[message.start + i] = message.values[i];
	}

	lookup(field: DictionaryField, code: number): string | undefined {
		return code === NO_CODE ? undefined : this[field][code];
	}
}

const textDecoder = new TextDecoder();
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The uuid of record i (bytes 16·i … 16·i+15), in the canonical lower-case 8-4-4-4-12 form. */
export function uuidToString(bytes: Uint8Array, i: number): string {
	const o = i * 16;
	let s = '';
	for (let k = 0; k < 16; k++) {
		if (k === 4 || k === 6 || k === 8 || k === 10) s += '-';
		s += HEX[bytes[o + k]];
	}
	return s;
}

/**
 * Writes a uuid (any case, dashes optional) as 16 bytes into out at byte `offset`
 * (16·i for record i). Returns false, writing nothing, when the text is not a uuid.
 */
export function uuidToBytes(uuid: string, out: Uint8Array, offset = 0): boolean {
	// A character loop rather than a regex and parseInt per byte: the explorer's server converts a
	// million uuids per walk, and this was a tenth of its CPU time. Parsed into a scratch buffer
	// first, so that a bad uuid writes nothing.
	const dashed = uuid.length === 36;
	if (!dashed && uuid.length !== 32) return false;
	let at = 0;
	for (let k = 0; k < 16; k++) {
		if (dashed && (at === 8 || at === 13 || at === 18 || at === 23)) {
			if (uuid.charCodeAt(at) !== 45 /* - */) return false;
			at++;
		}
		const hi = hexValue(uuid.charCodeAt(at));
		const lo = hexValue(uuid.charCodeAt(at + 1));
		if (hi < 0 || lo < 0) return false;
		scratch[k] = (hi << 4) | lo;
		at += 2;
	}
	if (out !== scratch) out.set(scratch, offset);
	return true;
}

const scratch = new Uint8Array(16);

/** Whether a string is a uuid (32 hex digits, with or without the four dashes). */
export function isUuid(uuid: string): boolean {
	return uuidToBytes(uuid, scratch);
}

function hexValue(c: number): number {
	if (c >= 48 && c <= 57) return c - 48; // 0-9
	if (c >= 97 && c <= 102) return c - 87; // a-f
	if (c >= 65 && c <= 70) return c - 55; // A-F
	return -1;
}

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 UTC of a YYYY-MM-DD date; NO_DAY when it is not one. */
export function dateToDay(date: string | undefined): number {
	if (!date) return NO_DAY;
	const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
	if (!m) return NO_DAY;
	const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	return Number.isNaN(ms) ? NO_DAY : Math.floor(ms / MS_PER_DAY);
}

/** YYYY-MM-DD of a day number; '' for NO_DAY. */
export function dayToDate(day: number): string {
	return day === NO_DAY ? '' : new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
