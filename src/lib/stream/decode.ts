// Reads the explorer's record stream (format 2: $lib/types/stream.ts, docs/stream-format.md) in
// the browser or a worker: frames are cut out of chunks as they arrive (a frame may span any
// number of chunks), the header frame is checked, control frames become ControlMessages and batch
// frames become plain typed-array columns. No Node APIs here; the server's encoder imports the
// uuid and day helpers from this file too.
import {
	BATCH_HEADER_BYTES,
	COMPONENT_CODES,
	COORDINATE_UNITS_PER_DEGREE,
	DATASET_CODES,
	FRAME_BATCH,
	FRAME_CONTROL,
	FRAME_HEADER,
	FRAME_HEADER_BYTES,
	NO_DAY_OFFSET,
	STREAM_FORMAT_VERSION,
	STREAM_HEADER_PAYLOAD_BYTES,
	STREAM_MAGIC,
	type ControlMessage,
	type DictionaryField
} from '../types/stream';

/** `day` of a record without a usable primary_date. */
export const NO_DAY = -2147483648;
/** `country` / `entity` / `area` code of a record without that value. */
export const NO_CODE = -1;

/**
 * One decoded batch of one part: column i of every array describes record i. country, entity and
 * area are views into the frame's payload; the other columns are arrays of their own.
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
	/** primary_id of each record; NaN for the few named by uuid instead (see `uuids`). Read with recordRef. */
	id: Float64Array;
	/** Records without a usable primary_id: batch index → uuid. Usually empty. */
	uuids: Map<number, string>;
	/** Index into DATASET_CODES (one part per batch). */
	dataset: number;
	/** Index into COMPONENT_CODES. */
	component: number;
}

export type StreamEvent = { type: 'control'; message: ControlMessage } | { type: 'batch'; batch: RecordColumns };

/** The stream is not one this page can read (another format version, or not a record stream at all). */
export class StreamFormatError extends Error {
	override name = 'StreamFormatError';
}

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

/** A control or batch frame (the header frame is StreamDecoder's business). */
export function decodeFrame(frame: Frame): StreamEvent {
	if (frame.kind === FRAME_CONTROL) return { type: 'control', message: JSON.parse(textDecoder.decode(frame.payload)) as ControlMessage };
	if (frame.kind === FRAME_BATCH) return { type: 'batch', batch: decodeBatch(frame.payload) };
	throw new Error(`Corrupt record stream: unknown frame kind ${frame.kind}`);
}

/**
 * The format version a header frame announces. Throws StreamFormatError, with a message for
 * people, for a stream that does not begin with a header (format 1 had none) or is of another version.
 */
export function checkHeader(frame: Frame): number {
	const p = frame.payload;
	const magic = frame.kind === FRAME_HEADER && p.byteLength >= STREAM_HEADER_PAYLOAD_BYTES && STREAM_MAGIC.every((b, i) => p[i] === b);
	if (!magic) {
		if (frame.kind === FRAME_CONTROL)
			throw new StreamFormatError(
				`The explorer's server sent the records in an older format (version 1, without a version header) than this page reads (version ${STREAM_FORMAT_VERSION}). The page and the server are from different releases: reload the page once the server is updated.`
			);
		throw new StreamFormatError("The explorer's server sent something that is not a record stream (it does not begin with the stream header).");
	}
	const version = new DataView(p.buffer, p.byteOffset, p.byteLength).getUint16(4, true);
	if (version !== STREAM_FORMAT_VERSION)
		throw new StreamFormatError(
			`The explorer's server sent the records in format version ${version}; this page reads version ${STREAM_FORMAT_VERSION}. The page and the server are from different releases: reload the page.`
		);
	return version;
}

/** Chunks in, events out: the header frame checked first, then every frame decoded. */
export class StreamDecoder {
	private readonly frames = new FrameReader();
	private version: number | null = null;

	/** Bytes received but not yet part of a completed frame. */
	get pending(): number {
		return this.frames.pending;
	}

	push(chunk: Uint8Array): StreamEvent[] {
		const events: StreamEvent[] = [];
		for (const frame of this.frames.push(chunk)) {
			if (this.version === null) this.version = checkHeader(frame);
			else events.push(decodeFrame(frame));
		}
		return events;
	}
}

/** Every control message and batch of a record stream, as it arrives. */
export async function* readRecordStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
	const reader = body.getReader();
	const decoder = new StreamDecoder();
	let ended = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			for (const event of decoder.push(value)) yield event;
		}
		ended = true;
	} finally {
		// The consumer stopped early or decoding failed: cancelling stops the server's walk too.
		if (!ended) await reader.cancel().catch(() => {});
		reader.releaseLock();
	}
	if (decoder.pending > 0) throw new Error('The record stream ended in the middle of a frame');
}

/** A batch frame's payload (layout in $lib/types/stream.ts) into plain columns. */
export function decodeBatch(payload: Uint8Array): RecordColumns {
	if (payload.byteLength < BATCH_HEADER_BYTES) throw corrupt('a batch shorter than its header');
	// Typed views need aligned offsets: FrameReader hands out payloads of their own (offset 0).
	const bytes = payload.byteOffset % 4 === 0 ? payload : payload.slice();
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const dataset = view.getUint8(0);
	const component = view.getUint8(1);
	if (dataset >= DATASET_CODES.length || component >= COMPONENT_CODES.length) throw corrupt(`a batch of dataset ${dataset}, component ${component}`);
	const n = view.getUint32(4, true);
	const dayBase = view.getInt32(8, true);
	const idBytes = view.getUint32(12, true);
	const byUuid = view.getUint32(16, true);
	const idsAt = BATCH_HEADER_BYTES + 16 * n;
	const uuidsAt = idsAt + idBytes;
	if (uuidsAt + 20 * byUuid !== bytes.byteLength) throw corrupt(`a batch of ${bytes.byteLength} bytes for ${n} records`);

	const at = (column: number) => bytes.byteOffset + BATCH_HEADER_BYTES + column * n;
	const lonUnits = new Int32Array(bytes.buffer, at(0), n);
	const latUnits = new Int32Array(bytes.buffer, at(4), n);
	const dayOffset = new Uint16Array(bytes.buffer, at(8), n);
	const lon = new Float32Array(n);
	const lat = new Float32Array(n);
	const day = new Int32Array(n);
	for (let i = 0; i < n; i++) {
		// Division, not multiplication by 1e-5: the nearest double to the decimal, then to Float32.
		lon[i] = lonUnits[i] / COORDINATE_UNITS_PER_DEGREE;
		lat[i] = latUnits[i] / COORDINATE_UNITS_PER_DEGREE;
		day[i] = dayOffset[i] === NO_DAY_OFFSET ? NO_DAY : dayBase + dayOffset[i];
	}
	const id = readIds(bytes.subarray(idsAt, uuidsAt), n);
	const uuids = new Map<number, string>();
	for (let k = 0, o = uuidsAt; k < byUuid; k++, o += 20) {
		const index = view.getUint32(o, true);
		if (index >= n) throw corrupt(`a uuid for record ${index} of ${n}`);
		uuids.set(index, uuidToString(bytes.subarray(o + 4, o + 20), 0));
		id[index] = NaN;
	}
	return {
		length: n,
		lon,
		lat,
		day,
		country: new Int16Array(bytes.buffer, at(10), n),
		entity: new Int16Array(bytes.buffer, at(12), n),
		area: new Int16Array(bytes.buffer, at(14), n),
		id,
		uuids,
		dataset,
		component
	};
}

/** Batches of one part as one, in order (uuid indices moved to their place in it). */
export function joinColumns(batches: RecordColumns[]): RecordColumns {
	if (batches.length === 1) return batches[0];
	const length = batches.reduce((n, b) => n + b.length, 0);
	const join = <T extends Float32Array | Int32Array | Int16Array | Float64Array>(pick: (b: RecordColumns) => T, make: new (n: number) => T): T => {
		const out = new make(length);
		let at = 0;
		for (const b of batches) {
			out.set(pick(b).subarray(0, b.length), at);
			at += b.length;
		}
		return out;
	};
	const uuids = new Map<number, string>();
	let at = 0;
	for (const b of batches) {
		for (const [i, uuid] of b.uuids) uuids.set(at + i, uuid);
		at += b.length;
	}
	return {
		length,
		lon: join((b) => b.lon, Float32Array),
		lat: join((b) => b.lat, Float32Array),
		day: join((b) => b.day, Int32Array),
		country: join((b) => b.country, Int16Array),
		entity: join((b) => b.entity, Int16Array),
		area: join((b) => b.area, Int16Array),
		id: join((b) => b.id, Float64Array),
		uuids,
		dataset: batches[0].dataset,
		component: batches[0].component
	};
}

/** n zigzag LEB128 deltas, each from the id before it (0 before the first), into ids. */
function readIds(bytes: Uint8Array, n: number): Float64Array {
	const ids = new Float64Array(n);
	let o = 0;
	let previous = 0;
	for (let i = 0; i < n; i++) {
		let value = 0;
		let scale = 1;
		for (;;) {
			if (o >= bytes.byteLength) throw corrupt('a batch whose ids end early');
			const b = bytes[o++];
			value += (b & 127) * scale;
			if (b < 128) break;
			scale *= 128;
			if (scale > 2 ** 56) throw corrupt('an id longer than 8 bytes');
		}
		previous += value % 2 === 0 ? value / 2 : -(value + 1) / 2;
		ids[i] = previous;
	}
	if (o !== bytes.byteLength) throw corrupt('a batch with bytes after its ids');
	return ids;
}

function corrupt(what: string): Error {
	return new Error(`Corrupt record stream: ${what}`);
}

/** Whether a record ref is a primary_id (up to 16 digits, as recordRef writes it) rather than a uuid. */
export function isIdRef(ref: string): boolean {
	return /^\d{1,16}$/.test(ref);
}

/** How the page names record i of a batch or part: its primary_id in decimal, or its uuid. */
export function recordRef(columns: { id: Float64Array; uuids: Map<number, string> }, i: number): string {
	const id = columns.id[i];
	return Number.isNaN(id) ? columns.uuids.get(i)! : String(id);
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
