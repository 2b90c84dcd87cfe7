// The records table's rows for a filter: the records passing it, taken in table order from the
// order of every record (table-order.ts, orderAll). Walking that order keeps the rows in order,
// so the first screenful is found without looking at the rest, and the whole list in one pass.
import { refIndex, refPart } from './table-order';

/** What the test reads of one part, in the worker's units (x, y: Web Mercator, 0..1). */
export interface RowColumns {
	day: Int32Array;
	country: Int16Array;
	entity: Int16Array;
	x: Float32Array;
	y: Float32Array;
}

/** A filter as lookups by part number (PART_IDS) and dictionary code. */
export interface RowTest {
	/** Per part number: its columns, undefined when the part is filtered out. */
	parts: (RowColumns | undefined)[];
	from: number;
	to: number;
	countries: Uint8Array | null;
	entities: Uint8Array | null;
	/** Per part number: inside the drawn areas (1) or not; null without areas. */
	areas: (Uint8Array | undefined)[] | null;
	/** Per part number: the pinned records; null when nothing is pinned. */
	pinned: (Set<number> | undefined)[] | null;
	/** The view box, when the table lists only the records in view. */
	box: { x0: number; x1: number; y0: number; y1: number } | null;
}

/**
 * Appends to `out` (from `n`) the refs of `order[start…]` passing `test`, until `limit` rows are in
 * `out` or the order ends; returns the rows now in `out` and where the walk stopped.
 */
export function collectRows(order: Uint32Array, start: number, test: RowTest, out: Uint32Array, n: number, limit: number): { n: number; next: number } {
	const { parts, from, to, countries, entities, areas, pinned, box } = test;
	let j = start;
	for (; j < order.length && n < limit; j++) {
		const ref = order[j];
		const partNo = refPart(ref);
		const p = parts[partNo];
		if (!p) continue;
		const i = refIndex(ref);
		const day = p.day[i];
		if (day < from || day > to) continue;
		if (areas && areas[partNo]?.[i] !== 1) continue;
		if (pinned && !pinned[partNo]?.has(i)) continue;
		if (countries && countries[p.country[i] + 1] !== 1) continue;
		if (entities && entities[p.entity[i] + 1] !== 1) continue;
		if (box && (p.x[i] < box.x0 || p.x[i] > box.x1 || p.y[i] < box.y0 || p.y[i] > box.y1)) continue;
		out[n++] = ref;
	}
	return { n, next: j };
}
