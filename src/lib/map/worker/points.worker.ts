// The points worker: reads the explorer's record stream, keeps the columns it needs for
// clustering and facet counts, rebuilds the cluster index when the filter changes, and answers
// viewport queries. The main thread never decodes, loops over a million records, or clusters.
/// <reference lib="webworker" />
import type { RecordColumns } from '../../stream/decode';
import { HeldBatches } from './held-batches';
import { PartMap } from '../../stream/part-map';
import { loadStream } from './stream-load';
import { DATASET_CODES, COMPONENT_CODES, PART_IDS, type ControlMessage, type DictionaryField, type PartId } from '../../types/stream';
import { codeTable, EMPTY_FILTER, passesDays, passesNames, pinnedSets, type MapFilter } from '../filter';
import { mercatorX, mercatorY } from '../projection/mercator';
import { drawView } from './aggregate';
import { buildClusterIndex, CellBuilder, cellKeyOfMercator, type ClusterIndex } from './cluster-index';
import type { FromWorker, RecordRef, ToWorker } from './protocol';
import { formatAreas, mercatorAreaTest } from '../../geo/areas';
import { nameRanks, orderAll, type PartKeys, type PrimaryKey, type TableSort } from './table-order';
import { collectRows, type RowTest } from './table-rows';

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
const dictionaries: Record<DictionaryField, string[]> = { country: [], entity: [], area: [] };
let filter: MapFilter = EMPTY_FILTER;
let index: ClusterIndex | null = null;
let indexCellKeys: number[] = [];
let abort: AbortController | null = null;
let dayMin: number | null = null;
let dayMax: number | null = null;
/** The latest filter and density requests: what the page shows, for showFirstView. */
let filterSeq = 0;
let lastDensity: DensityRequest | null = null;

function post(message: FromWorker, transfer: Transferable[] = []): void {
	self.postMessage(message, transfer);
}

function partOf(id: PartId): Part {
	let p = parts.get(id);
	if (!p) {
		p = { id, isIcd: id.startsWith('icd/'), length: 0, x: new Float32Array(0), y: new Float32Array(0), day: new Int32Array(0), country: new Int16Array(0), entity: new Int16Array(0), area: new Int16Array(0), cell: new Float64Array(0) };
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

function append(p: Part, b: RecordColumns): void {
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

/** Rebuilds cells, the cluster index and facet counts for the current filter. */
function reindex(seq: number): void {
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
	indexCellKeys = cells.keys;
	const named = (dict: string[], counts: Uint32Array): [string, number][] =>
		// Equal counts by name: the dictionary's codes follow the order records arrived in.
		dict.map((name, code) => [name, counts[code + 1]] as [string, number]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
	post({
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
	}, [dayCounts.buffer]);
}

function clusters(seq: number, bbox: [number, number, number, number], zoom: number): void {
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
	post({ type: 'clusters', seq, zoom, lon, lat, count, icdShare, clusterId, records }, [lon.buffer, lat.buffer, count.buffer, icdShare.buffer, clusterId.buffer]);
}

/** -1 when the id belongs to an index that a newer filter has replaced. */
function expansionZoom(clusterId: number): number {
	try {
		return index ? index.getClusterExpansionZoom(clusterId) : -1;
	} catch {
		return -1;
	}
}

function leaves(seq: number, clusterId: number, limit: number): void {
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
	const keys: PartKeys[] = [...parts.values()].map((p) => ({ partNo: PART_IDS.indexOf(p.id), length: p.length, day: p.day, codes: field ? p[field] : undefined }));
	// PART_IDS: icd/video, icd/image, icdb/video, icdb/image; ICD before ICDB, video before image.
	const primary: PrimaryKey | undefined =
		sort.key === 'dataset' ? { size: 2, ofPart: (n) => n >> 1 } : sort.key === 'component' ? { size: 2, ofPart: (n) => n & 1 } : field ? nameRanks(dictionaries[field]) : undefined;
	const order = orderAll(keys, sort, dayMin ?? 0, dayMax ?? 0, primary);
	tableOrderCache = { key, order };
	return order;
}

/** The rest of the last rows request, done after the messages that were waiting (the map's image first). */
let rowsLeft: (() => void) | null = null;
function finishRows(): void {
	const rest = rowsLeft;
	rowsLeft = null;
	rest?.();
}

/**
 * The records table: every record passing the filter, the dates and the view box, in order. The
 * first rows are sent at once; the whole list follows once the requests that came with this one
 * (the density image) are answered.
 */
function rows(m: RowsRequest): void {
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

type DensityRequest = Extract<ToWorker, { type: 'density' }>;

function density(m: DensityRequest, first?: { pushed: boolean }): void {
	const started = performance.now();
	const countries = codeTable(dictionaries.country, m.filter.countries);
	const entities = codeTable(dictionaries.entity, m.filter.entities);
	const pinned = pinnedSets(m.filter.pinned);
	const inAreas = areaFlags(m.filter);
	const drawn = [...parts.values()].filter((p) => partEnabled(p, m.filter) && (!pinned || pinned.has(p.id)));
	const image = drawView({
		frame: m.frame,
		dayRange: m.dayRange,
		softRange: m.softRange,
		style: m.style,
		hexRadius: m.hexRadius,
		theme: m.theme,
		parts: drawn.map((p) => {
			const pin = pinned?.get(p.id);
			const area = inAreas?.get(p.id);
			return {
				columns: p,
				passes: countries || entities || pin || area ? (i: number) => (!pin || pin.has(i)) && (!area || area[i] === 1) && passesNames(p.country[i], p.entity[i], countries, entities) : () => true
			};
		})
	});
	// Answered synchronously (no createImageBitmap await), so a cluster rebuild queued behind this
	// request cannot delay the image: the page wraps the pixels in an ImageData without a copy.
	const { hexes, peak } = image;
	const transfer = hexes ? [hexes.positions.buffer, hexes.count.buffer, hexes.rgba.buffer] : [];
	post({ type: 'density', seq: m.seq, frame: image.frame, rgba: image.rgba, records: image.records, passing: image.passing, cells: image.cells, hexes, peak, loaded: recordsLoaded(), ms: performance.now() - started, first: first !== undefined, pushed: first?.pushed ?? false }, [image.rgba.buffer, ...transfer]);
}

/**
 * The first view: as soon as the worker has both records and the view the page shows, it draws
 * and counts them, unasked if need be (the image of the page's last request, then the index of
 * its filter). Asked by the page, each would be one more round trip behind the page's busy frames
 * while the map starts (~0.25 s each in software WebGL). Then the stream waits until the page has
 * drawn them (or FIRST_VIEW_WAIT_MS): decoding the rest, and the server walking it, took the CPU
 * that frame needed. Without a GPU the first frame of a million-record load took 1-3 s instead
 * of ~0.25 s; the pause costs the whole load a few tenths of a second.
 */
const FIRST_VIEW_WAIT_MS = 1500;
let firstView: 'waiting' | 'drawing' | 'drawn' = 'waiting';
/** While the first view is being drawn: what the stream waits for. */
let firstViewDrawn: Promise<void> | null = null;
let markFirstViewDrawn = (): void => {};

function recordsLoaded(): number {
	let n = 0;
	for (const p of parts.values()) n += p.length;
	return n;
}

/**
 * Draws the first view if it is due: `asked`, the page's request, or (unasked) its last one. Its
 * counts too, unless the stream has ended (the page asks for them then: done once, not twice).
 */
function showFirstView(asked: DensityRequest | null, ended = streamEnded): boolean {
	const request = asked ?? lastDensity;
	if (firstView !== 'waiting' || !request || recordsLoaded() === 0) return false;
	firstView = 'drawing';
	density(request, { pushed: asked === null });
	if (!ended) reindex(filterSeq);
	firstViewDrawn = new Promise<void>((resolve) => {
		const timer = setTimeout(() => markFirstViewDrawn(), FIRST_VIEW_WAIT_MS);
		markFirstViewDrawn = () => {
			clearTimeout(timer);
			firstView = 'drawn';
			firstViewDrawn = null;
			markFirstViewDrawn = () => {};
			resolve();
		};
	});
	return true;
}

/** Resolves after the messages already queued for this worker have been handled. */
function yieldToMessages(): Promise<void> {
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}

/** A load that adds to the page's copy of the stream: every batch held until its end (held-batches.ts). */
let held: HeldBatches | null = null;
/** The stream has ended: the page asks for the counts of everything itself. */
let streamEnded = false;

async function load(url: string, copy: string | null): Promise<void> {
	abort?.abort();
	abort = new AbortController();
	const signal = abort.signal;
	streamEnded = false;
	held = null;
	let lastYield = performance.now();
	await loadStream(url, copy, signal, {
		async pause() {
			if (firstViewDrawn) await firstViewDrawn;
			// While the stream has data buffered, each read resolves at once (a microtask) and the
			// loop would never let the page's requests in: a density image or cluster query asked
			// for at the start of a million-record stream waited seconds. Yield every ~20 ms.
			if (performance.now() - lastYield > 20) {
				await yieldToMessages();
				lastYield = performance.now();
			}
		},
		addingToCopy() {
			held = new HeldBatches();
		},
		handle(event, group) {
			if (event.type === 'control') {
				const message: ControlMessage = event.message;
				if (message.type === 'dict') {
					const dict = dictionaries[message.field];
					for (let i = 0; i < message.values.length; i++) dict[message.start + i] = message.values[i];
				}
				if (held && (message.type === 'progress' || message.type === 'part-done')) return held.note(message);
				if (held && message.type === 'done') releaseHeld();
				post({ type: 'control', message });
				if (message.type === 'done') {
					streamEnded = true;
					// A stream whose first view was not shown yet (its records were held): shown now, of everything.
					showFirstView(null);
				}
				return;
			}
			const batch = event.batch;
			const part = `${DATASET_CODES[batch.dataset]}/${COMPONENT_CODES[batch.component]}` as PartId;
			if (held) return held.add(part, batch, group);
			append(partOf(part), batch);
			postBatch(part, batch);
			showFirstView(null);
		},
		failed: (message) => post({ type: 'stream-failed', message }),
		fresh: (freshness) => post({ type: 'freshness', freshness })
	});
}

/** The held records, part by part in manifest order, to the worker's columns and the page. */
function releaseHeld(): void {
	const { parts: released, messages } = held!.release();
	held = null;
	for (const [part, columns] of released) {
		append(partOf(part), columns);
		postBatch(part, columns);
	}
	for (const message of messages) post({ type: 'control', message });
}

/**
 * Compact copies are moved to the main thread: the decoded columns may be views into a larger
 * buffer that must not be detached or cloned whole.
 */
function postBatch(part: PartId, batch: RecordColumns): void {
	const copied = compact(batch);
	post({ type: 'batch', part, batch: copied }, transferables(copied));
}

function compact(b: RecordColumns): RecordColumns {
	const n = b.length;
	return {
		length: n,
		lon: b.lon.slice(0, n),
		lat: b.lat.slice(0, n),
		day: b.day.slice(0, n),
		country: b.country.slice(0, n),
		entity: b.entity.slice(0, n),
		area: b.area.slice(0, n),
		id: b.id.slice(0, n),
		uuids: b.uuids,
		dataset: b.dataset,
		component: b.component
	};
}

function transferables(b: RecordColumns): Transferable[] {
	return [b.lon, b.lat, b.day, b.country, b.entity, b.area, b.id].map((a) => a.buffer as ArrayBuffer);
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
	const m = event.data;
	// A newer rows request replaces the rest of the last one; the map's image goes before it; anything else after it.
	if (m.type === 'rows') rowsLeft = null;
	else if (m.type !== 'density') finishRows();
	switch (m.type) {
		case 'load':
			void load(m.url, m.copy);
			break;
		case 'cancel':
			abort?.abort();
			markFirstViewDrawn();
			break;
		case 'first-drawn':
			markFirstViewDrawn();
			break;
		case 'filter':
			filter = m.filter;
			filterSeq = m.seq;
			reindex(m.seq);
			break;
		case 'clusters':
			clusters(m.seq, m.bbox, m.zoom);
			break;
		case 'density':
			lastDensity = m;
			if (!showFirstView(m)) density(m);
			break;
		case 'expand':
			post({ type: 'expanded', seq: m.seq, zoom: expansionZoom(m.clusterId) });
			break;
		case 'leaves':
			leaves(m.seq, m.clusterId, m.limit);
			break;
		case 'rows':
			rows(m);
			break;
	}
};
