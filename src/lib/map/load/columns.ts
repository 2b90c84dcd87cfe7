// Growable columns of one part (dataset × component) of the stream, on the main thread. Typed
// arrays throughout: a million records cost tens of bytes each, not the hundreds of objects.
import { recordRef, type RecordColumns } from '../../stream/decode';
import type { PartId } from '../../types/stream';

function grow<T extends Float32Array | Float64Array | Int16Array>(array: T, capacity: number): T {
	const next = new (array.constructor as new (n: number) => T)(capacity);
	next.set(array);
	return next;
}

/** Whether a record passes the filters other than dates (names, pinned records), by its codes and index. */
export type RecordPass = (country: number, entity: number, index: number) => boolean;

export interface Box {
	west: number;
	south: number;
	east: number;
	north: number;
}

/** Some records of a part: attribute arrays laid out like the part's, and their indices in it. */
export interface PartSlice {
	length: number;
	positions: Float32Array;
	filterValues: Float32Array;
	index: Uint32Array;
}

export class PartColumns {
	readonly id: PartId;
	length = 0;
	/** Bumped on every change, so the map knows to re-upload. */
	version = 0;
	/** Bumped when existing records change (name filters), not when records are appended. */
	filterVersion = 0;
	/** Interleaved lon, lat: deck.gl reads it as a binary position attribute. */
	positions = new Float32Array(0);
	/** Interleaved [day, passes-name-filters (0/1)] for deck.gl's DataFilterExtension (filterSize 2). */
	filterValues = new Float32Array(0);
	country = new Int16Array(0);
	entity = new Int16Array(0);
	/** second_geo_layer codes (the records table shows and sorts by them). */
	area = new Int16Array(0);
	/** The drawn areas' test (geo/areas.ts), applied to the records cut for the view; null = anywhere. */
	inAreas: ((lon: number, lat: number) => boolean) | null = null;
	/** primary_id per record (how the stream names it); NaN for the few named by uuid in `uuids`. */
	ids = new Float64Array(0);
	/** Records without a usable primary_id: index → uuid. */
	uuids = new Map<number, string>();

	constructor(id: PartId) {
		this.id = id;
	}

	private reserve(extra: number): void {
		const needed = this.length + extra;
		if (needed <= this.country.length) return;
		const capacity = Math.max(needed, Math.ceil(this.country.length * 1.5), 4096);
		this.positions = grow(this.positions, capacity * 2);
		this.filterValues = grow(this.filterValues, capacity * 2);
		this.country = grow(this.country, capacity);
		this.entity = grow(this.entity, capacity);
		this.area = grow(this.area, capacity);
		this.ids = grow(this.ids, capacity);
	}

	/** Appends a batch; `passes` decides the name-filter flag of each new record. */
	append(batch: RecordColumns, passes: RecordPass): void {
		this.reserve(batch.length);
		const at = this.length;
		for (let i = 0; i < batch.length; i++) {
			const j = at + i;
			this.positions[j * 2] = batch.lon[i];
			this.positions[j * 2 + 1] = batch.lat[i];
			this.filterValues[j * 2] = batch.day[i];
			this.filterValues[j * 2 + 1] = passes(batch.country[i], batch.entity[i], j) ? 1 : 0;
		}
		this.country.set(batch.country.subarray(0, batch.length), at);
		this.entity.set(batch.entity.subarray(0, batch.length), at);
		this.area.set(batch.area.subarray(0, batch.length), at);
		this.ids.set(batch.id.subarray(0, batch.length), at);
		for (const [i, uuid] of batch.uuids) this.uuids.set(at + i, uuid);
		this.length += batch.length;
		this.version++;
	}

	/**
	 * A name-filter change. The flags are rewritten when first read (within, passesNames): zoomed
	 * out the map draws the worker's image and never reads them, so a filter change at a million
	 * records costs the main thread nothing until the map is zoomed in.
	 */
	refilter(passes: RecordPass): void {
		this.pendingPass = passes;
		this.version++;
		this.filterVersion++;
	}

	private pendingPass: RecordPass | null = null;

	/** Applies a pending name-filter change (a tight loop: a few ms per million records). */
	private settleFilter(): void {
		const passes = this.pendingPass;
		if (!passes) return;
		this.pendingPass = null;
		for (let i = 0; i < this.length; i++) this.filterValues[i * 2 + 1] = passes(this.country[i], this.entity[i], i) ? 1 : 0;
	}

	/**
	 * The records inside a box that pass the name filters, as compact attribute arrays plus each
	 * one's index in this part: what a zoomed-in map hands to the GPU instead of every record.
	 */
	within(box: Box): PartSlice {
		this.settleFilter();
		const index: number[] = [];
		const { west, south, east, north } = box;
		for (let i = 0; i < this.length; i++) {
			const lon = this.positions[i * 2];
			const lat = this.positions[i * 2 + 1];
			if (lon >= west && lon <= east && lat >= south && lat <= north && this.filterValues[i * 2 + 1] === 1 && (!this.inAreas || this.inAreas(lon, lat)))
				index.push(i);
		}
		const positions = new Float32Array(index.length * 2);
		const filterValues = new Float32Array(index.length * 2);
		for (let k = 0; k < index.length; k++) {
			const i = index[k];
			positions[k * 2] = this.positions[i * 2];
			positions[k * 2 + 1] = this.positions[i * 2 + 1];
			filterValues[k * 2] = this.filterValues[i * 2];
			filterValues[k * 2 + 1] = 1;
		}
		return { length: index.length, positions, filterValues, index: Uint32Array.from(index) };
	}

	/** How record i is named when it is opened: its primary_id in decimal, or its uuid. */
	ref(i: number): string {
		return recordRef({ id: this.ids, uuids: this.uuids }, i);
	}

	day(i: number): number {
		return this.filterValues[i * 2];
	}

	/** Whether record i passes the name filters (and is pinned, if records are pinned). */
	passesNames(i: number): boolean {
		this.settleFilter();
		return this.filterValues[i * 2 + 1] === 1 && (!this.inAreas || this.inAreas(this.positions[i * 2], this.positions[i * 2 + 1]));
	}

	/** Bytes held, for the memory figures of the benchmark. */
	bytes(): number {
		return (
			this.positions.byteLength + this.filterValues.byteLength + this.country.byteLength + this.entity.byteLength + this.area.byteLength + this.ids.byteLength
		);
	}
}
