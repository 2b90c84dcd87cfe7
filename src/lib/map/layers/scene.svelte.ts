// What the map draws and when: deck.gl's layers built from the page's state (layers.ts), the
// worker asked for the density image and clusters of the view, the first image handed from the
// 2D first paint to deck.gl (first-paint.ts), and the place names once the records are on screen.
import type { AnnotationInputs } from '../annotations/annotations';
import type { MapboxOverlay } from '@deck.gl/mapbox';
import type { Layer, LayerManager } from '@deck.gl/core';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { DATASET_LABEL, type Dataset } from '../../types/dataset';
import type { Box, PartColumns } from '../load/columns';
import { CLUSTER_MAX_ZOOM } from '../config';
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import { afterNextPaint, atStreamEnd, type FirstPaint } from '../first-paint/first-paint';
import { screenProjection } from '../projection/mercator';
import { drawsRecordPoints, type ChangeCell, type TrackInputs } from './layer-inputs';
import type { Engine } from '../engine/engine-loader';
import type { ViewGeometry } from '../projection/mercator-view';
import type { Highlights } from '../overlays/highlights';
import { loadPlaceLabels, PlacesInView } from '../places/labels';
import type { Selection } from '../selection.svelte';
import type { PlaybackState } from '../timeline/playback-state.svelte';
import { densityFrame } from '../worker/density';
import type { DensityReply } from '../worker/client';
import type { OffscreenView } from '../export/render';
import { hexRadiusAt, type MapView } from './views';
import { heatKernelCells, type ViewStyle } from '../worker/aggregate';
import { scaleLegend, type ScaleLegend } from './aggregate-scale';
import { mapTheme } from '../../theme/palette';

/** Screen pixels per cell of the density image: a record zoomed out covers about two. */
export const DENSITY_CELL_PIXELS = 2;
/** The side of the heatmap's kernel square in screen pixels (the legend's unit). */
export const HEAT_KERNEL_PX = Math.round(heatKernelCells() * DENSITY_CELL_PIXELS);

export function boundsOf(m: MaplibreMap): Box {
	const b = m.getBounds();
	return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}

/**
 * The longest the first paint waits for deck.gl to draw its image once MapLibre is there
 * (handOver). Only a view with no image to draw (zoomed past the clusters' zoom before the map
 * came) needs it: the records stay on screen in 2D meanwhile, so it can be generous. On a busy
 * 2-core machine without a GPU, MapLibre's style and deck.gl's set-up took 0.3-0.8 s.
 */
const HAND_OVER_TIMEOUT_MS = 5000;

export class Scene {
	/** MapLibre, deck.gl and the layers built on them (engine.ts), once downloaded; the map and overlay with them. */
	engine: Engine | null = null;
	map: MaplibreMap | undefined;
	overlay: MapboxOverlay | undefined;
	/** The view MapLibre will show, while it is still loading: the first paint and first image are cut for it. */
	provisional: ViewGeometry | null = null;
	mapReady = $state(false);
	/** Hardware GPU (see gpu.ts): zoomed-out playback fades dots on the GPU instead of redrawing the image. */
	playbackOnGpu = false;
	firstPaint: FirstPaint | null = null;
	/** "What changed": the cells to outline and the one its panel points at (changes-state.svelte.ts). */
	changeCells: () => { cells: ChangeCell[]; focus: number | null } = () => ({ cells: [], focus: null });
	/** Organisations' tracks to draw, and how much of them while playing (Explorer.svelte). */
	trackInputs: () => TrackInputs | undefined = () => undefined;
	/** The analyst's annotations as the map draws them (annotations/annotating.svelte.ts). */
	annotationInputs: () => AnnotationInputs | undefined = () => undefined;
	/** Told when the first paint's first image of records has been presented (Explorer.svelte: the engine may load now). */
	onRecordsShown: (() => void) | null = null;
	/** Clusters, hexbins or the heatmap (views.ts); set through setView. */
	view = $state<MapView>('clusters');
	/** The colour scale of the hexbin or heatmap view drawn (the on-map legend); null for clusters. */
	scale = $state.raw<ScaleLegend | null>(null);
	/** The first density image with records: on the 2D canvas, then handed to deck.gl, then drawn by it. */
	private firstImage: 'none' | 'previewing' | 'handing' | 'done' = 'none';
	/** The first image was handed to deck.gl; the 2D paint stays until deck.gl draws (layerDrawn). */
	private awaitingDeck = false;
	/** The density image on the 2D paint: the hand-over waits for deck.gl to draw it (layerDrawn). */
	private densityPainted: DensityReply | null = null;
	/** The density image deck.gl last drew while the paint waited, and whether a frame's end is awaited to reveal. */
	private densityDrawn: unknown = null;
	private revealAfterFrame = false;
	private handOverTimer: ReturnType<typeof setTimeout> | undefined;
	private places: PlacesInView | null = null;
	private frame = 0;
	private redrawTimer: ReturnType<typeof setTimeout> | undefined;
	private lastStreamRedraw = 0;
	/** The layers last handed to deck.gl, and its layer manager once found through them (deckLayers). */
	private handed: Layer[] = [];
	private layerManager: LayerManager | null = null;

	constructor(
		private readonly feed: RecordFeed,
		private readonly filters: FilterState,
		private readonly playback: PlaybackState,
		private readonly rings: Highlights,
		private readonly selection: Selection
	) {}

	/** Hands deck.gl new layers at the next animation frame (several changes in a frame coalesce). */
	redraw(): void {
		if (this.frame || !this.overlay) return;
		this.frame = requestAnimationFrame(() => {
			this.frame = 0;
			this.setLayers();
		});
	}

	/**
	 * Hands deck.gl new layers now, so that the map draws them in the coming frame instead of the
	 * one after: a new density image or cluster set shows a frame sooner, which in software WebGL
	 * is 100–200 ms. (The worker's replies are already one at a time.)
	 */
	redrawNow(): void {
		cancelAnimationFrame(this.frame);
		this.frame = 0;
		this.setLayers();
	}

	/** While records stream in, each redraw re-uploads the grown columns: a few per second is plenty. */
	redrawSoon(): void {
		if (this.redrawTimer) return;
		const wait = Math.max(0, 400 - (performance.now() - this.lastStreamRedraw));
		this.redrawTimer = setTimeout(() => {
			this.redrawTimer = undefined;
			this.lastStreamRedraw = performance.now();
			this.redraw();
		}, wait);
	}

	/** A part grew: a frame costs the most while a million points stream in, so only draw when its upload is due. */
	grown(columns: PartColumns): void {
		this.firstPaint?.stillComing();
		const { engine } = this;
		if (engine && this.drawsRecords() && engine.needsUpload(columns, !this.feed.progress.done, performance.now())) this.redrawSoon();
	}

	/**
	 * Whether the map draws the records themselves (layers.ts). Otherwise it draws the worker's
	 * image, bins and clusters, whose replies redraw it: a batch changes nothing on screen, and a
	 * frame it asked for (two or three a second while a million stream in) cost 150-250 ms of
	 * software WebGL each, on the cores the stream needs.
	 */
	private drawsRecords(): boolean {
		const { map } = this;
		return !!map && drawsRecordPoints({ view: this.view, zoom: map.getZoom(), playing: this.playingOrHeld(), playbackOnGpu: this.playbackOnGpu });
	}

	/** Playing, or a playback window held: either way the map shows the window, not the range's clusters. */
	private playingOrHeld(): boolean {
		return this.playback.playing || this.playback.window !== null;
	}

	/**
	 * The layers deck.gl holds now, those it draws (not those handed to it since, which it takes up
	 * at its next frame), for the page's handle (handle.ts): tests and the benchmark read them.
	 */
	deckLayers(): readonly Layer[] {
		return this.deckLayerManager()?.getLayers() ?? [];
	}

	/** deck.gl's layer manager, named by the context deck.gl gives the layers it takes up. */
	private deckLayerManager(): LayerManager | null {
		return (this.layerManager ??= this.handed.find((layer) => layer.context)?.context.layerManager ?? null);
	}

	private setLayers(): void {
		const { map, overlay, feed, engine } = this;
		if (!overlay || !map || !engine) return;
		const dates = this.playback.drawnDates();
		const changed = this.changeCells();
		// The set handed before, once deck.gl has taken it up, names its layer manager (deckLayers).
		this.deckLayerManager();
		overlay.setProps({
			layers: (this.handed = engine.pointLayers({
				parts: [...feed.parts.values()],
				visibleParts: this.filters.partsShown,
				dayRange: dates.range,
				softRange: dates.soft,
				// A held playback window has no clusters of its own (they are the range's).
				playing: this.playingOrHeld(),
				playbackOnGpu: this.playbackOnGpu,
				zoom: map.getZoom(),
				bounds: boundsOf(map),
				streaming: !feed.progress.done,
				// While the first image is on its way to the screen, deck.gl gets nothing new to build
				// pipelines for (first-paint.ts): the image once the 2D paint is shown, clusters after it.
				clusters: this.firstImage === 'previewing' || this.firstImage === 'handing' ? null : feed.clusters,
				density: this.firstImage === 'previewing' ? null : feed.density,
				selected: this.selection.point,
				highlighted: this.rings.shown(screenProjection(map)),
				labels: this.datasetLabels(),
				places: this.placeLayersIn(boundsOf(map), map.getZoom()),
				view: this.view,
				changes: changed.cells,
				changeFocus: changed.focus,
				tracks: this.trackInputs(),
				annotations: this.annotationInputs()
			}))
		});
	}

	/**
	 * Asks the worker for the density image of the view, filter and dates now (zoomed out only).
	 * True when an image is on its way: its arrival redraws the map (densityArrived).
	 */
	requestDensity(): boolean {
		const { feed } = this;
		const worker = feed.worker;
		const { view } = this;
		const clusters = view === 'clusters';
		const at = this.geometry();
		// The hexbin and heatmap views are cut from the worker's counts at every zoom, playing or not.
		if (!at || !worker || (clusters && this.playback.playing && this.playbackOnGpu)) return false;
		if (clusters && at.zoom > CLUSTER_MAX_ZOOM) {
			// Not drawn zoomed in; an image of another filter must not show while zooming back out.
			feed.density = null;
			return false;
		}
		const frame = densityFrame(at.bounds, at.project, DENSITY_CELL_PIXELS);
		if (!frame) return false;
		const dates = this.playback.drawnDates();
		const style: ViewStyle = view !== 'clusters' ? view : this.playback.playing || this.playback.window ? 'playback' : 'underlay';
		// The worker appends a batch before the page receives it: it holds at least these records.
		feed.densityAskedAt = feed.loadedRecords();
		worker.requestDensity({
			frame,
			filter: this.filters.filter,
			dayRange: dates.range,
			softRange: dates.soft,
			style,
			hexRadius: this.view === 'hexbin' ? hexRadiusAt(at.zoom) : undefined,
			theme: mapTheme()
		});
		return true;
	}

	/** The view now: the map's, or before MapLibre has loaded the one it will show (mercator-view.ts). */
	private geometry(): ViewGeometry | null {
		const { map } = this;
		if (!map) return this.provisional;
		return { bounds: boundsOf(map), zoom: map.getZoom(), project: screenProjection(map) };
	}

	/** Switches the view: the filters, dates and playback stay; the worker cuts the new view's image or bins. */
	setView(view: MapView): void {
		if (view === this.view) return;
		this.view = view;
		this.updateScale(this.feed.density);
		this.requestDensity();
		this.requestClusters();
		this.redraw();
	}

	requestClusters(): void {
		const { map } = this;
		if (!map) return;
		const b = map.getBounds();
		this.feed.worker?.queryClusters(
			[Math.max(-180, b.getWest()), Math.max(-85, b.getSouth()), Math.min(180, b.getEast()), Math.min(85, b.getNorth())],
			map.getZoom()
		);
	}

	/** A density image arrived (the feed has taken its counts): the first one goes through the first paint. */
	densityArrived(r: DensityReply): void {
		this.updateScale(r);
		if (this.firstImage === 'none' && r.records > 0 && this.firstPaint?.active) return this.showFirstImage(r, this.firstPaint);
		// The stream goes on while MapLibre and deck.gl arrive and build their first frame: the 2D
		// paint shows the newer images (the last with every record), deck.gl is given them too.
		if (this.firstImage !== 'none' && this.firstPaint?.active && r.records > 0) {
			this.firstPaint.showImage(r.image, r.frame, r.passing);
			this.densityPainted = r;
			if (this.map) this.redrawNow();
			return;
		}
		// The stream waits until its first image is on screen (worker: showFirstView).
		if (r.first) this.afterMapFrame(() => this.feed.worker?.firstDrawn());
		this.redrawNow();
	}

	private updateScale(reply: Parameters<typeof scaleLegend>[1]): void {
		const next = scaleLegend(this.view, reply, HEAT_KERNEL_PX, mapTheme());
		if (JSON.stringify(next) !== JSON.stringify(this.scale)) this.scale = next;
	}

	/** Runs `then` once the map's next frame is on screen: after its 'render' (GL commands issued)
	 * and the commit of that frame, which without a GPU waits for the pixels. */
	private afterMapFrame(then: () => void): void {
		// No map yet (its engine still loading): the page's own next frame is what shows.
		if (!this.map) return afterNextPaint(then);
		this.map.once('render', () => setTimeout(then, 0));
		this.map.triggerRepaint();
	}

	/** The first image: painted on the 2D canvas now, handed to deck.gl once that is on screen. */
	private showFirstImage(reply: DensityReply, paint: FirstPaint): void {
		this.firstImage = 'previewing';
		paint.showImage(reply.image, reply.frame, reply.passing);
		this.densityPainted = reply;
		// Two frames on screen before deck.gl's first one (which, without a GPU, holds the page
		// up to a second) begins: one for the paint, one to be sure it was presented.
		afterNextPaint(() =>
			afterNextPaint(() => {
				// The records are on screen: the stream may go on (worker: showFirstView), and the map's engine come.
				this.feed.worker?.firstDrawn();
				this.onRecordsShown?.();
				this.firstImage = 'handing';
				// Over a slow link the image can come before MapLibre and deck.gl: they take it over on arrival.
				if (this.map) this.handOver();
			})
		);
	}

	/**
	 * deck.gl is given the image; once a map frame in which it drew is on screen, the 2D paint goes.
	 * Not the map's next frame: until its style has loaded and deck.gl has set itself up, MapLibre's
	 * frames hold the basemap alone (0.3-0.5 s here), and the records would vanish for that long.
	 */
	private handOver(): void {
		this.awaitingDeck = true;
		this.redrawNow();
		clearTimeout(this.handOverTimer);
		// Should deck.gl draw nothing (the view moved where there is no image), the map shows anyway.
		this.handOverTimer = setTimeout(() => this.revealMap(), HAND_OVER_TIMEOUT_MS);
	}

	/**
	 * deck.gl is drawing a layer into the map's frame: if the first paint waits for that, and deck.gl
	 * draws the image the paint shows (not an older one, with fewer records), it goes after the
	 * frame, unless a newer image reached the paint meanwhile: then deck.gl's next frame, with it.
	 */
	layerDrawn(layer: Layer): void {
		const { density } = layer.props as { density?: unknown };
		if (!this.awaitingDeck || density === undefined) return;
		this.densityDrawn = density;
		if (density !== this.densityPainted || this.revealAfterFrame) return;
		this.revealAfterFrame = true;
		this.afterMapFrame(() => {
			this.revealAfterFrame = false;
			if (this.awaitingDeck && this.densityDrawn === this.densityPainted) this.revealMap();
		});
	}

	/** The map and deck.gl exist now (engine.ts): the first paint follows the map, and hands over if its image waits. */
	mapAttached(): void {
		const { map, firstPaint } = this;
		if (!map) return;
		this.provisional = null;
		firstPaint?.attachMap(map.getCanvas(), screenProjection(map), () => map.getZoom());
		if (this.firstImage === 'handing') this.handOver();
	}

	/** The stream ended or failed: the first paint waits for the image of the last batch, or ends. */
	streamEnded(): void {
		const paint = this.firstPaint;
		const next = atStreamEnd({ imageShown: this.firstImage !== 'none', records: this.feed.loadedRecords(), failed: !!this.feed.error });
		if (next === 'wait' && paint?.active) paint.stillComing();
		else if (next !== 'nothing') this.revealMap();
	}

	/** Ends the first paint (first-paint.ts): the map's own canvas is shown; then the rest is drawn. */
	revealMap(): void {
		this.awaitingDeck = false;
		clearTimeout(this.handOverTimer);
		this.firstPaint?.reveal(() => {
			if (this.firstImage !== 'none') this.firstImage = 'done';
			this.feed.worker?.firstDrawn();
			this.startPlaces();
			this.redraw();
		});
	}

	/** Place names: fetched once the first records are on screen (the file and the font atlas wait their turn). */
	startPlaces(): void {
		loadPlaceLabels().then(
			(labels) => {
				this.places ??= new PlacesInView(labels);
				this.redraw();
			},
			() => {}
		);
	}

	private placeLayersIn(bounds: Box, zoom: number) {
		const { places, engine } = this;
		return places && engine ? engine.placeLayers(places.at(bounds, zoom), places.characters) : [];
	}

	/** "ICD"/"ICDB" beside each record once zoomed in far enough to read them (capped). */
	datasetLabels(view?: OffscreenView): { lon: number; lat: number; text: string; dataset: Dataset }[] {
		const { map } = this;
		if (!map || (view?.zoom ?? map.getZoom()) < 11) return [];
		return this.feed.recordsIn(view?.bounds ?? boundsOf(map), 400).map(({ part, lon, lat }) => {
			const dataset = part.id.split('/')[0] as Dataset;
			return { lon, lat, text: DATASET_LABEL[dataset], dataset };
		});
	}

	destroy(): void {
		if (this.frame) cancelAnimationFrame(this.frame);
		clearTimeout(this.handOverTimer);
		clearTimeout(this.redrawTimer);
		this.map?.remove();
	}
}
