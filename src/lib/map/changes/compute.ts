// "What changed" over the records the map holds: the records passing the filters (not the dates:
// the windows are the dates), counted into the hotspot grid's cells at the map's level, tested
// (hotspots.ts), and each flagged cell described for the panel and the map: where it is, its
// outline, and the organisations behind its recent records. Runs in the points worker on its
// columns; pure, so that it is tested and benchmarked without one.
import { cellAt, cellCentreLonLat, cellOutline } from '../../changes/grid';
import { emergingHotspots, HistoryCounter, type Change, type ChangeWindows } from '../../changes/hotspots';

/** One part's columns, as the points worker holds them (Mercator x and y, day numbers, entity codes). */
export interface ChangeColumns {
	length: number;
	x: ArrayLike<number>;
	y: ArrayLike<number>;
	day: ArrayLike<number>;
	entity: ArrayLike<number>;
	/** Country and admin-1 area codes (the stream's dictionaries): what the panel names a cell by. */
	country: ArrayLike<number>;
	area: ArrayLike<number>;
	/** Whether record i passes every filter but the dates. */
	passes: (i: number) => boolean;
}

export interface ChangesRequest {
	windows: ChangeWindows;
	/** The grid's level (grid.ts: about the map's zoom). */
	level: number;
	/** At most this many cells described (the strongest); every cell is still tested. */
	limit?: number;
}

export interface ChangedPlace extends Change {
	centre: [number, number];
	outline: [number, number][];
	/** The organisations of the cell's recent records, most first: [entity code, records]. */
	entities: [number, number][];
	/** The countries and admin-1 areas of its recent records, most first (the records' own, not a gazetteer's). */
	countries: [number, number][];
	areas: [number, number][];
}

export interface ChangesResult {
	level: number;
	windows: ChangeWindows;
	/** Cells that had any record in the windows: the family the false discovery rate is held over. */
	tested: number;
	/** Records in the recent window and in the baseline windows. */
	recentRecords: number;
	baselineRecords: number;
	places: ChangedPlace[];
}

export function computeChanges(parts: ChangeColumns[], request: ChangesRequest): ChangesResult {
	const { windows, level } = request;
	const counter = new HistoryCounter(windows);
	let recentRecords = 0;
	let baselineRecords = 0;
	for (const p of parts) {
		for (let i = 0; i < p.length; i++) {
			const day = p.day[i];
			if (!counter.covers(day) || !p.passes(i)) continue;
			counter.add(day, cellAt(p.x[i], p.y[i], level));
			if (day >= windows.recentFrom) recentRecords++;
			else baselineRecords++;
		}
	}
	const histories = counter.histories();
	const changes = emergingHotspots(histories).slice(0, request.limit ?? 200);
	const behind = recentCodes(parts, request, new Set(changes.map((c) => c.cell)));
	const top = (counts: Map<number, number> | undefined, n: number) => [...(counts ?? new Map<number, number>())].sort((a, b) => b[1] - a[1]).slice(0, n);
	return {
		level,
		windows,
		tested: histories.length,
		recentRecords,
		baselineRecords,
		places: changes.map((c) => ({
			...c,
			centre: cellCentreLonLat(c.cell, level),
			outline: cellOutline(c.cell, level),
			entities: top(behind.get(c.cell)?.entity, 5),
			countries: top(behind.get(c.cell)?.country, 2),
			areas: top(behind.get(c.cell)?.area, 2)
		}))
	};
}

type CodeCounts = Record<'entity' | 'country' | 'area', Map<number, number>>;

/** Per flagged cell, how many of its recent records each organisation, country and admin-1 area has. */
function recentCodes(parts: ChangeColumns[], request: ChangesRequest, cells: Set<number>): Map<number, CodeCounts> {
	const out = new Map<number, CodeCounts>();
	const add = (counts: Map<number, number>, code: number) => counts.set(code, (counts.get(code) ?? 0) + 1);
	const { recentFrom, recentTo } = request.windows;
	for (const p of parts) {
		for (let i = 0; i < p.length; i++) {
			const day = p.day[i];
			if (day < recentFrom || day > recentTo || !p.passes(i)) continue;
			const cell = cellAt(p.x[i], p.y[i], request.level);
			if (!cells.has(cell)) continue;
			let counts = out.get(cell);
			if (!counts) out.set(cell, (counts = { entity: new Map(), country: new Map(), area: new Map() }));
			add(counts.entity, p.entity[i]);
			add(counts.country, p.country[i]);
			add(counts.area, p.area[i]);
		}
	}
	return out;
}

/** The default windows: the last `days` days of the range (the timeline's), against `baselines` windows before. */
export function defaultWindows(dayTo: number, days = 7, baselines = 8): ChangeWindows {
	return { recentFrom: dayTo - days + 1, recentTo: dayTo, baselineWindows: baselines };
}
