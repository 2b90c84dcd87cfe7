// The explorer's record stream, from its server routes to the browser.
//
// Wire format (content type STREAM_CONTENT_TYPE): a sequence of frames, each
//   1 byte kind | 4 bytes payload length (little-endian uint32) | payload
// kind FRAME_CONTROL: UTF-8 JSON, one ControlMessage.
// kind FRAME_BATCH:   one Apache Arrow IPC *stream* (schema + one record batch) holding a page of
//                     mappable records in the columns of BATCH_COLUMNS.
// Country, entity and area (second_geo_layer) travel as Int16 codes into dictionaries that grow through 'dict' control
// messages sent before the first batch that uses the new codes; -1 means "no value".
import type { Component, Dataset } from './dataset';

export const STREAM_CONTENT_TYPE = 'application/vnd.icd-explorer.stream';
export const FRAME_CONTROL = 1;
export const FRAME_BATCH = 2;
export const FRAME_HEADER_BYTES = 5;

/** Arrow columns of a batch, with their Arrow types. */
export const BATCH_COLUMNS = {
	lon: 'Float32',
	lat: 'Float32',
	/** Days since 1970-01-01 (UTC) of primary_date. */
	day: 'Int32',
	country: 'Int16',
	entity: 'Int16',
	/** second_geo_layer (the admin-1 area): for the records table, without a request per row. */
	area: 'Int16',
	/** The record's uuid as 16 raw bytes. */
	uuid: 'FixedSizeBinary(16)',
	/** Index into DATASET_CODES. */
	dataset: 'Uint8',
	/** Index into COMPONENT_CODES. */
	component: 'Uint8'
} as const;

export const DATASET_CODES: readonly Dataset[] = ['icd', 'icdb'];
export const COMPONENT_CODES: readonly Component[] = ['video', 'image'];

/** Every part in a fixed order: its position is the part's number (cluster properties, table refs). */
export const PART_IDS: readonly PartId[] = DATASET_CODES.flatMap((d) => COMPONENT_CODES.map((c) => `${d}/${c}` as PartId));

/** The fields that travel as codes into a dictionary. */
export type DictionaryField = 'country' | 'entity' | 'area';

/** One walk of one geo manifest: "icd/video", "icdb/image", … */
export type PartId = `${Dataset}/${Component}`;

export const ALL_PARTS: readonly PartId[] = ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'];

export type ControlMessage =
	| { type: 'start'; parts: PartId[]; source: 'embedded' | 'remote' }
	| { type: 'dict'; field: DictionaryField; start: number; values: string[] }
	/** After each page of a part: records sent so far for it and the total the service announced. */
	| { type: 'progress'; part: PartId; received: number; total: number }
	/** The service asked us to wait (429) or the network failed and an idempotent GET will be retried. */
	| { type: 'waiting'; part: PartId; seconds: number; reason: 'rate_limited' | 'network'; message: string }
	/** A cursor was rejected; the part restarts from the beginning, skipping records already sent. */
	| { type: 'restart'; part: PartId; message: string }
	/** A part failed for good (401, 403, …); other parts go on. `message` is for people. */
	| { type: 'error'; part?: PartId; status?: number; code?: string; message: string }
	| { type: 'part-done'; part: PartId; received: number }
	| { type: 'done'; received: number; ms: number };
