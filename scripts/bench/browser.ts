// Browser benchmark: the explorer (/) beside its naive baseline (/bench/naive, from the bench's own
// build on a server of its own: scripts/bench/server.ts) in headless Chromium
// (software WebGL: --disable-gpu), a fresh page per run, medians over runs. Measured per page:
//  - time to first points drawn and to all points drawn, from navigation (performance.now() in
//    the page, whose origin is the navigation start). An init script checks every animation
//    frame what deck.gl holds (the layers its layer manager holds: the explorer's handle says,
//    the naive page's are read in installDrawProbe) and marks the frame
//    after the first map 'render' event once the condition holds (the 'render' event comes when
//    the GL commands are issued; the next frame, when the GPU, here software, has done them):
//      first: some "points-*" layer holds records, or (explorer) its clusters layer or density
//             image does, or its first image is on the 2D canvas that stands in for deck.gl's
//             first frame (src/lib/map/first-paint/first-paint.ts; then the mark is the second animation
//             frame after it was seen, i.e. after the frame that showed it), and data-total > 0;
//      all:   the stream is done and the "points-*" layers (explorer zoomed out: the density
//             image) hold every record (explorer: also data-total = data-visible = the records
//             loaded, i.e. the index covers all of them);
//  - heap per record: after gc(), minus the same page loaded with its stream refused;
//  - filter-change latency (a country): main-thread work of the change, until the next frame is
//    painted with the new count, until the map has drawn the new clusters;
//  - the time to rebuild the cluster index over all records (explorer: in its worker);
//  - frame rate while the date range changes every animation frame for a few seconds;
//  - (explorer) the analyst's tools: the records table's first rows after a filter change, its
//    scrolling (frame rate, main-thread work per frame), and a 50-vertex drawn area (the worker's
//    cost, the main-thread work of applying it, until its count is painted).
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { NaiveHooks } from './routes/bench/naive/naive-explorer';
import type { LoadMarks } from '../../tests/helpers/page-globals';

export type { LoadMarks };
import type { LayerSummary } from '../../tests/helpers/page-handle';
import { launchChromium } from '../lib/chromium';
import { compare, failed, isFailure, timedOutBefore, type ComparisonRow, type Failure, type Sample } from './naive-compare';
import { round } from './stats';

// performance.memory without its coarse bucketing, and gc() for a settled heap.
const MEASURING_ARGS = ['--enable-precise-memory-info', '--js-flags=--expose-gc'];
const VIEWPORT = { width: 1280, height: 720 };
const PLAYBACK_SECONDS = 3;
/** Days per frame the date window moves during playback, and its width. */
const PLAYBACK_STEP_DAYS = 7;
const PLAYBACK_WINDOW_DAYS = 365;

type Kind = 'explorer' | 'naive';
const PAGES: Record<Kind, { path: string; stream: RegExp }> = {
	explorer: { path: '/', stream: /\/api\/stream/ },
	naive: { path: '/bench/naive', stream: /\/bench\/naive-stream/ }
};

// ---------------------------------------------------------------------------------------------
// In the page. These functions are serialized by Playwright: they must not use anything from
// this module's scope. (tsx compiles with keepNames, whose __name helper the init script stubs.)


/**
 * Installed before the page's own scripts: marks first/all points drawn (see the header); and
 * window.__benchLayers, the layers deck.gl holds in either page, for the timings below.
 */
export function installDrawProbe(): void {
	const marks: LoadMarks = { firstDraw: null, allShown: null, allDrawn: null, longestTaskMs: 0 };
	window.__benchMarks = marks;
	// The longest main-thread task until all points are drawn: how long the page froze while loading.
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) if (marks.allDrawn === null || e.startTime < marks.allDrawn) marks.longestTaskMs = Math.max(marks.longestTaskMs, e.duration);
	}).observe({ type: 'longtask', buffered: true });
	// Both pages say which layers deck.gl holds: the explorer through its handle (ExplorerHandle.layers),
	// the naive baseline (scripts/bench/routes/bench/naive) through its hooks, summarised alike here.
	const sources = new WeakMap<object, number>();
	let sourcesSeen = 0;
	const sourceOf = (value: unknown) => {
		if (typeof value !== 'object' || value === null) return 0;
		if (!sources.has(value)) sources.set(value, ++sourcesSeen);
		return sources.get(value)!;
	};
	const naiveLayers = (naive: NaiveHooks): LayerSummary[] =>
		naive.deckLayers().map((l) => {
			const props = l.props as { visible?: boolean; data?: { length?: number }; updateTriggers?: { getPosition?: unknown }; image?: unknown };
			return { id: l.id, visible: props.visible !== false, length: props.data?.length ?? 0, source: sourceOf(props.updateTriggers?.getPosition ?? props.image ?? props.data) };
		});
	window.__benchLayers = () => (window.__explorer ? window.__explorer.layers() : window.__naive ? naiveLayers(window.__naive) : []);
	const drawnPoints = (layers: LayerSummary[]): number => layers.filter((l) => l.id.startsWith('points-') && l.visible).reduce((n, l) => n + l.length, 0);
	// The explorer's records once its stream has ended (the progress line says so), else -1.
	const loadedRecords = (): number => {
		const loaded = /([\d,]+) mappable records loaded/.exec(document.querySelector('[data-testid="progress"]')?.textContent ?? '');
		return loaded ? Number(loaded[1].replace(/,/g, '')) : -1;
	};
	const state = (): { map: MaplibreMap | null; first: boolean; painted: boolean; paintedAll: boolean; all: boolean } | null => {
		// The explorer paints its first image on a 2D canvas (first-paint.ts) before MapLibre and
		// deck.gl have loaded (engine.ts) and drawn: the points are on screen, the map not yet. Its
		// image of the ended stream holds every record.
		const paintedEarly = Number(document.querySelector('[data-testid="first-paint"]')?.getAttribute('data-records') ?? 0);
		const paintedAll = paintedEarly > 0 && paintedEarly === loadedRecords();
		const explorer = window.__explorer;
		if (!explorer?.map && paintedEarly > 0) return { map: null, first: true, painted: true, paintedAll, all: false };
		if (explorer?.map) {
			const count = document.querySelector('[data-testid="visible-count"]');
			const total = Number(count?.getAttribute('data-total') ?? 0);
			const visible = Number(count?.getAttribute('data-visible') ?? 0);
			const records = loadedRecords();
			// Zoomed out the explorer draws its records as one density image (layers.ts), counted from
			// every loaded record passing the filter (those in view drawn): it says how many.
			const layers = explorer.layers();
			const drawn = Math.max(drawnPoints(layers), layers.find((l) => l.id === 'density')?.passing ?? 0);
			const clustered = layers.some((l) => l.id === 'clusters' && l.length > 0);
			// Before deck.gl has drawn anything, the first image may be on its 2D canvas (paintedEarly).
			return { map: explorer.map, first: total > 0 && (drawn > 0 || clustered || paintedEarly > 0), painted: paintedEarly > 0 && drawn === 0 && !clustered, paintedAll, all: records > 0 && total === records && visible === total && drawn === records };
		}
		const naive = window.__naive;
		if (naive?.map) {
			const drawn = drawnPoints(naiveLayers(naive));
			return { map: naive.map, first: drawn > 0, painted: false, paintedAll: false, all: naive.done && naive.received > 0 && drawn === naive.received };
		}
		return null;
	};
	let awaitingRender = false;
	const tick = () => {
		const s = awaitingRender ? null : state();
		if (s && ((marks.firstDraw === null && s.first) || (marks.allShown === null && s.paintedAll) || s.all)) {
			awaitingRender = true;
			const { first, all, paintedAll } = s;
			const mark = (now: number) => {
				if (marks.firstDraw === null && (first || all)) marks.firstDraw = now;
				if (marks.allShown === null && (paintedAll || all)) marks.allShown = now;
				if (all) marks.allDrawn = now;
				awaitingRender = false;
			};
			if (s.painted && !all) {
				// A 2D canvas paint is on screen in the frame after it was drawn: the frame after that
				// one begins once it has been committed. (A map repaint now would only delay it.)
				requestAnimationFrame(() => requestAnimationFrame(mark));
			} else {
				// The frame after the map's render: its GL commands have been executed by then.
				s.map!.once('render', () => requestAnimationFrame(mark));
				s.map!.triggerRepaint();
			}
		}
		if (marks.allDrawn === null) requestAnimationFrame(tick);
	};
	requestAnimationFrame(tick);
}

interface FilterTiming {
	/** Main-thread work of the change (explorer: the click handler and Svelte's flush). */
	workMs: number;
	/** Until the next frame was painted with the new count. */
	countPaintedMs: number;
	/** Until the map rendered the new clusters. */
	clustersDrawnMs: number;
	/** Until the map rendered the filtered records themselves (explorer: the new density image;
	 * naive: its points and clusters change together, so the same as clustersDrawnMs). */
	recordsDrawnMs: number;
}

/** One country filter change (null: back to all countries), timed in the page. */
async function changeCountry(args: { kind: Kind; country: string | null; timeoutMs: number }): Promise<FilterTiming> {
	const map = args.kind === 'explorer' ? window.__explorer!.map : window.__naive!.map;
	const layers = window.__benchLayers!;
	// The explorer's cluster layer gets a new `data` object on every redraw; its updateTriggers
	// hold the cluster set itself, which changes only when new clusters arrive (LayerSummary.source).
	const clusterSet = () => layers().find((l) => l.id === 'clusters')?.source;
	const deadline = performance.now() + args.timeoutMs;
	const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
	const afterPaint = () =>
		new Promise<number>((resolve) =>
			requestAnimationFrame(() => {
				const channel = new MessageChannel();
				channel.port1.onmessage = () => resolve(performance.now());
				channel.port2.postMessage(0);
			})
		);
	const before = clusterSet();
	const densityImage = () => layers().find((l) => l.id === 'density')?.source;
	const imageBefore = densityImage();
	let imageDrawnAt: Promise<number> | null = null;
	if (args.kind === 'explorer') {
		imageDrawnAt = (async () => {
			while (densityImage() === imageBefore) {
				if (performance.now() > deadline) throw new Error('the density image was not redrawn');
				await frame();
			}
			return new Promise<number>((resolve) => {
				map.once('render', () => requestAnimationFrame(resolve));
				map.triggerRepaint();
			});
		})();
	}
	let workMs: number;
	let countPaintedAt: number;
	const started = performance.now();
	if (args.kind === 'explorer') {
		const count = document.querySelector('[data-testid="visible-count"]')!;
		const visibleBefore = count.getAttribute('data-visible');
		const counted = new Promise<void>((resolve) => {
			const observer = new MutationObserver(() => {
				if (count.getAttribute('data-visible') === visibleBefore) return;
				observer.disconnect();
				resolve();
			});
			observer.observe(count, { attributes: true });
		});
		const wanted = args.country ?? window.__benchCountry!;
		const label = [...document.querySelectorAll('[data-testid="country-list"] label')].find((l) => l.querySelector('.name')?.textContent === wanted);
		const input = label?.querySelector('input');
		if (!input) throw new Error(`no country checkbox for ${wanted}`);
		if (args.country !== null) window.__benchCountry = args.country;
		input.click();
		// Svelte 5 flushes state changes in a microtask queued by the handler: include it.
		await new Promise<void>((resolve) => queueMicrotask(resolve));
		workMs = performance.now() - started;
		await Promise.race([counted, new Promise((_, reject) => setTimeout(() => reject(new Error('count did not change')), args.timeoutMs))]);
		countPaintedAt = await afterPaint();
	} else {
		workMs = window.__naive!.filterByCountry(args.country);
		countPaintedAt = await afterPaint();
	}
	while (clusterSet() === before) {
		if (performance.now() > deadline) throw new Error('the clusters were not redrawn');
		await frame();
	}
	const drawnAt = await new Promise<number>((resolve) => {
		map.once('render', () => requestAnimationFrame(resolve));
		map.triggerRepaint();
	});
	const recordsDrawnAt = imageDrawnAt ? await imageDrawnAt : drawnAt;
	return { workMs, countPaintedMs: countPaintedAt - started, clustersDrawnMs: drawnAt - started, recordsDrawnMs: recordsDrawnAt - started };
}

interface FrameStats {
	fps: number;
	longestFrameMs: number;
	frames: number;
}

interface PlaybackStats extends FrameStats {
	/** Main-thread JavaScript during the playback (CDP ScriptDuration). */
	scriptSeconds: number;
}

/** Counts animation frames for `seconds` while `changeDates` (if any) moves a date window each frame. */
async function countFrames(args: { kind: Kind; seconds: number; playback: { fromDay: number; toDay: number; stepDays: number; windowDays: number } | null }): Promise<FrameStats> {
	const explorer = args.kind === 'explorer' ? window.__explorer! : null;
	const hooks = explorer ?? window.__naive!;
	const p = args.playback;
	return new Promise((resolve) => {
		const started = performance.now();
		let last = started;
		let frames = 0;
		let longest = 0;
		let day = p ? p.fromDay : 0;
		// The explorer plays with its own player (GPU filter range only, per frame); the naive page
		// has no player, so its date window is moved here each frame.
		const ownPlayer = p && args.kind === 'explorer';
		if (ownPlayer) explorer!.play({ mode: 'window', widthDays: p.windowDays, speed: p.stepDays * 60, loop: true });
		const tick = (now: number) => {
			frames++;
			longest = Math.max(longest, now - last);
			last = now;
			if (now - started >= args.seconds * 1000) {
				if (ownPlayer) explorer!.pause();
				if (p) hooks.setDateRange(null, null);
				resolve({ fps: (frames * 1000) / (now - started), longestFrameMs: longest, frames });
				return;
			}
			if (p && !ownPlayer) {
				day = day + p.stepDays + p.windowDays > p.toDay ? p.fromDay : day + p.stepDays;
				hooks.setDateRange(day, day + p.windowDays);
			}
			requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	});
}

/**
 * Switches the explorer's view (hexbin or heatmap) and times it until the new view is drawn: the
 * worker's bins of every record in view (hexagon counts summing to them) or its heatmap, then the
 * map's frame with them.
 */
async function switchView(args: { view: 'hexbin' | 'heatmap' | 'clusters'; timeoutMs: number }): Promise<number> {
	const e = window.__explorer!;
	const deadline = performance.now() + args.timeoutMs;
	const started = performance.now();
	e.setView(args.view);
	const drawn = () => {
		const a = e.aggregate();
		if (args.view === 'clusters') return a === null || e.settled();
		return a !== null && (args.view === 'hexbin' ? a.hexagons > 0 && a.sum === a.records : (a.peak ?? 0) > 0);
	};
	while (!drawn()) {
		if (performance.now() > deadline) throw new Error(`the ${args.view} view was not drawn`);
		await new Promise((r) => setTimeout(r, 0));
	}
	await new Promise<void>((resolve) => {
		e.map.once('render', () => requestAnimationFrame(() => resolve()));
		e.map.triggerRepaint();
	});
	return performance.now() - started;
}

interface TableTimings {
	/** From the country click until the table's new rows are painted (select, then clear). */
	firstRowsMs: number[];
	/** The worker's ordering of the rows, last time. */
	orderMs: number;
}

/** Opens the records table, then times two filter changes until its first rows are on screen. */
async function tableFirstRows(args: { country: string; timeoutMs: number }): Promise<TableTimings> {
	const explorer = window.__explorer!;
	const deadline = performance.now() + args.timeoutMs;
	const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
	const afterPaint = () =>
		new Promise<number>((resolve) =>
			requestAnimationFrame(() => {
				const channel = new MessageChannel();
				channel.port1.onmessage = () => resolve(performance.now());
				channel.port2.postMessage(0);
			})
		);
	const counter = () => document.querySelector('[data-testid="table-count"]');
	// A new list (not the rest of the one shown) changes data-list as its first rows arrive; the
	// count alone would not change when the first rows of both lists are the same 100.
	const list = () => counter()?.getAttribute('data-list') ?? null;
	const listed = () => Number(counter()?.getAttribute('data-count')) > 0 && counter()?.getAttribute('data-complete') === 'true';
	if (!document.querySelector('[data-testid="records-table"]')) (document.querySelector('[data-testid="table-open"]') as HTMLButtonElement).click();
	const firstRowsMs: number[] = [];
	for (const country of [args.country, null]) {
		// Each change starts from a finished list and a settled map, as an analyst's next click would.
		while (!listed() || !explorer.settled()) {
			if (performance.now() > deadline) throw new Error('the table did not fill');
			await frame();
		}
		// ... and a map whose last frame is on screen, the click coming as an input task between
		// frames, as an analyst's does. settled() holds once the new clusters have arrived, when their
		// frame (200-600 ms of software WebGL) is still to be drawn; a click from inside that
		// animation frame (where the loop above resumes) timed the previous change's frame, not this
		// one's rows. MapLibre's 'idle' comes at the end of its last render, inside the frame; the
		// second animation frame after it begins once that frame has been presented.
		await new Promise<void>((resolve) => {
			explorer.map.once('idle', () => resolve());
			explorer.map.triggerRepaint();
		});
		await frame();
		await frame();
		await new Promise((r) => setTimeout(r, 0));
		const before = list();
		const wanted = country ?? window.__benchTableCountry!;
		const label = [...document.querySelectorAll('[data-testid="country-list"] label')].find((l) => l.querySelector('.name')?.textContent === wanted);
		const input = label?.querySelector('input');
		if (!input) throw new Error(`no country checkbox for ${wanted}`);
		if (country !== null) window.__benchTableCountry = country;
		const started = performance.now();
		input.click();
		while (list() === before) {
			if (performance.now() > deadline) throw new Error('the table did not change');
			await new Promise((r) => setTimeout(r, 0));
		}
		firstRowsMs.push((await afterPaint()) - started);
	}
	return { firstRowsMs, orderMs: explorer.lastRowsMs() };
}

/** Scrolls the table by `stepPx` every animation frame for `seconds`; frame statistics. */
async function scrollTable(args: { seconds: number; stepPx: number }): Promise<FrameStats> {
	const grid = document.querySelector('[data-testid="table-grid"]') as HTMLElement;
	return new Promise((resolve) => {
		const started = performance.now();
		let last = started;
		let frames = 0;
		let longest = 0;
		const tick = (now: number) => {
			frames++;
			longest = Math.max(longest, now - last);
			last = now;
			if (now - started >= args.seconds * 1000) return resolve({ fps: (frames * 1000) / (now - started), longestFrameMs: longest, frames });
			grid.scrollTop = grid.scrollTop + args.stepPx >= grid.scrollHeight - grid.clientHeight ? 0 : grid.scrollTop + args.stepPx;
			requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	});
}

interface AreaTimings {
	/** Main-thread work of applying the area (the handler and Svelte's flush). */
	workMs: number;
	/** Until the new count is painted. */
	countPaintedMs: number;
	/** The worker's test of every record against the area. */
	workerMs: number;
	inside: number;
}

/** Applies a drawn area (a 50-vertex polygon) and times it; then removes it. */
async function applyArea(args: { ring: [number, number][]; timeoutMs: number }): Promise<AreaTimings> {
	const explorer = window.__explorer!;
	const countEl = document.querySelector('[data-testid="visible-count"]')!;
	const before = countEl.getAttribute('data-visible');
	const counted = new Promise<void>((resolve) => {
		const observer = new MutationObserver(() => {
			if (countEl.getAttribute('data-visible') === before) return;
			observer.disconnect();
			resolve();
		});
		observer.observe(countEl, { attributes: true });
	});
	const started = performance.now();
	explorer.setAreas([{ kind: 'polygon', name: 'Bench area', ring: args.ring }]);
	await new Promise<void>((resolve) => queueMicrotask(resolve));
	const workMs = performance.now() - started;
	await Promise.race([counted, new Promise((_, reject) => setTimeout(() => reject(new Error('the count did not change')), args.timeoutMs))]);
	const painted = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
	const deadline = performance.now() + args.timeoutMs;
	while (!explorer.settled() || explorer.lastAreaMs() === 0) {
		if (performance.now() > deadline) throw new Error('the area was not indexed');
		await new Promise((r) => setTimeout(r, 20));
	}
	const result = { workMs, countPaintedMs: painted - started, workerMs: explorer.lastAreaMs(), inside: Number(countEl.getAttribute('data-visible')) };
	explorer.setAreas([]);
	return result;
}

interface ChangesTimings {
	/** The points worker's computation; the page taking the reply in (naming its places); request to reply; until the outlines were drawn. */
	workerMs: number;
	pageMs: number;
	roundTripMs: number;
	drawnMs: number;
	places: number;
	tested: number;
}

/** "What changed" opened over every record loaded (the last 7 days against 8 weeks), timed in the page, then closed. */
async function openChanges(args: { timeoutMs: number }): Promise<ChangesTimings> {
	const explorer = window.__explorer!;
	if (!explorer.showChanges) throw new Error('not in this build');
	// After the steps before (the table's ordering, the filters cleared), the worker may still be
	// busy: the request would wait its turn, which is not what this measures.
	const settleBy = performance.now() + args.timeoutMs;
	while (!explorer.settled() && performance.now() < settleBy) await new Promise((r) => setTimeout(r, 50));
	const started = performance.now();
	explorer.showChanges(true);
	const deadline = started + args.timeoutMs;
	let c = explorer.changes();
	while (c.busy || (c.ms === null && !c.problem)) {
		if (performance.now() > deadline) throw new Error('no result');
		await new Promise((r) => setTimeout(r, 10));
		c = explorer.changes();
	}
	if (c.problem) throw new Error(c.problem);
	while (c.places.length > 0 && !explorer.layers().some((l) => l.id === 'changes')) {
		if (performance.now() > deadline) throw new Error('the outlines were not drawn');
		await new Promise((r) => requestAnimationFrame(r));
	}
	const drawnMs = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0)));
	explorer.showChanges(false);
	return { workerMs: c.ms!, pageMs: c.pageMs!, roundTripMs: c.roundTripMs!, drawnMs, places: c.places.length, tested: c.tested ?? 0 };
}

/** A 50-vertex polygon: a circle of `radius` degrees around a point, as an analyst might draw a region. */
function benchPolygon(lon: number, lat: number, radius: number, vertices = 50): [number, number][] {
	return Array.from({ length: vertices }, (_, i) => {
		const a = (2 * Math.PI * i) / vertices;
		return [lon + radius * Math.cos(a) * (1 + 0.15 * Math.sin(5 * a)), lat + radius * Math.sin(a)] as [number, number];
	});
}

// ---------------------------------------------------------------------------------------------
// In Node.

class TimeoutError extends Error {}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout>;
	const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError(`${what}: > ${round(ms / 1000, 0)} s (timed out)`)), ms)));
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface HeapReading {
	/** performance.memory.usedJSHeapSize of the page after gc(). */
	pageJs: number;
	/** CDP Runtime.getHeapUsage of the page: V8 heap used, and ArrayBuffer backing stores (where typed arrays live). */
	pageUsed: number;
	pageBuffers: number;
	/** The same for the explorer's points worker; null on the naive page (it has none). */
	workerUsed: number | null;
	workerBuffers: number | null;
}

/** Talks to the points worker over CDP (Target.sendMessageToTarget: Playwright's worker has no CDP session). */
async function workerHeap(browserSession: CDPSession): Promise<{ usedSize: number; backingStorageSize: number } | null> {
	const { targetInfos } = await browserSession.send('Target.getTargets');
	const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes('points.worker'));
	if (!target) return null;
	const { sessionId } = await browserSession.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
	let nextId = 0;
	const waiting = new Map<number, (result: unknown) => void>();
	const onMessage = (e: { sessionId?: string; message: string }) => {
		if (e.sessionId !== sessionId) return;
		const m = JSON.parse(e.message) as { id?: number; result?: unknown };
		if (m.id !== undefined) waiting.get(m.id)?.(m.result);
	};
	browserSession.on('Target.receivedMessageFromTarget', onMessage);
	const send = <T>(method: string) =>
		new Promise<T>((resolve) => {
			const id = ++nextId;
			waiting.set(id, resolve as (result: unknown) => void);
			void browserSession.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params: {} }) });
		});
	try {
		await send('HeapProfiler.collectGarbage');
		return await send<{ usedSize: number; backingStorageSize: number }>('Runtime.getHeapUsage');
	} finally {
		browserSession.off('Target.receivedMessageFromTarget', onMessage);
		await browserSession.send('Target.detachFromTarget', { sessionId }).catch(() => {});
	}
}

async function readHeap(page: Page, session: CDPSession, browserSession: CDPSession, kind: Kind): Promise<HeapReading> {
	const pageJs = await page.evaluate(() => {
		window.gc!();
		window.gc!();
		return performance.memory!.usedJSHeapSize;
	});
	await session.send('HeapProfiler.collectGarbage');
	const usage = await session.send('Runtime.getHeapUsage');
	const worker = kind === 'explorer' ? await workerHeap(browserSession) : null;
	return { pageJs, pageUsed: usage.usedSize, pageBuffers: usage.backingStorageSize, workerUsed: worker?.usedSize ?? null, workerBuffers: worker?.backingStorageSize ?? null };
}

interface PageRun {
	firstDrawMs: Sample;
	allDrawnMs: Sample;
	/** Main-thread JavaScript from navigation until all points were drawn, and its longest task. */
	loadScriptSeconds: Sample;
	longestLoadTaskMs: Sample;
	records: number;
	heap: HeapReading | null;
	filter: FilterTiming[] | Failure;
	reindexMs: Sample;
	playback: PlaybackStats | Failure;
	idle: FrameStats | Failure;
	/** Explorer only: the records table and a drawn area. */
	table: (TableTimings & { scroll: FrameStats & { scriptMsPerFrame: number; taskMsPerFrame: number } }) | Failure;
	area: AreaTimings | Failure;
	/** Explorer only: switching to the hexbin and heatmap views, and playback in the hexbin view. */
	views: { hexbinMs: number; heatmapMs: number; hexbinPlayback: PlaybackStats } | Failure;
	/** Explorer only: "What changed" over every record, with the main thread's JavaScript meanwhile. */
	changes: (ChangesTimings & { scriptMs: number }) | Failure;
}

export interface BrowserBench {
	runs: number;
	records: { explorer: number | null; baseline: number | null };
	/**
	 * With --baseline: this build's explorer beside an earlier build's (its server entry), loaded in
	 * turn with it in every round, in the same browser: the loading rows, earlier/this as the ratio.
	 */
	againstBaseline?: ComparisonRow[];
	/** Raw heap readings in bytes: with the stream refused, and after each run's records. */
	heap: { empty: Record<Kind, HeapReading | null>; loaded: Record<Kind, (HeapReading | null)[]> };
	rows: ComparisonRow[];
	notes: string[];
}

class BrowserSession {
	private browser: Browser | null = null;
	/** Shared by both pages: the explorer's facets tell which countries to filter by. */
	countries: string[] = [];
	dayRange: { fromDay: number; toDay: number } | null = null;
	/** Pages loaded once (discarded) in the current browser (by target): a relaunched browser has none. */
	readonly warmedUp = new Set<Target>();
	/** Pages whose warm-up load did not finish: loading them again would not warm anything more. */
	readonly unwarmable = new Set<Target>();

	async ensure(): Promise<Browser> {
		if (!this.browser?.isConnected()) this.browser = await launchChromium(MEASURING_ARGS);
		return this.browser;
	}

	/** Closes a context; a renderer too busy to close it takes the browser down with it. */
	async dispose(context: BrowserContext): Promise<void> {
		try {
			await within(context.close(), 30_000, 'closing the page');
		} catch {
			await this.close();
		}
	}

	async close(): Promise<void> {
		const b = this.browser;
		this.browser = null;
		this.warmedUp.clear();
		await b?.close().catch(() => {});
	}

	async open(): Promise<{ context: BrowserContext; page: Page; crashed: Promise<never> }> {
		const context = await (await this.ensure()).newContext({ viewport: VIEWPORT });
		// tsx compiles with esbuild's keepNames: serialized functions call __name().
		await context.addInitScript('globalThis.__name = (f) => f;');
		const page = await context.newPage();
		const crashed = new Promise<never>((_, reject) => page.once('crash', () => reject(new Error('the page crashed (out of memory?)'))));
		crashed.catch(() => {});
		return { context, page, crashed };
	}

	/** The page with its record stream refused: the heap of the app with no records. */
	async emptyHeap(baseUrl: string, kind: Kind, timeoutMs: number, log: (s: string) => void): Promise<HeapReading | null> {
		const { context, page } = await this.open();
		try {
			await context.route(PAGES[kind].stream, (route) => route.abort());
			await within(page.goto(baseUrl + PAGES[kind].path), timeoutMs, 'navigation');
			await page.waitForFunction((k) => (k === 'explorer' ? window.__explorer?.map : window.__naive?.map)?.loaded(), kind, { timeout: timeoutMs, polling: 100 });
			await sleep(1500);
			const records = await page.evaluate((k) => (k === 'naive' ? window.__naive!.received : Number(document.querySelector('[data-testid="visible-count"]')?.getAttribute('data-total'))), kind);
			if (records !== 0) throw new Error(`the refused stream still brought ${records} records`);
			const session = await context.newCDPSession(page);
			return await within(readHeap(page, session, await (await this.ensure()).newBrowserCDPSession(), kind), timeoutMs, 'heap');
		} catch (error) {
			log(`    ${kind} with no records: ${(error as Error).message}`);
			return null;
		} finally {
			await this.dispose(context);
		}
	}

	/**
	 * A discarded load, until every record is drawn. Software WebGL compiles shaders slowly (the
	 * explorer has more layer types, so more programs) and the GPU process caches them across
	 * pages: without this the first measured run of each page would pay for compiling them.
	 */
	async warmUp(baseUrl: string, kind: Kind, timeoutMs: number, target: Target = kind): Promise<void> {
		const { context, page } = await this.open();
		try {
			await page.addInitScript(installDrawProbe);
			await within(page.goto(baseUrl + PAGES[kind].path), timeoutMs, 'navigation');
			// Until every record is drawn: a page closed while still loading leaves the GPU process
			// drawing its last frame, which the next page would pay for.
			await page.waitForFunction(() => window.__benchMarks?.allDrawn != null, null, { timeout: Math.min(timeoutMs, 60_000), polling: 200 });
			await sleep(1000);
			await this.dispose(context);
			if (this.browser) this.warmedUp.add(target);
		} catch {
			// Only a warm-up: a slow page is measured (and reported) by the runs themselves. Its last
			// frame would keep the GPU process busy for seconds (see the runs below): a new browser.
			await this.dispose(context);
			await this.close();
			this.unwarmable.add(target);
		}
	}

	async run(baseUrl: string, kind: Kind, timeoutMs: number, log: (s: string) => void): Promise<PageRun> {
		const notReached = (why: string) => failed(`not reached (${why})`);
		const notYet = failed('not reached');
		const result: PageRun = { firstDrawMs: notYet, allDrawnMs: notYet, loadScriptSeconds: notYet, longestLoadTaskMs: notYet, records: 0, heap: null, filter: notYet, reindexMs: notYet, playback: notYet, idle: notYet, table: notYet, area: notYet, views: notYet, changes: notYet };
		const { context, page, crashed } = await this.open();
		await page.addInitScript(installDrawProbe);
		const cdp = await context.newCDPSession(page);
		await cdp.send('Performance.enable');
		const guard = <T>(p: Promise<T>, ms: number, what: string) => within(Promise.race([p, crashed]), ms, what);
		// Every read waits for the page's main thread, which a frame of software rendering or the
		// naive page's parsing can hold for seconds: reads get the run's whole time limit.
		const marks = () =>
			guard(
				page.evaluate(() => {
					const naive = window.__naive;
					const progress = naive ? `${naive.received.toLocaleString('en')} of ${naive.total.toLocaleString('en')} records received` : document.querySelector('[data-testid="progress"]')?.textContent?.trim();
					return { ...window.__benchMarks!, progress };
				}),
				timeoutMs,
				'reading marks'
			);
		try {
			await guard(page.goto(baseUrl + PAGES[kind].path), timeoutMs, 'navigation');
			let loaded: LoadMarks & { records: number };
			try {
				const done = page.waitForFunction(
					(k) => {
						const m = window.__benchMarks;
						if (m?.allDrawn == null) return null;
						const records = k === 'naive' ? window.__naive!.received : Number(document.querySelector('[data-testid="visible-count"]')!.getAttribute('data-total'));
						return { ...m, records };
					},
					kind,
					{ timeout: 0, polling: 200 }
				);
				loaded = (await guard(done.then((handle) => handle.jsonValue()), timeoutMs, 'all points'))!;
			} catch (error) {
				const m = await marks().catch(() => null);
				const why = (error as Error).message.includes('timed out') ? `> ${timeoutMs / 1000} s (timed out)` : (error as Error).message;
				log(`    ${kind}: ${why}${m?.progress ? `; by then: ${m.progress}` : ''}`);
				result.firstDrawMs = m?.firstDraw ?? failed(why);
				result.allDrawnMs = failed(why);
				// Only a lower bound: the page was still loading.
				result.longestLoadTaskMs = m ? failed(`≥ ${Math.round(m.longestTaskMs).toLocaleString('en')} ms (loading unfinished)`) : failed(why);
				for (const k of ['loadScriptSeconds', 'filter', 'reindexMs', 'playback', 'idle', 'table', 'area', 'views', 'changes'] as const) result[k] = notReached('loading did not finish');
				return result;
			}
			result.loadScriptSeconds = await guard(scriptSeconds(cdp), timeoutMs, 'metrics');
			result.firstDrawMs = loaded.firstDraw!;
			result.allDrawnMs = loaded.allDrawn!;
			result.longestLoadTaskMs = loaded.longestTaskMs;
			result.records = loaded.records;
			if (kind === 'explorer') await guard(this.learnFilters(page), timeoutMs, 'reading the facets');
			await sleep(1000); // let the last cluster query and redraws settle
			result.heap = await guard(readHeap(page, cdp, await (await this.ensure()).newBrowserCDPSession(), kind), timeoutMs, 'heap').catch(() => null);
			// Idle frames first: after filter changes and playback the explorer's worker still has
			// queued reindexes whose replies redraw the map.
			await sleep(1000);
			result.idle = await guard(page.evaluate(countFrames, { kind, seconds: 2, playback: null }), timeoutMs, 'idle frames').catch((e: Error) => failed(e.message));

			try {
				const timings: FilterTiming[] = [];
				for (const country of this.countries.slice(0, 2).flatMap((c) => [c, null])) {
					timings.push(await guard(page.evaluate(changeCountry, { kind, country, timeoutMs }), timeoutMs, 'filter change'));
				}
				result.filter = timings.length ? timings : failed('no country to filter by');
				// After the last change (back to all countries) the index covers every record again.
				const reindexMs = page.evaluate((k) => (k === 'explorer' ? window.__explorer!.lastIndexMs : window.__naive!.clusterMs()), kind);
				result.reindexMs = await guard(reindexMs, timeoutMs, 'reading the index time');
			} catch (error) {
				result.filter = failed((error as Error).message);
				result.reindexMs = failed((error as Error).message);
			}

			const playback = this.dayRange ? { ...this.dayRange, stepDays: PLAYBACK_STEP_DAYS, windowDays: PLAYBACK_WINDOW_DAYS } : null;
			if (playback) {
				const before = await guard(scriptSeconds(cdp), timeoutMs, 'metrics');
				result.playback = await guard(page.evaluate(countFrames, { kind, seconds: PLAYBACK_SECONDS, playback }), timeoutMs, 'playback')
					.then(async (frames) => ({ ...frames, scriptSeconds: (await scriptSeconds(cdp)) - before }))
					.catch((e: Error) => failed(e.message));
			}
			if (kind === 'explorer') {
				await sleep(1000);
				try {
					const hexbinMs = await guard(page.evaluate(switchView, { view: 'hexbin' as const, timeoutMs }), timeoutMs, 'hexbin view');
					await sleep(500);
					if (!playback) throw new Error('no date range to play');
					const before = await guard(scriptSeconds(cdp), timeoutMs, 'metrics');
					const frames = await guard(page.evaluate(countFrames, { kind, seconds: PLAYBACK_SECONDS, playback }), timeoutMs, 'hexbin playback');
					const hexbinPlayback = { ...frames, scriptSeconds: (await scriptSeconds(cdp)) - before };
					await sleep(500);
					const heatmapMs = await guard(page.evaluate(switchView, { view: 'heatmap' as const, timeoutMs }), timeoutMs, 'heatmap view');
					await guard(page.evaluate(switchView, { view: 'clusters' as const, timeoutMs }), timeoutMs, 'back to clusters');
					result.views = { hexbinMs, heatmapMs, hexbinPlayback };
				} catch (error) {
					result.views = failed((error as Error).message);
				}
				await sleep(1000);
				result.area = await guard(page.evaluate(applyArea, { ring: benchPolygon(30, 15, 12), timeoutMs }), timeoutMs, 'drawn area').catch((e: Error) => failed(e.message));
				await sleep(1000);
				try {
					const rows = await guard(page.evaluate(tableFirstRows, { country: this.countries[0], timeoutMs }), timeoutMs, 'table');
					await sleep(500);
					const before = await taskMetrics(cdp);
					const scroll = await guard(page.evaluate(scrollTable, { seconds: 2, stepPx: 240 }), timeoutMs, 'table scroll');
					const after = await taskMetrics(cdp);
					const frames = Math.max(1, scroll.frames);
					result.table = { ...rows, scroll: { ...scroll, scriptMsPerFrame: (1000 * (after.script - before.script)) / frames, taskMsPerFrame: (1000 * (after.task - before.task)) / frames } };
				} catch (error) {
					result.table = failed((error as Error).message);
				}
				await sleep(1000);
				try {
					const before = await taskMetrics(cdp);
					const timings = await guard(page.evaluate(openChanges, { timeoutMs }), timeoutMs, 'what changed');
					const after = await taskMetrics(cdp);
					result.changes = { ...timings, scriptMs: 1000 * (after.script - before.script) };
				} catch (error) {
					result.changes = failed((error as Error).message);
				}
			}
			return result;
		} catch (error) {
			log(`    ${kind}: ${(error as Error).message}`);
			return result;
		} finally {
			await this.dispose(context);
		}
	}

	/** The two largest countries (the explorer lists them by count) and the range of dates. */
	private async learnFilters(page: Page): Promise<void> {
		const found = await page.evaluate(() => {
			const names = [...document.querySelectorAll('[data-testid="country-list"] .name')].map((n) => n.textContent ?? '');
			const from = document.querySelector('[data-testid="date-from"]');
			const day = (iso: string | null | undefined) => (iso ? Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000) : null);
			return { names: names.slice(0, 2), min: day(from?.getAttribute('min')), max: day(from?.getAttribute('max')) };
		});
		if (found.names.length) this.countries = found.names;
		if (found.min !== null && found.max !== null) this.dayRange = { fromDay: found.min, toDay: found.max };
	}
}

function perRecord(runs: PageRun[], empty: HeapReading | null, field: (h: HeapReading) => number | null): Sample[] {
	return runs.map((r) => {
		if (!r.heap || !empty) return failed(r.heap ? 'no empty-page reading' : 'not measured');
		const value = field(r.heap);
		const base = field(empty);
		if (value === null || base === null || r.records === 0) return failed('not measured');
		return (value - base) / r.records;
	});
}

const pageWithBuffers = (h: HeapReading) => h.pageUsed + h.pageBuffers;
const totalHeap = (h: HeapReading) => pageWithBuffers(h) + (h.workerUsed ?? 0) + (h.workerBuffers ?? 0);

/** Seconds of JavaScript run on the page's main thread so far (CDP Performance.getMetrics). */
async function scriptSeconds(session: CDPSession): Promise<number> {
	const { metrics } = await session.send('Performance.getMetrics');
	return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN;
}

/** Main-thread seconds of JavaScript, and of every task (script, style, layout, paint), so far. */
async function taskMetrics(session: CDPSession): Promise<{ script: number; task: number }> {
	const { metrics } = await session.send('Performance.getMetrics');
	const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
	return { script: of('ScriptDuration'), task: of('TaskDuration') };
}

/** The explorer's own rows (the naive page has no table and no areas). */
function explorerOnly(metric: string, unit: string, better: 'lower' | 'higher', runs: PageRun[], f: (r: PageRun) => Sample, digits = 1): ComparisonRow {
	return compare(metric, unit, better, runs.map(f), [], digits);
}

/** A per-run value out of each run's filter timings: their median. */
function filterSample(run: PageRun, f: (t: FilterTiming) => number): Sample {
	if (isFailure(run.filter)) return run.filter;
	const values = run.filter.map(f).sort((a, b) => a - b);
	return values[values.length >> 1];
}

/** `urls`: each page's server: the production one for the explorer, the bench's own build for the naive page. */
/** What a round loads: the explorer, the earlier build's explorer (with --baseline), the naive page. */
type Target = Kind | 'earlier';

export async function benchBrowser(
	urls: Record<Kind, string> & { earlier?: string },
	options: { runs: number; timeoutSeconds: number; log: (s: string) => void }
): Promise<BrowserBench> {
	const timeoutMs = options.timeoutSeconds * 1000;
	// Fail fast when the explorer cannot reach its service: every run would only time out.
	const status = (await (await fetch(`${urls.explorer}/api/status`)).json()) as { datasets: string[]; parts: { message?: string }[] };
	if (status.datasets.length === 0) throw new Error(`the explorer cannot reach its service: ${status.parts[0]?.message ?? 'no dataset visible'}`);
	const session = new BrowserSession();
	const runs: Record<Target, PageRun[]> = { explorer: [], earlier: [], naive: [] };
	const emptyHeap: Record<Kind, HeapReading | null> = { explorer: null, naive: null };
	// The earlier build's explorer is the explorer's page (its hooks) at another address.
	const targets: { target: Target; kind: Kind; url: string }[] = [
		{ target: 'explorer', kind: 'explorer', url: urls.explorer },
		...(urls.earlier ? [{ target: 'earlier' as const, kind: 'explorer' as const, url: urls.earlier }] : []),
		{ target: 'naive', kind: 'naive', url: urls.naive }
	];
	try {
		for (const kind of ['explorer', 'naive'] as const) emptyHeap[kind] = await session.emptyHeap(urls[kind], kind, timeoutMs, options.log);
		for (const { target, kind, url } of targets) await session.warmUp(url, kind, timeoutMs, target);
		// An explorer first in each round: its facet list picks the countries both pages filter by.
		// With --baseline the two explorers alternate which loads first, so that neither gains from
		// its place in the round (a warmer GPU process, a page cache the other filled).
		for (let i = 0; i < options.runs; i++) {
			const inRound = urls.earlier && i % 2 === 1 ? [targets[1], targets[0], ...targets.slice(2)] : targets;
			for (const { target, kind, url } of inRound) {
				// A page that timed out is not loaded again at this size: its medians come from the runs
				// it had (see timedOutBefore), which saves minutes per run at a million records.
				if (i > 0 && timedOutBefore(runs[target].map((r) => r.allDrawnMs))) {
					options.log(`  browser run ${i + 1}/${options.runs} ${target.padEnd(8)}: not run again (timed out before)`);
					continue;
				}
				// A new browser (see below) loads the page once, discarded, as every other run had.
				if (!session.warmedUp.has(target) && !session.unwarmable.has(target)) await session.warmUp(url, kind, timeoutMs, target);
				const r = await session.run(url, kind, timeoutMs, options.log);
				runs[target].push(r);
				// A page that timed out leaves the shared GPU process drawing its last frame (seconds of
				// software rendering for half a million sprites): the next page, in the same browser,
				// measured 1 s to first points as 4-6 s. It gets a browser of its own.
				if (isFailure(r.allDrawnMs)) await session.close();
				const show = (s: Sample) => (isFailure(s) ? s.failed : `${round(s / 1000)} s`);
				options.log(`  browser run ${i + 1}/${options.runs} ${target.padEnd(8)}: first points ${show(r.firstDrawMs)}, all ${show(r.allDrawnMs)} (${r.records.toLocaleString('en')} records)`);
			}
		}
	} finally {
		await session.close();
	}

	const e = runs.explorer;
	const n = runs.naive;
	const both = (f: (r: PageRun) => Sample) => [e.map(f), n.map(f)] as const;
	const frames = <T extends FrameStats>(stats: T | Failure, f: (s: T) => number): Sample => (isFailure(stats) ? stats : f(stats));
	const records = (rs: PageRun[]) => rs.find((r) => r.records > 0)?.records ?? null;
	const seconds = (ms: Sample) => (isFailure(ms) ? ms : ms / 1000);
	const beside = (f: (r: PageRun) => Sample) => [e.map(f), runs.earlier.map(f)] as const;
	return {
		runs: options.runs,
		records: { explorer: records(e), baseline: records(n) },
		...(urls.earlier
			? {
					againstBaseline: [
						compare('time to first points drawn', 's', 'lower', ...beside((r) => seconds(r.firstDrawMs))),
						compare('time to all points drawn', 's', 'lower', ...beside((r) => seconds(r.allDrawnMs))),
						compare('main-thread JavaScript while loading', 's', 'lower', ...beside((r) => r.loadScriptSeconds)),
						compare('longest main-thread task while loading', 'ms', 'lower', ...beside((r) => r.longestLoadTaskMs), 0),
						compare('filter change: until the new clusters are drawn', 'ms', 'lower', ...beside((r) => filterSample(r, (t) => t.clustersDrawnMs)), 1),
						compare(`frame rate, date range changing every frame (${PLAYBACK_SECONDS} s)`, 'fps', 'higher', ...beside((r) => frames(r.playback, (s) => s.fps)), 1)
					]
				}
			: {}),
		heap: { empty: emptyHeap, loaded: { explorer: e.map((r) => r.heap), naive: n.map((r) => r.heap) } },
		rows: [
			compare('time to first points drawn', 's', 'lower', ...both((r) => (isFailure(r.firstDrawMs) ? r.firstDrawMs : r.firstDrawMs / 1000))),
			compare('time to all points drawn', 's', 'lower', ...both((r) => (isFailure(r.allDrawnMs) ? r.allDrawnMs : r.allDrawnMs / 1000))),
			compare('main-thread JavaScript while loading', 's', 'lower', ...both((r) => r.loadScriptSeconds)),
			compare('longest main-thread task while loading', 'ms', 'lower', ...both((r) => r.longestLoadTaskMs), 0),
			compare('page JS heap per record (usedJSHeapSize)', 'B', 'lower', perRecord(e, emptyHeap.explorer, (h) => h.pageJs), perRecord(n, emptyHeap.naive, (h) => h.pageJs), 0),
			compare('page + points worker JS heap per record', 'B', 'lower', perRecord(e, emptyHeap.explorer, totalHeap), perRecord(n, emptyHeap.naive, totalHeap), 0),
			compare('filter change: main-thread work', 'ms', 'lower', ...both((r) => filterSample(r, (t) => t.workMs)), 1),
			compare('filter change: until the new count is painted', 'ms', 'lower', ...both((r) => filterSample(r, (t) => t.countPaintedMs)), 1),
			compare('filter change: until the filtered records are drawn', 'ms', 'lower', ...both((r) => filterSample(r, (t) => t.recordsDrawnMs)), 1),
			compare('filter change: until the new clusters are drawn', 'ms', 'lower', ...both((r) => filterSample(r, (t) => t.clustersDrawnMs)), 1),
			compare('cluster index rebuild, all records (explorer: in the worker)', 'ms', 'lower', ...both((r) => r.reindexMs), 1),
			compare(`frame rate, date range changing every frame (${PLAYBACK_SECONDS} s)`, 'fps', 'higher', ...both((r) => frames(r.playback, (s) => s.fps)), 1),
			compare('longest frame during that playback', 'ms', 'lower', ...both((r) => frames(r.playback, (s) => s.longestFrameMs)), 0),
			compare('main-thread JavaScript share during that playback', '%', 'lower', ...both((r) => frames(r.playback, (s) => (100 * s.scriptSeconds) / PLAYBACK_SECONDS)), 0),
			compare('main-thread JavaScript per playback frame', 'ms', 'lower', ...both((r) => frames(r.playback, (s) => (1000 * s.scriptSeconds) / Math.max(1, s.frames))), 1),
			compare('frame rate, idle after loading (reference)', 'fps', 'higher', ...both((r) => frames(r.idle, (s) => s.fps)), 1),
			explorerOnly('records table: first rows painted after a filter change (median of select and clear)', 'ms', 'lower', e, (r) => (isFailure(r.table) ? r.table : [...r.table.firstRowsMs].sort((a, b) => a - b)[r.table.firstRowsMs.length >> 1])),
			explorerOnly('records table: ordering all rows in the worker', 'ms', 'lower', e, (r) => (isFailure(r.table) ? r.table : r.table.orderMs)),
			explorerOnly('records table: frame rate while scrolling 240 px a frame', 'fps', 'higher', e, (r) => (isFailure(r.table) ? r.table : r.table.scroll.fps)),
			explorerOnly('records table: main-thread JavaScript per scrolling frame', 'ms', 'lower', e, (r) => (isFailure(r.table) ? r.table : r.table.scroll.scriptMsPerFrame), 2),
			explorerOnly('records table: main-thread work (all tasks) per scrolling frame', 'ms', 'lower', e, (r) => (isFailure(r.table) ? r.table : r.table.scroll.taskMsPerFrame), 2),
			explorerOnly('drawn area (50-vertex polygon): testing every record in the worker', 'ms', 'lower', e, (r) => (isFailure(r.area) ? r.area : r.area.workerMs)),
			explorerOnly('drawn area: main-thread work of applying it', 'ms', 'lower', e, (r) => (isFailure(r.area) ? r.area : r.area.workMs), 2),
			explorerOnly('drawn area: until the new count is painted', 'ms', 'lower', e, (r) => (isFailure(r.area) ? r.area : r.area.countPaintedMs)),
			explorerOnly('hexbin view: switching to it, until every record in view is binned and drawn', 'ms', 'lower', e, (r) => (isFailure(r.views) ? r.views : r.views.hexbinMs)),
			explorerOnly('heatmap view: switching to it (from hexbins), until drawn', 'ms', 'lower', e, (r) => (isFailure(r.views) ? r.views : r.views.heatmapMs)),
			explorerOnly(`hexbin view: frame rate, date range changing every frame (${PLAYBACK_SECONDS} s)`, 'fps', 'higher', e, (r) => (isFailure(r.views) ? r.views : r.views.hexbinPlayback.fps)),
			explorerOnly('hexbin view: playback frame rate ÷ the point view\'s (same run)', '×', 'higher', e, (r) => (isFailure(r.views) ? r.views : isFailure(r.playback) ? r.playback : r.views.hexbinPlayback.fps / r.playback.fps), 2),
			explorerOnly('what changed (last 7 days against 8 weeks, every record): the points worker', 'ms', 'lower', e, (r) => (isFailure(r.changes) ? r.changes : r.changes.workerMs)),
			explorerOnly('what changed: the page taking the reply in (main thread)', 'ms', 'lower', e, (r) => (isFailure(r.changes) ? r.changes : r.changes.pageMs), 2),
			explorerOnly('what changed: from the request to the reply', 'ms', 'lower', e, (r) => (isFailure(r.changes) ? r.changes : r.changes.roundTripMs)),
			explorerOnly('what changed: main-thread JavaScript from opening to the outlines drawn', 'ms', 'lower', e, (r) => (isFailure(r.changes) ? r.changes : r.changes.scriptMs)),
			explorerOnly('what changed: from opening to the outlines drawn', 'ms', 'lower', e, (r) => (isFailure(r.changes) ? r.changes : r.changes.drawnMs)),
			explorerOnly('hexbin view: main-thread JavaScript per playback frame', 'ms', 'lower', e, (r) => (isFailure(r.views) ? r.views : (1000 * r.views.hexbinPlayback.scriptSeconds) / Math.max(1, r.views.hexbinPlayback.frames)), 1)
		],
		notes: [
			'Headless Chromium with --disable-gpu: WebGL runs in software (SwiftShader), so drawing and shader compilation cost CPU (the same two cores as the server) that a GPU would take. One discarded load of each page first warms the shader cache.',
			'Times to first/all points are from navigation start to the frame after the first map render once deck.gl holds the points (explorer zoomed out: its density image counted from every record; see scripts/bench/browser.ts).',
			'A page that timed out is not loaded again at the same size: its medians are over the runs it had.',
			"Main-thread JavaScript: CDP Performance.getMetrics ScriptDuration (the page's main thread only; the explorer's worker is not in it). Longest task: PerformanceObserver 'longtask' until all points were drawn.",
			"Heap per record: (reading after all records, after gc) − (same page with its stream refused) ÷ records; usedJSHeapSize includes ArrayBuffers (typed arrays). The first heap row is the page's main thread only; the second adds the explorer's points worker (CDP Runtime.getHeapUsage used + backing stores, on the worker target). GPU buffers are not counted on either side; raw readings are in browser.heap.",
			"Filter change: a country checkbox click (explorer) or filterByCountry() (naive); the two largest countries, each selected then cleared, median of the four changes per run. The explorer's main-thread work includes Svelte's flush; the naive's includes its whole synchronous rebuild.",
			`Playback: the date window (${PLAYBACK_WINDOW_DAYS} days) moves by ${PLAYBACK_STEP_DAYS} days every animation frame; explorer via its own player (__explorer.play: ${PLAYBACK_STEP_DAYS * 60} days/s, i.e. ${PLAYBACK_STEP_DAYS} days per frame at 60 fps; zoomed out the worker recounts the density image for each window, one request in flight), naive via setDateRange each frame (filter, features, supercluster and layer data rebuilt on the main thread).`,
			"Records table (explorer only): a country selected, then cleared, each from a finished list and a map whose last frame is on screen (settled(), MapLibre's 'idle', two animation frames), clicked from a task between frames as an input event comes; first rows: from the click until the frame that shows the new list's first rows is painted.",
			'Views (explorer only): __explorer.setView, timed until the worker\'s reply is complete (hexbins: hexagon counts summing to every record in view; heatmap: a non-empty image) and the map has drawn a frame with it; the hexbin view then plays like the point view above (same window, step and player), so the two frame rates are of one run.'
		]
	};
}
