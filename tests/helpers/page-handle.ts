// The explorer page's handle (window.__explorer: src/lib/map/handle.ts), typed, from Playwright:
// the one way the browser tests, the benchmark and `npm run brief` read and drive the page. Each
// call runs in the page (page.evaluate) and returns what it read, as JSON; deck.gl is read through
// the handle (layers, labels, image), never through its own objects. Nothing here needs vitest.
// A reference, not an import: page-globals.d.ts declares types only, and has no module to load at run time.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./page-globals.d.ts" />
import type { Page } from 'playwright-core';
import type { ExplorerHandle, LayerSummary } from '../../src/lib/map/handle';

export type { ExplorerHandle, LayerSummary };

type Arg<K extends keyof ExplorerHandle> = ExplorerHandle[K] extends (arg: infer A, ...rest: never[]) => unknown ? A : never;

export class PageHandle {
	constructor(readonly page: Page) {}

	/**
	 * Runs `fn` in the page with the handle, and returns what it returns. `fn` is sent as its source
	 * (as page.evaluate sends a function): it may use nothing of the caller's scope, only `arg`,
	 * which travels as JSON. Refused while the page has no handle (its map has not loaded yet).
	 */
	run<R, A = undefined>(fn: (explorer: ExplorerHandle, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
		return this.page.evaluate(
			`(() => {
				const explorer = window.__explorer;
				if (!explorer) throw new Error('the explorer has no handle (window.__explorer) yet: its map has not loaded');
				return (${fn.toString()})(explorer, ${JSON.stringify(arg)});
			})()`
		) as Promise<R>;
	}

	/**
	 * Waits until `fn`, run in the page with the handle (as run() runs it), returns something truthy,
	 * checked at every animation frame or every `polling` ms, for at most `timeout` ms. The waiting
	 * is done in the page, in one evaluation: it does not outlive a navigation.
	 */
	async waitFor<A = undefined>(
		fn: (explorer: ExplorerHandle, arg: A) => unknown,
		arg?: A,
		options: { timeout?: number; polling?: number } = {}
	): Promise<void> {
		const { timeout = 30_000, polling } = options;
		// Not page.waitForFunction: it would evaluate a text in the page at each check, which the page's CSP forbids.
		await this.page.evaluate(`(async () => {
			const deadline = performance.now() + ${timeout};
			for (;;) {
				const explorer = window.__explorer;
				if (explorer && (await (${fn.toString()})(explorer, ${JSON.stringify(arg)}))) return;
				if (performance.now() > deadline) throw new Error(${JSON.stringify(`waited ${timeout} ms in vain for ${fn.toString().slice(0, 200)}`)});
				await new Promise((resolve) => ${polling === undefined ? 'requestAnimationFrame(resolve)' : `setTimeout(resolve, ${polling})`});
			}
		})()`);
	}

	/** Whether the page has its handle: MapLibre and deck.gl have loaded and the map is made. */
	ready(): Promise<boolean> {
		return this.page.evaluate(() => !!window.__explorer?.map);
	}

	/** The map has stopped, every record has arrived and the clusters drawn are the latest filter's. */
	settled(): Promise<boolean> {
		return this.page.evaluate(() => window.__explorer?.settled() ?? false);
	}

	/** Waits until settled(). */
	async waitSettled(timeout = 30_000): Promise<void> {
		try {
			await this.page.waitForFunction(() => window.__explorer?.settled(), null, { timeout, polling: 50 });
		} catch (e) {
			// Say what never came: the clusters, the records or the map's stop.
			const waiting = await this.page.evaluate(() => window.__explorer?.unsettled() ?? ['the map (no handle yet)']).catch(() => ['an answer from the page']);
			throw new Error(`The map did not settle in ${timeout} ms: still waiting for ${waiting.join(', ')}`, { cause: e });
		}
	}

	clusters() {
		return this.run((e) => e.clusters());
	}

	points(limit = 50) {
		return this.run((e, n) => e.points(n), limit);
	}

	aggregate() {
		return this.run((e) => e.aggregate());
	}

	view() {
		return this.run((e) => e.view());
	}

	setView(view: Arg<'setView'>) {
		return this.run((e, v) => e.setView(v), view);
	}

	playing() {
		return this.run((e) => e.playing());
	}

	playWindow() {
		return this.run((e) => e.playWindow());
	}

	play(settings: Arg<'play'> = {}) {
		return this.run((e, s) => e.play(s), settings);
	}

	pause() {
		return this.run((e) => e.pause());
	}

	usePlaybackOnGpu(on: boolean) {
		return this.run((e, o) => e.usePlaybackOnGpu(o), on);
	}

	setDateRange(dayFrom: number | null, dayTo: number | null) {
		return this.run((e, [from, to]) => e.setDateRange(from, to), [dayFrom, dayTo] as const);
	}

	setAreas(areas: Arg<'setAreas'>) {
		return this.run((e, a) => e.setAreas(a), areas);
	}

	tableRefs() {
		return this.run((e) => e.tableRefs());
	}

	/** The briefing image as a PNG data URL. */
	exportImage(request: Arg<'exportImage'>) {
		return this.run((e, r) => e.exportImage(r), request);
	}

	/** The playback video as base64; `onprogress` names a function on window told of each frame (page.exposeFunction). */
	exportVideo(request: Arg<'exportVideo'>, onprogress?: string) {
		return this.run((e, a) => e.exportVideo(a.request, a.onprogress), { request, onprogress });
	}

	lastIndexMs() {
		return this.run((e) => e.lastIndexMs);
	}

	/** The layers deck.gl holds now (ExplorerHandle.layers). */
	layers(): Promise<LayerSummary[]> {
		return this.run((e) => e.layers());
	}

	/** The layer deck.gl holds by that id, or null. */
	layer(id: string): Promise<LayerSummary | null> {
		return this.run((e, i) => e.layers().find((l) => l.id === i) ?? null, id);
	}

	/** The texts of a label layer (ExplorerHandle.labels). */
	labels(id: string) {
		return this.run((e, i) => e.labels(i), id);
	}

	/** "What changed": the panel's state and its latest result (ExplorerHandle.changes). */
	changes() {
		return this.run((e) => e.changes());
	}

	showChanges(open: boolean) {
		return this.run((e, o) => e.showChanges(o), open);
	}

	/** Organisations' tracks (ExplorerHandle.tracks). */
	tracks() {
		return this.run((e) => e.tracks());
	}

	showTracks(on: boolean) {
		return this.run((e, o) => e.showTracks(o), on);
	}

	zoom() {
		return this.run((e) => e.map.getZoom());
	}

	/** The map's bounds, [[west, south], [east, north]]. */
	bounds() {
		return this.run((e) => e.map.getBounds().toArray() as [[number, number], [number, number]]);
	}

	jumpTo(lon: number, lat: number, zoom: number) {
		return this.run((e, [x, y, z]) => void e.map.jumpTo({ center: [x, y], zoom: z }), [lon, lat, zoom] as const);
	}

	/** Whether MapLibre's style has a layer of that id (the basemap's, not deck.gl's). */
	hasMapLayer(id: string) {
		return this.run((e, i) => !!e.map.getLayer(i), id);
	}
}

/** The handle of the explorer open in `page`. */
export function explorerOn(page: Page): PageHandle {
	return new PageHandle(page);
}
