// The explorer's record stream, from its server routes to the browser. Byte by byte in
// docs/stream-format.md; this file and $lib/stream/decode.ts are its reference.
//
// Wire format (content type STREAM_CONTENT_TYPE): a sequence of frames, each
//   1 byte kind | 4 bytes payload length (little-endian uint32) | payload
// The first frame is FRAME_HEADER: the magic "ICDS" and the format version (uint16 LE). A reader
// refuses a stream without it (the unversioned format 1 began with a control frame) or of another
// version, rather than misread it.
// kind FRAME_CONTROL: UTF-8 JSON, one ControlMessage.
// kind FRAME_BATCH:   one page of mappable records of one part, in fixed little-endian columns
//                     (BATCH_HEADER_BYTES, then lon, lat, day, country, entity, area, id varints,
//                     uuid exceptions): about 17 bytes a record before compression, 8 after.
// Country, entity and area (second_geo_layer) travel as Int16 codes into dictionaries that grow through 'dict' control
// messages sent before the first batch that uses the new codes; -1 means "no value".
// Records are named by their primary_id (the spec's component id: the record panel resolves it
// through the component-id lookup); one without a usable primary_id travels with its uuid.
import type { Component, Dataset } from './dataset';

export const STREAM_CONTENT_TYPE = 'application/vnd.icd-explorer.stream';
/** The version this build writes and reads. Format 1 (Arrow IPC batches, 16-byte uuids) had no header. */
export const STREAM_FORMAT_VERSION = 2;
/** "ICDS": the first four bytes of the header frame's payload. */
export const STREAM_MAGIC = [0x49, 0x43, 0x44, 0x53] as const;
export const FRAME_HEADER = 0;
export const FRAME_CONTROL = 1;
export const FRAME_BATCH = 2;
export const FRAME_HEADER_BYTES = 5;
/** Payload of the header frame: magic (4) + version (uint16). */
export const STREAM_HEADER_PAYLOAD_BYTES = 6;

/**
 * A batch payload starts with these 20 bytes: dataset code (u8), component code (u8), 2 bytes
 * zero, record count n (u32), day base (i32), length of the id varints (u32), count of uuid
 * exceptions (u32). Then, each column n values long: lon (i32), lat (i32), day (u16), country,
 * entity, area (i16), then the id varints, then the uuid exceptions (u32 index + 16 bytes each).
 */
export const BATCH_HEADER_BYTES = 20;
/** Coordinates travel as whole 1e-5 degrees (1.1 m; a coordinate moves at most 0.56 m). */
export const COORDINATE_UNITS_PER_DEGREE = 100_000;
/** The u16 day offset of a record without a usable primary_date. */
export const NO_DAY_OFFSET = 0xffff;
/** primary_ids from 0 up to this travel as ids; others (and records without one) by uuid. */
export const MAX_STREAM_ID = 2 ** 52 - 1;

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
	/**
	 * `base`: this stream adds to the records of that version of the stream (the reader said it
	 * holds it: `since=`); without it, the stream is whole and the reader keeps nothing it held.
	 */
	| { type: 'start'; parts: PartId[]; source: 'embedded' | 'remote'; base?: string }
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
	/**
	 * `version`: the version of the stream the reader now holds (what it read, added to its base),
	 * for a later `since=`; absent when the explorer's server keeps no copy of it (docs/stream-format.md).
	 */
	| { type: 'done'; received: number; ms: number; version?: string };
