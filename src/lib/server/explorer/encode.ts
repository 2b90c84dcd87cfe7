// Turns pages of mappable records into the frames of the explorer's record stream (format 2:
// $lib/types/stream.ts, docs/stream-format.md): one batch frame per page of fixed little-endian
// columns, ~17 bytes per record (8 once compressed), with country, entity and area as Int16 codes
// whose new dictionary entries go out in 'dict' frames just before the batch that first uses them.
// One encoder per browser stream: the dictionaries are its state.
import { concat } from '../../stream/concat';
import { dateToDay, NO_CODE, NO_DAY, uuidToBytes } from '../../stream/decode';
import {
	BATCH_HEADER_BYTES,
	COMPONENT_CODES,
	COORDINATE_UNITS_PER_DEGREE,
	DATASET_CODES,
	FRAME_BATCH,
	FRAME_CONTROL,
	FRAME_HEADER,
	FRAME_HEADER_BYTES,
	MAX_STREAM_ID,
	NO_DAY_OFFSET,
	STREAM_FORMAT_VERSION,
	STREAM_HEADER_PAYLOAD_BYTES,
	STREAM_MAGIC,
	type ControlMessage,
	type DictionaryField,
	type PartId
} from '../../types/stream';
import type { Component, Dataset } from '../../types/dataset';
import type { GeoItem } from './adapters/geo-manifest';
import type { RecordNaming } from './record-naming';

const MAX_CODE = 32_767;
/** Days a batch's u16 offsets reach past its base (0xffff is "no date"). */
const MAX_DAY_SPAN = NO_DAY_OFFSET - 1;
const textEncoder = new TextEncoder();

export function encodeFrame(kind: number, payload: Uint8Array): Uint8Array {
	const frame = new Uint8Array(FRAME_HEADER_BYTES + payload.byteLength);
	frame[0] = kind;
	new DataView(frame.buffer).setUint32(1, payload.byteLength, true);
	frame.set(payload, FRAME_HEADER_BYTES);
	return frame;
}

export function encodeControl(message: ControlMessage): Uint8Array {
	return encodeFrame(FRAME_CONTROL, textEncoder.encode(JSON.stringify(message)));
}

/** A field's values in code order: value i has code i. */
export type DictionaryValues = Record<DictionaryField, readonly string[]>;

/** A growing string → Int16 code table; remembers which codes the browser has not seen yet. */
class Dictionary {
	private codes = new Map<string, number>();
	private announced: number;
	private values: string[];

	/** `known`: values the reader already holds (a cached stream's), which keep their codes and are not announced again. */
	constructor(
		readonly field: DictionaryField,
		known: readonly string[] = []
	) {
		this.values = [...known];
		this.values.forEach((value, code) => this.codes.set(value, code));
		this.announced = this.values.length;
	}

	code(value: string | undefined): number {
		if (value === undefined || value === '') return NO_CODE;
		let code = this.codes.get(value);
		if (code === undefined) {
			// Int16 codes: past 32,767 distinct values the rest travel as "no value" rather than wrap.
			if (this.values.length > MAX_CODE) return NO_CODE;
			code = this.values.push(value) - 1;
			this.codes.set(value, code);
		}
		return code;
	}

	/** The 'dict' message for codes added since the last call, if any. */
	takeNews(): ControlMessage | undefined {
		if (this.announced === this.values.length) return undefined;
		const message: ControlMessage = { type: 'dict', field: this.field, start: this.announced, values: this.values.slice(this.announced) };
		this.announced = this.values.length;
		return message;
	}

	all(): readonly string[] {
		return this.values;
	}
}

/** 'dict' messages that define codes `from[field]` onwards of each field (every code when `from` is not given). */
export function dictionaryMessages(values: DictionaryValues, from?: Record<DictionaryField, number>): ControlMessage[] {
	const messages: ControlMessage[] = [];
	for (const field of DICTIONARY_FIELDS) {
		const start = from?.[field] ?? 0;
		if (values[field].length > start) messages.push({ type: 'dict', field, start, values: values[field].slice(start) });
	}
	return messages;
}

export const DICTIONARY_FIELDS: readonly DictionaryField[] = ['country', 'entity', 'area'];

/** The stream's first frame: the magic and the format version. */
export function encodeHeader(version = STREAM_FORMAT_VERSION): Uint8Array {
	const payload = new Uint8Array(STREAM_HEADER_PAYLOAD_BYTES);
	payload.set(STREAM_MAGIC);
	new DataView(payload.buffer).setUint16(4, version, true);
	return encodeFrame(FRAME_HEADER, payload);
}

export class StreamEncoder {
	private readonly country: Dictionary;
	private readonly entity: Dictionary;
	private readonly area: Dictionary;

	/**
	 * `known`: the dictionaries the reader already holds (a cached stream's, which this one extends):
	 * their values keep their codes and only values new to them are announced.
	 */
	constructor(known?: DictionaryValues) {
		this.country = new Dictionary('country', known?.country);
		this.entity = new Dictionary('entity', known?.entity);
		this.area = new Dictionary('area', known?.area);
	}

	/** Every value of every dictionary so far, in code order. */
	dictionaries(): DictionaryValues {
		return { country: [...this.country.all()], entity: [...this.entity.all()], area: [...this.area.all()] };
	}

	/** The header frame, then the 'start' message: the first chunk of every stream. */
	start(message: Extract<ControlMessage, { type: 'start' }>): Uint8Array {
		return concat([encodeHeader(), encodeControl(message)]);
	}

	control(message: ControlMessage): Uint8Array {
		return encodeControl(message);
	}

	/**
	 * The frames of one page of one part, as one chunk: its new dictionary entries, then the
	 * batch(es). Records are named by primary_id unless `naming` says uuid (record-naming.ts).
	 */
	page(part: PartId, items: readonly GeoItem[], naming: RecordNaming = 'primary-id'): Uint8Array {
		const { dicts, batches } = this.pageFrames(part, items, naming);
		return concat([...dicts, ...batches]);
	}

	/** The same frames apart: the 'dict' frames a reader needs first, and the batch frames (what a cache keeps). */
	pageFrames(part: PartId, items: readonly GeoItem[], naming: RecordNaming = 'primary-id'): { dicts: Uint8Array[]; batches: Uint8Array[] } {
		const batches = this.batchFrames(part, items, naming === 'uuid');
		const dicts = [this.country.takeNews(), this.entity.takeNews(), this.area.takeNews()].filter((m) => m !== undefined).map(encodeControl);
		return { dicts, batches };
	}

	/**
	 * One batch frame, or several when the page's dates span more than a u16 offset reaches
	 * (179 years; never in practice, but then the page is halved rather than misread).
	 */
	private batchFrames(part: PartId, items: readonly GeoItem[], byUuidOnly: boolean): Uint8Array[] {
		const days = this.daysOf(items);
		let base = Infinity;
		let last = -Infinity;
		for (const d of days) {
			if (d === NO_DAY) continue;
			if (d < base) base = d;
			if (d > last) last = d;
		}
		if (base === Infinity) base = 0;
		else if (last - base > MAX_DAY_SPAN) {
			const half = Math.ceil(items.length / 2);
			return [...this.batchFrames(part, items.slice(0, half), byUuidOnly), ...this.batchFrames(part, items.slice(half), byUuidOnly)];
		}
		return [encodeFrame(FRAME_BATCH, this.batch(part, items, days, base, byUuidOnly))];
	}

	/** Day numbers of the items' dates. Pages come newest first, so runs of one date are long: each run is parsed once. */
	private daysOf(items: readonly GeoItem[]): number[] {
		const days = new Array<number>(items.length);
		let date: string | undefined;
		let day = NO_DAY;
		for (let i = 0; i < items.length; i++) {
			if (items[i].date !== date || i === 0) {
				date = items[i].date;
				day = dateToDay(date);
			}
			days[i] = day;
		}
		return days;
	}

	private batch(part: PartId, items: readonly GeoItem[], days: number[], dayBase: number, byUuidOnly: boolean): Uint8Array {
		const n = items.length;
		const [dataset, component] = part.split('/') as [Dataset, Component];
		const ids: number[] = [];
		const byUuid: { index: number; uuid: string }[] = [];
		let previous = 0;
		for (let i = 0; i < n; i++) {
			const id = items[i].primaryId;
			if (byUuidOnly || id === undefined || !Number.isInteger(id) || id < 0 || id > MAX_STREAM_ID) {
				byUuid.push({ index: i, uuid: items[i].uuid });
				writeVarint(ids, 0);
				continue;
			}
			writeVarint(ids, zigzag(id - previous));
			previous = id;
		}
		const columnsEnd = BATCH_HEADER_BYTES + 16 * n;
		const payload = new Uint8Array(columnsEnd + ids.length + 20 * byUuid.length);
		const view = new DataView(payload.buffer);
		view.setUint8(0, DATASET_CODES.indexOf(dataset));
		view.setUint8(1, COMPONENT_CODES.indexOf(component));
		view.setUint32(4, n, true);
		view.setInt32(8, dayBase, true);
		view.setUint32(12, ids.length, true);
		view.setUint32(16, byUuid.length, true);
		// The payload is a fresh buffer and every column starts at a multiple of its width, so
		// typed arrays can view it directly (little-endian, as every browser and Node host is).
		const lon = new Int32Array(payload.buffer, BATCH_HEADER_BYTES, n);
		const lat = new Int32Array(payload.buffer, BATCH_HEADER_BYTES + 4 * n, n);
		const day = new Uint16Array(payload.buffer, BATCH_HEADER_BYTES + 8 * n, n);
		const country = new Int16Array(payload.buffer, BATCH_HEADER_BYTES + 10 * n, n);
		const entity = new Int16Array(payload.buffer, BATCH_HEADER_BYTES + 12 * n, n);
		const area = new Int16Array(payload.buffer, BATCH_HEADER_BYTES + 14 * n, n);
		for (let i = 0; i < n; i++) {
			const item = items[i];
			lon[i] = quantise(item.lon);
			lat[i] = quantise(item.lat);
			day[i] = days[i] === NO_DAY ? NO_DAY_OFFSET : days[i] - dayBase;
			country[i] = this.country.code(item.country);
			entity[i] = this.entity.code(item.entity);
			area[i] = this.area.code(item.area);
		}
		payload.set(ids, columnsEnd);
		let at = columnsEnd + ids.length;
		for (const { index, uuid } of byUuid) {
			view.setUint32(at, index, true);
			if (!uuidToBytes(uuid, payload, at + 4)) throw new TypeError(`not a uuid: ${uuid}`);
			at += 20;
		}
		return payload;
	}
}

/** Degrees as whole 1e-5 degrees (the walker sends only finite, in-range ones: ±18,000,000 at most). */
export function quantise(degrees: number): number {
	return Math.round(degrees * COORDINATE_UNITS_PER_DEGREE);
}

/** Signed to unsigned, small magnitudes small: 0, -1, 1, -2, … → 0, 1, 2, 3, … (exact up to 2^53). */
function zigzag(n: number): number {
	return n < 0 ? -2 * n - 1 : 2 * n;
}

/** LEB128: 7 bits a byte, low first, high bit set on all but the last. Arithmetic, not bitwise: ids pass 2^32. */
function writeVarint(out: number[], value: number): void {
	while (value >= 128) {
		out.push((value % 128) | 128);
		value = Math.floor(value / 128);
	}
	out.push(value);
}
