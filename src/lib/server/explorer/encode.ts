// Turns pages of mappable records into the frames of the explorer's record stream (format in
// $lib/types/stream.ts): one Arrow IPC stream per page, ~36 bytes per record, with country,
// entity and area as Int16 codes whose new dictionary entries go out in 'dict' frames just before the
// batch that first uses them. One encoder per browser stream: the dictionaries are its state.
import { FixedSizeBinary, Field, Float32, Int16, Int32, makeData, RecordBatch, Schema, Struct, Table, tableToIPC, Uint8, type DataType } from 'apache-arrow';
import { dateToDay, NO_CODE, uuidToBytes } from '../../stream/decode';
import { BATCH_COLUMNS, COMPONENT_CODES, DATASET_CODES, FRAME_BATCH, FRAME_CONTROL, FRAME_HEADER_BYTES, type ControlMessage, type DictionaryField, type PartId } from '../../types/stream';
import type { Component, Dataset } from '../../types/dataset';
import type { GeoItem } from './adapters/geo-manifest';

const MAX_CODE = 32_767;

// Non-nullable columns: "no value" travels as a sentinel (NO_CODE, NO_DAY), so no validity bitmaps.
const TYPES = {
	lon: new Float32(),
	lat: new Float32(),
	day: new Int32(),
	country: new Int16(),
	entity: new Int16(),
	area: new Int16(),
	uuid: new FixedSizeBinary(16),
	dataset: new Uint8(),
	component: new Uint8()
} satisfies Record<keyof typeof BATCH_COLUMNS, DataType>;
const FIELDS = Object.entries(TYPES).map(([name, type]) => new Field(name, type, false));
const SCHEMA = new Schema(FIELDS);
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

/** A growing string → Int16 code table; remembers which codes the browser has not seen yet. */
class Dictionary {
	private codes = new Map<string, number>();
	private announced = 0;
	private values: string[] = [];

	constructor(readonly field: DictionaryField) {}

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
}

export class StreamEncoder {
	private readonly country = new Dictionary('country');
	private readonly entity = new Dictionary('entity');
	private readonly area = new Dictionary('area');

	control(message: ControlMessage): Uint8Array {
		return encodeControl(message);
	}

	/** The frames of one page of one part, as one chunk: its new dictionary entries, then the batch. */
	page(part: PartId, items: readonly GeoItem[]): Uint8Array {
		const batch = this.batchFrame(part, items);
		const frames = [this.country.takeNews(), this.entity.takeNews(), this.area.takeNews()].filter((m) => m !== undefined).map(encodeControl);
		frames.push(batch);
		return concat(frames);
	}

	private batchFrame(part: PartId, items: readonly GeoItem[]): Uint8Array {
		const n = items.length;
		const [dataset, component] = part.split('/') as [Dataset, Component];
		const lon = new Float32Array(n);
		const lat = new Float32Array(n);
		const day = new Int32Array(n);
		const country = new Int16Array(n);
		const entity = new Int16Array(n);
		const area = new Int16Array(n);
		const uuid = new Uint8Array(16 * n);
		for (let i = 0; i < n; i++) {
			const item = items[i];
			lon[i] = item.lon;
			lat[i] = item.lat;
			day[i] = dateToDay(item.date);
			country[i] = this.country.code(item.country);
			entity[i] = this.entity.code(item.entity);
			area[i] = this.area.code(item.area);
			if (!uuidToBytes(item.uuid, uuid, 16 * i)) throw new TypeError(`not a uuid: ${item.uuid}`);
		}
		const fill = (code: number) => new Uint8Array(n).fill(code);
		const columns = { lon, lat, day, country, entity, area, uuid, dataset: fill(DATASET_CODES.indexOf(dataset)), component: fill(COMPONENT_CODES.indexOf(component)) };
		return encodeFrame(FRAME_BATCH, ipcStream(n, columns));
	}
}

type Columns = { [K in keyof typeof TYPES]: (typeof TYPES)[K]['TArray'] };

function ipcStream(length: number, c: Columns): Uint8Array {
	const children = [
		makeData({ type: TYPES.lon, length, data: c.lon }),
		makeData({ type: TYPES.lat, length, data: c.lat }),
		makeData({ type: TYPES.day, length, data: c.day }),
		makeData({ type: TYPES.country, length, data: c.country }),
		makeData({ type: TYPES.entity, length, data: c.entity }),
		makeData({ type: TYPES.area, length, data: c.area }),
		makeData({ type: TYPES.uuid, length, data: c.uuid }),
		makeData({ type: TYPES.dataset, length, data: c.dataset }),
		makeData({ type: TYPES.component, length, data: c.component })
	];
	const data = makeData({ type: new Struct(FIELDS), length, nullCount: 0, children });
	return tableToIPC(new Table([new RecordBatch(SCHEMA, data)]), 'stream');
}

function concat(parts: Uint8Array[]): Uint8Array {
	if (parts.length === 1) return parts[0];
	const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.byteLength;
	}
	return out;
}
