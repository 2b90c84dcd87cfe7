// What the points worker holds and answers from: the columns of every part (in Mercator units,
// with each record's cell), the stream's dictionaries, the page's filter and the cluster index
// built for it, and the answers read from them: counts, facets and the day histogram (reindex),
// clusters and a cluster's records, the table's rows, the density image. The stream fills the
// columns (stream-intake.ts); the message loop (points.worker.ts) asks for the answers.
/// <reference lib="webworker" />
import type { RecordColumns } from '../../stream/decode';
import { PartMap } from '../../stream/part-map';
import { PART_IDS, type DictionaryField, type PartId } from '../../types/stream';
import { codeTable, EMPTY_FILTER, passesDays, passesNames, pinnedSets, type MapFilter } from '../filter';
import { mercatorX, mercatorY } from '../projection/mercator';
import { drawView } from './aggregate';
import { buildClusterIndex, CellBuilder, cellKeyOfMercator, type ClusterIndex } from './cluster-index';
import type { EntityTracks, FromWorker, NamedChanges, RecordRef, ToWorker } from './protocol';
import { formatAreas, mercatorAreaTest } from '../../geo/areas';
import { nameRanks, orderAll, type PartKeys, type PrimaryKey, type TableSort } from './table-order';
import { collectRows, type RowTest } from './table-rows';
import { computeChanges, type ChangesRequest } from '../changes/compute';
import { buildTracks } from '../../tracks/tracks';

declare const self: DedicatedWorkerGlobalScope;

interface Part {
	id: PartId;
	isIcd: boolean;
	length: number;
	x: Float32Array;
	y: Float32Array;
	day: Int32Array;
	country: Int16Array;
	entity: Int16Array;
	area: Int16Array;
	cell: Float64Array;
}

/** In the parts' fixed order, however their records arrived (part-map.ts). */
const parts = new PartMap<Part>();
export const dictionaries: Record<DictionaryField, string[]> = { country: [], entity: [], area: [] };
let filter: MapFilter = EMPTY_FILTER;
let index: ClusterIndex | null = null;
let dayMin: number | null = null;
let dayMax: number | null = null;
/** The latest filter and density requests: what the page shows, for showFirstView (stream-intake.ts). */
export let filterSeq = 0;
export let lastDensity: DensityRequest | null = null;

/** The page's new filter: the counts, clusters and lists from now on are of it. */
export function setFilter(next: MapFilter, seq: number): void {
	filter = next;
	filterSeq = seq;
}

export function setLastDensity(m: DensityRequest): void {
	lastDensity = m;
}

export function post(message: FromWorker, transfer: Transferable[] = []): void {
	self.postMessage(message, transfer);
}

export function partOf(id: PartId): Part {
	let p = parts.get(id);
	if (!p) {
		p = {
			id,
			isIcd: id.startsWith('icd/'),
			length: 0,
			x: new Float32Array(0),
			y: new Float32Array(0),
			day: new Int32Array(0),
			country: new Int16Array(0),
			entity: new Int16Array(0),
			area: new Int16Array(0),
			cell: new Float64Array(0)
		};
		parts.set(id, p);
	}
	return p;
}

function grown<T extends Float32Array | Int32Array | Int16Array | Float64Array>(a: T, capacity: number): T {
	if (a.length >= capacity) return a;
	const next = new (a.constructor as new (n: number) => T)(Math.max(capacity, Math.ceil(a.length * 1.5), 4096));
	next.set(a);
	return next;
}

export function append(p: Part, b: RecordColumns): void {
	const need = p.length + b.length;
	p.x = grown(p.x, need);
	p.y = grown(p.y, need);
	p.day = grown(p.day, need);
	p.country = grown(p.country, need);
	p.entity = grown(p.entity, need);
	p.area = grown(p.area, need);
	p.cell = grown(p.cell, need);
	for (let i = 0; i < b.length; i++) {
		const at = p.length + i;
		const x = mercatorX(b.lon[i]);
		const y = mercatorY(b.lat[i]);
		p.x[at] = x;
		p.y[at] = y;
		p.day[at] = b.day[i];
		p.country[at] = b.country[i];
		p.entity[at] = b.entity[i];
		p.area[at] = b.area[i];
		p.cell[at] = cellKeyOfMercator(x, y);
		if (dayMin === null || b.day[i] < dayMin) dayMin = b.day[i];
		if (dayMax === null || b.day[i] > dayMax) dayMax = b.day[i];
	}
	p.length = need;
}

/**
 * Per part, whether each record lies in the filter's drawn areas: computed once per set of areas
 * (and again as records arrive), then read like any other flag. Null when there are no areas.
 */
let areaCache: { key: string; flags: Map<PartId, Uint8Array>; ms: number } | null = null;
function areaFlags(f: MapFilter): Map<PartId, Uint8Array> | null {
	const test = f.areas.length ? mercatorAreaTest(f.areas) : null;
	if (!test) return null;
	const key = `${formatAreas(f.areas)}#${recordsLoaded()}`;
	if (areaCache?.key === key) return areaCache.flags;
	const started = performance.now();
	const flags = new Map<PartId, Uint8Array>();
	for (const p of parts.values()) {
		const inside = new Uint8Array(p.length);
		for (let i = 0; i < p.length; i++) inside[i] = test(p.x[i], p.y[i]) ? 1 : 0;
		flags.set(p.id, inside);
	}
	areaCache = { key, flags, ms: performance.now() - started };
	return flags;
}

function partEnabled(p: Part, f: MapFilter): boolean {
	const [dataset, component] = p.id.split('/') as [MapFilter['datasets'][number], MapFilter['components'][number]];
	return f.datasets.includes(dataset) && f.components.includes(component);
}

/**
 * The parts `f` shows, each with its test of every filter but the dates (names, drawn areas, search
 * pins): the density image and "what changed" read the records through it. Without such a filter
 * the test is a constant, so that a frame of playback pays nothing per record for it.
 */
function partsPassing(f: MapFilter): { columns: Part; passes: (i: number) => boolean }[] {
	const countries = codeTable(dictionaries.country, f.countries);
	const entities = codeTable(dictionaries.entity, f.entities);
	const pinned = pinnedSets(f.pinned);
	const inAreas = areaFlags(f);
	return [...parts.values()]
		.filter((p) => partEnabled(p, f) && (!pinned || pinned.has(p.id)))
		.map((p) => {
			const pin = pinned?.get(p.id);
			const area = inAreas?.get(p.id);
			return {
				columns: p,
				passes:
					countries || entities || pin || area
						? (i: number) => (!pin || pin.has(i)) && (!area || area[i] === 1) && passesNames(p.country[i], p.entity[i], countries, entities)
						: () => true
			};
		});
}

/** Rebuilds cells, the cluster index and facet counts for the current filter. */
export function reindex(seq: number): void {
	const started = performance.now();
	const countries = codeTable(dictionaries.country, filter.countries);
	const entities = codeTable(dictionaries.entity, filter.entities);
	const pinned = pinnedSets(filter.pinned);
	const inAreas = areaFlags(filter);
	// What testing every record against these areas cost (once per set of areas, in whichever request came first).
	const areaMs = inAreas ? areaCache!.ms : 0;
	const countryCounts = new Uint32Array(dictionaries.country.length + 1);
	const entityCounts = new Uint32Array(dictionaries.entity.length + 1);
	const cells = new CellBuilder();
	// Records per day over every filter but the dates: the timeline's histogram, which the date
	// range is brushed on (so it must not be cut by it).
	const histogramStart = dayMin ?? 0;
	const dayCounts = new Uint32Array(dayMin === null || dayMax === null ? 0 : dayMax - dayMin + 1);
	let visible = 0;
	let total = 0;
	const partList = [...parts.values()];
	for (let pi = 0; pi < partList.length; pi++) {
		const p = partList[pi];
		total += p.length;
		if (!partEnabled(p, filter)) continue;
		const partNo = PART_IDS.indexOf(p.id);
		const pin = pinned?.get(p.id);
		if (pinned && !pin) continue;
		const area = inAreas?.get(p.id);
		for (let i = 0; i < p.length; i++) {
			if ((pin && !pin.has(i)) || (area && !area[i])) continue;
			const countryOk = countries === null || countries[p.country[i] + 1] === 1;
			const entityOk = entities === null || entities[p.entity[i] + 1] === 1;
			if (countryOk && entityOk) dayCounts[p.day[i] - histogramStart]++;
			if (!passesDays(p.day[i], filter)) continue;
			// Facet counts: each facet counts records passing every filter except its own.
			if (entityOk) countryCounts[p.country[i] + 1]++;
			if (countryOk) entityCounts[p.entity[i] + 1]++;
			if (!countryOk || !entityOk) continue;
			visible++;
			cells.add(p.cell[i], p.x[i], p.y[i], p.isIcd, partNo, i);
		}
	}
	index = buildClusterIndex(cells);
	const named = (dict: string[], counts: Uint32Array): [string, number][] =>
		// Equal counts by name: the dictionary's codes follow the order records arrived in.
		dict
			.map((name, code) => [name, counts[code + 1]] as [string, number])
			.filter(([, n]) => n > 0)
			.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
	post(
		{
			type: 'indexed',
			seq,
			visible,
			total,
			facets: { countries: named(dictionaries.country, countryCounts), entities: named(dictionaries.entity, entityCounts) },
			dayMin,
			dayMax,
			histogram: { startDay: histogramStart, counts: dayCounts },
			ms: performance.now() - started,
			areaMs
		},
		[dayCounts.buffer]
	);
}

export function clusters(seq: number, bbox: [number, number, number, number], zoom: number): void {
	const features = index ? index.getClusters(bbox, Math.floor(zoom)) : [];
	const n = features.length;
	const lon = new Float32Array(n);
	const lat = new Float32Array(n);
	const count = new Uint32Array(n);
	const icdShare = new Float32Array(n);
	const clusterId = new Int32Array(n);
	const records: (RecordRef | null)[] = new Array(n);
	for (let i = 0; i < n; i++) {
		const f = features[i];
		const props = f.properties as { n: number; icd: number; part: number; index: number; cluster?: boolean; cluster_id?: number };
		lon[i] = f.geometry.coordinates[0];
		lat[i] = f.geometry.coordinates[1];
		count[i] = props.n;
		icdShare[i] = props.icd / props.n;
		clusterId[i] = props.cluster ? props.cluster_id! : -1;
		records[i] = props.n === 1 && props.part >= 0 ? { part: PART_IDS[props.part], index: props.index } : null;
	}
	post({ type: 'clusters', seq, zoom, lon, lat, count, icdShare, clusterId, records }, [
		lon.buffer,
		lat.buffer,
		count.buffer,
		icdShare.buffer,
		clusterId.buffer
	]);
}

/** -1 when the id belongs to an index that a newer filter has replaced. */
export function expansionZoom(clusterId: number): number {
	try {
		return index ? index.getClusterExpansionZoom(clusterId) : -1;
	} catch {
		return -1;
	}
}

export function leaves(seq: number, clusterId: number, limit: number): void {
	let cellKeys: number[] = [];
	try {
		cellKeys = index ? index.getLeaves(clusterId, Infinity).map((f) => (f.properties as { key: number }).key) : [];
	} catch {
		// The cluster belongs to an index a newer filter has replaced: nothing to list.
	}
	const keys = new Set(cellKeys);
	const countries = codeTable(dictionaries.country, filter.countries);
	const entities = codeTable(dictionaries.entity, filter.entities);
	const pinned = pinnedSets(filter.pinned);
	const inAreas = areaFlags(filter);
	const records: RecordRef[] = [];
	let total = 0;
	for (const p of parts.values()) {
		if (!partEnabled(p, filter)) continue;
		for (let i = 0; i < p.length; i++) {
			if (!keys.has(p.cell[i]) || !passesDays(p.day[i], filter)) continue;
			if (pinned && !pinned.get(p.id)?.has(i)) continue;
			if (inAreas && !inAreas.get(p.id)?.[i]) continue;
			if (countries && countries[p.country[i] + 1] !== 1) continue;
			if (entities && entities[p.entity[i] + 1] !== 1) continue;
			total++;
			if (records.length < limit) records.push({ part: p.id, index: i });
		}
	}
	post({ type: 'leaves', seq, records, total });
}

type RowsRequest = Extract<ToWorker, { type: 'rows' }>;

/** Rows sent first, before the rest of the list: a screenful or two. */
const FIRST_ROWS = 100;

/** Every record in the order of one sort (table-order.ts), until records arrive or the sort changes. */
let tableOrderCache: { key: string; order: Uint32Array } | null = null;

function orderOf(sort: TableSort): Uint32Array {
	const field = sort.key === 'country' || sort.key === 'area' || sort.key === 'entity' ? sort.key : null;
	const key = `${sort.key}:${sort.descending}:${recordsLoaded()}:${field ? dictionaries[field].length : 0}`;
	if (tableOrderCache?.key === key) return tableOrderCache.order;
	const keys: PartKeys[] = [...parts.values()].map((p) => ({
		partNo: PART_IDS.indexOf(p.id),
		length: p.length,
		day: p.day,
		codes: field ? p[field] : undefined
	}));
	// PART_IDS: icd/video, icd/image, icdb/video, icdb/image; ICD before ICDB, video before image.
	const primary: PrimaryKey | undefined =
		sort.key === 'dataset'
			? { size: 2, ofPart: (n) => n >> 1 }
			: sort.key === 'component'
				? { size: 2, ofPart: (n) => n & 1 }
				: field
					? nameRanks(dictionaries[field])
					: undefined;
	const order = orderAll(keys, sort, dayMin ?? 0, dayMax ?? 0, primary);
	tableOrderCache = { key, order };
	return order;
}

/** The rest of the last rows request, done after the messages that were waiting (the map's image first). */
let rowsLeft: (() => void) | null = null;
/** A newer rows request replaces the rest of the last one. */
export function dropRowsLeft(): void {
	rowsLeft = null;
}
export function finishRows(): void {
	const rest = rowsLeft;
	rowsLeft = null;
	rest?.();
}

/**
 * The records table: every record passing the filter, the dates and the view box, in order. The
 * first rows are sent at once; the whole list follows once the requests that came with this one
 * (the density image) are answered.
 */
export function rows(m: RowsRequest): void {
	const started = performance.now();
	const order = orderOf(m.sort);
	const pinned = pinnedSets(m.filter.pinned);
	const inAreas = areaFlags(m.filter);
	const test: RowTest = {
		parts: PART_IDS.map((id) => {
			const p = parts.get(id);
			return p && partEnabled(p, m.filter) && (!pinned || pinned.has(id)) ? p : undefined;
		}),
		from: m.dayRange[0],
		to: m.dayRange[1],
		countries: codeTable(dictionaries.country, m.filter.countries),
		entities: codeTable(dictionaries.entity, m.filter.entities),
		areas: inAreas && PART_IDS.map((id) => inAreas.get(id)),
		pinned: pinned && PART_IDS.map((id) => pinned.get(id)),
		// The view box in the worker's Mercator units (y grows southwards).
		box: m.view && { x0: mercatorX(m.view[0]), x1: mercatorX(m.view[2]), y0: mercatorY(m.view[3]), y1: mercatorY(m.view[1]) }
	};
	const out = new Uint32Array(order.length);
	const first = collectRows(order, 0, test, out, 0, FIRST_ROWS);
	const send = (n: number, complete: boolean) => {
		const list = out.slice(0, n);
		post({ type: 'rows', seq: m.seq, order: list, complete, ms: performance.now() - started }, [list.buffer]);
	};
	if (first.next === order.length) return send(first.n, true);
	send(first.n, false);
	rowsLeft = () => send(collectRows(order, first.next, test, out, first.n, Infinity).n, true);
	void yieldToMessages().then(finishRows);
}

export type DensityRequest = Extract<ToWorker, { type: 'density' }>;

export function density(m: DensityRequest, first?: { pushed: boolean }): void {
	const started = performance.now();
	const image = drawView({
		frame: m.frame,
		dayRange: m.dayRange,
		softRange: m.softRange,
		style: m.style,
		hexRadius: m.hexRadius,
		theme: m.theme,
		parts: partsPassing(m.filter)
	});
	// Answered synchronously (no createImageBitmap await), so a cluster rebuild queued behind this
	// request cannot delay the image: the page wraps the pixels in an ImageData without a copy.
	const { hexes, peak } = image;
	const transfer = hexes ? [hexes.positions.buffer, hexes.count.buffer, hexes.rgba.buffer] : [];
	post(
		{
			type: 'density',
			seq: m.seq,
			frame: image.frame,
			rgba: image.rgba,
			records: image.records,
			passing: image.passing,
			cells: image.cells,
			hexes,
			peak,
			loaded: recordsLoaded(),
			ms: performance.now() - started,
			first: first !== undefined,
			pushed: first?.pushed ?? false
		},
		[image.rgba.buffer, ...transfer]
	);
}

export function recordsLoaded(): number {
	let n = 0;
	for (const p of parts.values()) n += p.length;
	return n;
}

/** Resolves after the messages already queued for this worker have been handled. */
export function yieldToMessages(): Promise<void> {
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}

/**
 * What changed among the records passing `f` but its dates (the windows are the dates): counted in
 * the hotspot grid (changes/compute.ts), the organisations named from the stream's dictionary.
 */
export function changes(seq: number, f: MapFilter, request: ChangesRequest): void {
	const started = performance.now();
	const result = computeChanges(
		partsPassing(f).map(({ columns, passes }) => ({ ...columns, passes })),
		request
	);
	const name = (field: DictionaryField, counts: [number, number][]) => counts.map(([code, n]) => [dictionaries[field][code] ?? '', n] as [string, number]);
	const named: NamedChanges = {
		...result,
		places: result.places.map((place) => ({
			...place,
			entities: name('entity', place.entities),
			countries: name('country', place.countries),
			areas: name('area', place.areas)
		}))
	};
	post({ type: 'changes', seq, result: named, ms: Math.round(performance.now() - started) });
}

/** Tracks drawn per organisation, the busiest first: more would be noise on the map. */
const TRACKS_PER_ENTITY = 8;

/** Each organisation's tracks over the records passing `f`, its dates included (src/lib/tracks). */
export function tracks(seq: number, f: MapFilter, entities: string[]): void {
	const started = performance.now();
	const passing = partsPassing(f);
	const out: EntityTracks[] = entities.map((entity) => {
		const code = dictionaries.entity.indexOf(entity);
		const built = buildTracks(
			passing.map(({ columns: p, passes }) => ({
				length: p.length,
				x: p.x,
				y: p.y,
				day: p.day,
				passes: (i: number) => p.entity[i] === code && passesDays(p.day[i], f) && passes(i)
			}))
		);
		return {
			entity,
			tracks: built
				.slice(0, TRACKS_PER_ENTITY)
				.map((t) => ({ records: t.records, points: t.points.map((p) => [p.lon, p.lat, p.week, p.records] as [number, number, number, number]) }))
		};
	});
	post({ type: 'tracks', seq, tracks: out, ms: Math.round(performance.now() - started) });
}
