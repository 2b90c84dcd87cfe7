// Renders the map off-screen at the export's size and pixel ratio, so the visible map is never
// touched: a second MapLibre map with the live style (without deck.gl's custom layers) and its own
// interleaved deck.gl overlay. deck.gl follows MapLibre's pixelRatio in interleaved mode, so points
// keep their CSS-pixel size at 2× (kepler.gl's issue #2592 is the failure this avoids).
import type { Layer } from '@deck.gl/core';
import type { Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { MAX_ZOOM } from '../config';
import { screenProjection } from '../projection/mercator';
import { isBlank } from './compose';

export interface OffscreenView {
	zoom: number;
	bbox: [number, number, number, number];
	bounds: { west: number; south: number; east: number; north: number };
	/** A place's pixel on the off-screen map (CSS pixels). */
	project: (lon: number, lat: number) => [number, number];
}

export interface RenderOptions {
	live: MaplibreMap;
	/** Map area in CSS pixels, and device pixels per CSS pixel. */
	width: number;
	height: number;
	scale: number;
	/** The deck.gl layers for the off-screen view (clusters depend on its zoom and extent). */
	layers: (view: OffscreenView) => Promise<Layer[]>;
	onprogress?: (what: string) => void;
	timeoutMs?: number;
}

/** The zoom that keeps everything visible on screen visible in the export (fit, not crop). */
export function fittedZoom(liveZoom: number, live: { width: number; height: number }, target: { width: number; height: number }): number {
	const ratio = Math.min(target.width / Math.max(1, live.width), target.height / Math.max(1, live.height));
	return Math.min(MAX_ZOOM, Math.max(0, liveZoom + Math.log2(ratio)));
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s.`)), ms);
		promise.then(
			(v) => (clearTimeout(timer), resolve(v)),
			(e) => (clearTimeout(timer), reject(e))
		);
	});
}

export async function renderMapOffscreen(o: RenderOptions): Promise<{ canvas: HTMLCanvasElement; view: OffscreenView; centerLat: number }> {
	const timeoutMs = o.timeoutMs ?? 120_000;
	const [{ default: maplibregl }, { MapboxOverlay }] = await Promise.all([import('maplibre-gl'), import('@deck.gl/mapbox')]);
	const style = o.live.getStyle() as StyleSpecification;
	const container = document.createElement('div');
	// Off-screen but laid out (a display:none container has no size to render at).
	container.style.cssText = `position:fixed;left:${-o.width - 1000}px;top:0;width:${o.width}px;height:${o.height}px;pointer-events:none;`;
	container.setAttribute('aria-hidden', 'true');
	document.body.appendChild(container);
	const liveCanvas = o.live.getCanvas();
	const map = new maplibregl.Map({
		container,
		style: { ...style, layers: style.layers.filter((l) => (l.type as string) !== 'custom') },
		center: o.live.getCenter(),
		zoom: fittedZoom(o.live.getZoom(), { width: liveCanvas.clientWidth, height: liveCanvas.clientHeight }, o),
		bearing: o.live.getBearing(),
		pitch: o.live.getPitch(),
		interactive: false,
		attributionControl: false,
		renderWorldCopies: false,
		fadeDuration: 0,
		pixelRatio: o.scale,
		maxCanvasSize: [8192, 8192],
		canvasContextAttributes: { preserveDrawingBuffer: true, antialias: true }
	});
	try {
		o.onprogress?.('Drawing the basemap…');
		await within(
			new Promise<void>((resolve, reject) => {
				map.once('load', () => resolve());
				map.once('error', (e) => reject(new Error(`The basemap could not be drawn: ${e.error?.message ?? 'unknown error'}`)));
			}),
			timeoutMs,
			'Drawing the basemap'
		);
		const b = map.getBounds();
		const view: OffscreenView = {
			zoom: map.getZoom(),
			bbox: [Math.max(-180, b.getWest()), Math.max(-85, b.getSouth()), Math.min(180, b.getEast()), Math.min(85, b.getNorth())],
			bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
			project: screenProjection(map)
		};
		o.onprogress?.('Placing the records…');
		const layers = await o.layers(view);
		const overlay = new MapboxOverlay({ interleaved: true, layers });
		map.addControl(overlay);
		o.onprogress?.('Waiting for the map to finish drawing…');
		await within(settle(map, overlay as unknown as { _deck?: unknown }, layers.filter(Boolean).length), timeoutMs, 'Drawing the records');
		const out = document.createElement('canvas');
		const canvas = map.getCanvas();
		out.width = canvas.width;
		out.height = canvas.height;
		out.getContext('2d')!.drawImage(canvas, 0, 0);
		if (isBlank(out)) throw new Error('The map came out blank (the graphics context gave no image). Try a smaller size.');
		return { canvas: out, view, centerLat: map.getCenter().lat };
	} finally {
		map.remove();
		container.remove();
	}
}

/**
 * Resolves after a frame drawn with the map idle and every deck.gl layer loaded (deck.gl has no
 * public "loaded" signal in interleaved mode). deck.gl attaches to the map's WebGL context
 * asynchronously: until then it has no layer manager and draws nothing, so "no layer is loading"
 * proves nothing. It must be initialised and hold at least the layers it was given (composite
 * layers add their sublayers) before the frame is taken. On a loaded machine the attach can take
 * longer than a frame, and the briefing CLI once wrote a map without its records.
 */
async function settle(map: MaplibreMap, overlay: { _deck?: unknown }, given: number): Promise<void> {
	for (;;) {
		if (!map.loaded() || !map.areTilesLoaded()) await new Promise<void>((r) => map.once('idle', () => r()));
		const deck = overlay._deck as { isInitialized?: boolean; layerManager?: { getLayers(): { isLoaded: boolean }[] } | null } | undefined;
		const layers = deck?.isInitialized ? (deck.layerManager?.getLayers() ?? []) : null;
		if (layers && layers.length >= given && layers.every((l) => l.isLoaded)) break;
		await new Promise((r) => setTimeout(r, 50));
	}
	// One more frame with everything in place; preserveDrawingBuffer keeps it readable after.
	await new Promise<void>((resolve) => {
		map.once('render', () => resolve());
		map.triggerRepaint();
	});
}
