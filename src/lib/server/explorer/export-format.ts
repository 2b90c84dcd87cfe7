// The exported records as bytes, written cheaply: a page of records goes into one buffer (no
// string per cell, no string per page to concatenate and encode again), and the cells of values
// that repeat across records (countries, areas, organisations, dates, the dataset and component)
// are formatted once and copied. A million records of CSV was mostly garbage collection and UTF-8
// encoding of page-sized strings before (docs/benchmarks.md, issue 16).
import type { GeoItem } from '../../types/geo';

export const CSV_COLUMNS = [
	'uuid',
	'dataset',
	'component',
	'primary_id',
	'primary_date',
	'primary_country',
	'second_geo_layer',
	'entity',
	'title',
	'dominant_lat',
	'dominant_long'
] as const;

/** Spreadsheets run cells that start with = + - @ (or a tab or carriage return) as formulas. */
function startsLikeFormula(text: string): boolean {
	const c = text.charCodeAt(0);
	return c === 61 /* = */ || c === 43 /* + */ || c === 45 /* - */ || c === 64 /* @ */ || c === 9 || c === 13;
}

/** A quote, comma or line break: the cell must be quoted. */
function needsQuotes(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === 34 /* " */ || c === 44 /* , */ || c === 13 || c === 10) return true;
	}
	return false;
}

/** Text that a spreadsheet would run as a formula is written as text, with a leading ' (OWASP CSV injection). */
export function csvCell(value: string | number | undefined): string {
	if (value === undefined) return '';
	let text = String(value);
	if (typeof value === 'string' && startsLikeFormula(text)) text = `'${text}`;
	return needsQuotes(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One buffer per page, grown when a page needs more than the last one did. */
class ByteWriter {
	private buffer: Buffer;
	private at = 0;

	constructor(private size = 1 << 20) {
		this.buffer = Buffer.allocUnsafe(size);
	}

	private room(bytes: number): void {
		if (this.at + bytes <= this.buffer.length) return;
		this.size = Math.max(this.buffer.length * 2, this.at + bytes);
		const grown = Buffer.allocUnsafe(this.size);
		this.buffer.copy(grown, 0, 0, this.at);
		this.buffer = grown;
	}

	byte(b: number): void {
		this.room(1);
		this.buffer[this.at++] = b;
	}

	bytes(b: Uint8Array): void {
		this.room(b.length);
		this.buffer.set(b, this.at);
		this.at += b.length;
	}

	/** ASCII text (numbers, uuids): one byte a character. */
	ascii(text: string): void {
		this.room(text.length);
		this.at += this.buffer.write(text, this.at, 'latin1');
	}

	/** Any text, as UTF-8 (at most three bytes per UTF-16 unit). */
	utf8(text: string): void {
		this.room(text.length * 3);
		this.at += this.buffer.write(text, this.at, 'utf8');
	}

	/** What was written since the last take; the next page gets a fresh buffer of the size this one needed. */
	take(): Uint8Array {
		const out = this.buffer.subarray(0, this.at);
		this.buffer = Buffer.allocUnsafe(this.size);
		this.at = 0;
		return out;
	}
}

/**
 * Formatted values by value: the same country, area or organisation is formatted once. Bounded:
 * a deployment with more distinct values than this starts over rather than grow without end.
 */
class Formatted {
	private cache = new Map<string, Buffer>();

	constructor(
		private readonly format: (value: string) => string,
		private readonly max = 20_000
	) {}

	get(value: string): Buffer {
		let bytes = this.cache.get(value);
		if (bytes) return bytes;
		if (this.cache.size >= this.max) this.cache.clear();
		bytes = Buffer.from(this.format(value), 'utf8');
		this.cache.set(value, bytes);
		return bytes;
	}
}

const COMMA = 44;
const CRLF = Buffer.from('\r\n');

export interface RecordsFormat {
	/** Bytes before the first record. */
	head(): Uint8Array;
	/** The records of a page (all of one dataset and component). */
	page(dataset: string, component: string, items: readonly GeoItem[]): Uint8Array;
	/** Bytes after the last record. */
	tail(): Uint8Array;
}

/** RFC 4180 CSV, CRLF line ends, every manifest field (CSV_COLUMNS). */
export class CsvFormat implements RecordsFormat {
	private readonly out = new ByteWriter();
	private readonly cells = new Formatted(csvCell);

	head(): Uint8Array {
		return Buffer.from(CSV_COLUMNS.join(',') + '\r\n');
	}

	page(dataset: string, component: string, items: readonly GeoItem[]): Uint8Array {
		const { out, cells } = this;
		const prefix = Buffer.concat([cells.get(dataset), Buffer.of(COMMA), cells.get(component), Buffer.of(COMMA)]);
		for (const item of items) {
			// The walker hands on only well-formed uuids (hex and dashes): nothing to quote or defuse.
			out.ascii(item.uuid);
			out.byte(COMMA);
			out.bytes(prefix);
			if (item.primaryId !== undefined) out.ascii(String(item.primaryId));
			out.byte(COMMA);
			this.cached(item.date);
			this.cached(item.country);
			this.cached(item.area);
			this.cached(item.entity);
			const title = item.title;
			if (title !== undefined) {
				if (startsLikeFormula(title) || needsQuotes(title)) out.utf8(csvCell(title));
				else out.utf8(title);
			}
			out.byte(COMMA);
			out.ascii(String(item.lat));
			out.byte(COMMA);
			out.ascii(String(item.lon));
			out.bytes(CRLF);
		}
		return out.take();
	}

	tail(): Uint8Array {
		return new Uint8Array(0);
	}

	private cached(value: string | undefined): void {
		if (value !== undefined) this.out.bytes(this.cells.get(value));
		this.out.byte(COMMA);
	}
}

/** A GeoJSON FeatureCollection of Points, the manifest's fields as properties (absent ones left out). */
export class GeoJsonFormat implements RecordsFormat {
	private readonly out = new ByteWriter();
	private readonly strings = new Formatted((v) => JSON.stringify(v));
	private first = true;

	head(): Uint8Array {
		return Buffer.from('{"type":"FeatureCollection","features":[\n');
	}

	page(dataset: string, component: string, items: readonly GeoItem[]): Uint8Array {
		const { out } = this;
		const common = Buffer.from(`,"dataset":${JSON.stringify(dataset)},"component":${JSON.stringify(component)}`);
		for (const item of items) {
			out.bytes(this.first ? FEATURE : NEXT_FEATURE);
			this.first = false;
			out.ascii(String(item.lon));
			out.byte(COMMA);
			out.ascii(String(item.lat));
			out.bytes(PROPERTIES);
			out.ascii(JSON.stringify(item.uuid));
			out.bytes(common);
			if (item.primaryId !== undefined) {
				out.bytes(KEYS.primaryId);
				out.ascii(JSON.stringify(item.primaryId));
			}
			this.property(KEYS.date, item.date);
			this.property(KEYS.country, item.country);
			this.property(KEYS.area, item.area);
			this.property(KEYS.entity, item.entity);
			if (item.title !== undefined) {
				out.bytes(KEYS.title);
				out.utf8(JSON.stringify(item.title));
			}
			out.bytes(END_FEATURE);
		}
		return out.take();
	}

	tail(): Uint8Array {
		return Buffer.from('\n]}\n');
	}

	private property(key: Buffer, value: string | undefined): void {
		if (value === undefined) return;
		this.out.bytes(key);
		this.out.bytes(this.strings.get(value));
	}
}

const FEATURE = Buffer.from('{"type":"Feature","geometry":{"type":"Point","coordinates":[');
const NEXT_FEATURE = Buffer.concat([Buffer.from(',\n'), FEATURE]);
const PROPERTIES = Buffer.from(']},"properties":{"uuid":');
const END_FEATURE = Buffer.from('}}');
const KEYS = {
	primaryId: Buffer.from(',"primary_id":'),
	date: Buffer.from(',"primary_date":'),
	country: Buffer.from(',"primary_country":'),
	area: Buffer.from(',"second_geo_layer":'),
	entity: Buffer.from(',"entity":'),
	title: Buffer.from(',"title":')
};
