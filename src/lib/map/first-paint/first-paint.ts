// The map's first paint on a plain 2D canvas, until WebGL has drawn the same.
//
// Without a GPU (SwiftShader), a WebGL frame that draws a layer type for the first time builds
// that type's rendering pipeline: ~0.4 s for the basemap's fill and lines, ~0.5 s for the density
// image, ~0.8 s for the clusters and their counts. While the page shows a WebGL canvas, every
// frame waits for those pixels, so nothing at all reached the screen for 1-2 s. Canvas 2D needs no
// pipeline. So, when the basemap is the offline one: the countries are painted on a 2D canvas as
// soon as the page has mounted, in the view MapLibre will show (mercator-view.ts), the worker's
// first density image on top of them as soon as it arrives. Neither waits for MapLibre and deck.gl
// (engine.ts), which over a slow link arrive seconds later; once they do, the map's own (WebGL)
// canvas stays hidden, which keeps its frames from holding up the page's; the 2D paint goes on
// showing the newer images of the stream. Once deck.gl has drawn the image the paint shows into a
// map frame (not merely been given it: until MapLibre's style has loaded and deck.gl has set
// itself up, the map's frames hold the basemap alone), the WebGL canvas is shown and, when that
// frame is on screen, the 2D paint is cleared (scene.svelte.ts: handOver, layerDrawn). On a GPU
// all this takes a frame or two.
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { mapPalette } from '../../theme/palette';
import type { DensityFrame } from '../worker/density';

type Project = (lon: number, lat: number) => [number, number];

/** Where the image goes on screen, in CSS pixels of the map (north-up, flat: a rectangle). */
export function screenRect(frame: DensityFrame, project: Project): { x: number; y: number; width: number; height: number } {
	const [left, top] = project(frame.west, frame.north);
	const [right, bottom] = project(frame.east, frame.south);
	return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Runs `then` once the current frame has been painted (its commit done), not merely begun. */
export function afterNextPaint(then: () => void): void {
	requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * The map is shown anyway once this long passes with nothing new: no record since the paint began
 * or since the last batch. A stream that keeps coming (a slow service, a busy machine) keeps the
 * 2D paint until its first image; one that stalls or never starts shows the map.
 */
const FIRST_PAINT_STALL_MS = 4000;

/**
 * What the first paint does when the stream ends (or fails) before its first image was shown.
 * With records, the image of the last batch is on its way (indexed, then cut): the paint waits for
 * it (the stall timer starting again), so a busy machine, whose worker lags behind a short stream,
 * still shows the records at once. Without records, or on a failure, the map is shown now.
 */
export function atStreamEnd(o: { imageShown: boolean; records: number; failed: boolean }): 'wait' | 'reveal' | 'nothing' {
	if (o.imageShown) return 'nothing';
	return o.records > 0 && !o.failed ? 'wait' : 'reveal';
}

export class FirstPaint {
	private land: FeatureCollection<Polygon | MultiPolygon> | null = null;
	private project: Project | null = null;
	private zoom: () => number = () => 0;
	private density: { image: ImageData; frame: DensityFrame } | null = null;
	private scratch: HTMLCanvasElement | null = null;
	/** The map's WebGL canvas, hidden while the 2D paint shows; null until MapLibre has made it. */
	private hiddenMap: HTMLCanvasElement | null = null;
	private painting = false;
	/** reveal() was asked before the map existed: it happens when the map is attached. */
	private revealWhenAttached: (() => void) | null = null;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private onTimeout: () => void = () => {};

	constructor(private readonly canvas: HTMLCanvasElement) {}

	/** True from begin() until the map's own canvas is shown. */
	get active(): boolean {
		return this.painting;
	}

	/** Paints the countries, in the view given, until reveal(). */
	begin(land: FeatureCollection<Polygon | MultiPolygon>, project: Project, zoom: () => number, onTimeout: () => void): void {
		this.land = land;
		this.project = project;
		this.zoom = zoom;
		this.painting = true;
		this.onTimeout = onTimeout;
		this.stillComing();
		this.paint();
	}

	/** MapLibre has made its canvas: hidden until reveal(), and the paint follows the map's projection. */
	attachMap(mapCanvas: HTMLCanvasElement, project: Project, zoom: () => number): void {
		if (!this.painting) return;
		this.hiddenMap = mapCanvas;
		mapCanvas.style.visibility = 'hidden';
		this.project = project;
		this.zoom = zoom;
		this.paint();
		const then = this.revealWhenAttached;
		this.revealWhenAttached = null;
		if (then) this.reveal(then);
	}

	/** Records are still arriving: the stall timer starts again. */
	stillComing(): void {
		// Once the image shows, only its hand-over to the map is left (which may wait for MapLibre to load).
		if (!this.active || this.density) return;
		clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			this.canvas.dataset.ended = 'stalled';
			this.onTimeout();
		}, FIRST_PAINT_STALL_MS);
	}

	/** Paints again for the map's current view (it has moved or changed size). */
	repaint(): void {
		if (this.active) this.paint();
	}

	/** Adds a density image to the paint: the first, or a newer one while MapLibre is still loading. */
	showImage(image: ImageData, frame: DensityFrame, passing: number): void {
		if (!this.active) return;
		this.density = { image, frame };
		this.scratch = null;
		clearTimeout(this.timer);
		this.canvas.dataset.ended = 'image';
		this.paint();
		this.mark(passing);
	}

	/** Shows the map's canvas; once that frame is on screen, clears the 2D paint and calls `then`. */
	reveal(then: () => void = () => {}): void {
		if (!this.painting) return then();
		clearTimeout(this.timer);
		// Why the paint ended, for tests and the benchmark: an image, a stall, or the stream's end.
		this.canvas.dataset.ended ||= 'stream-ended';
		const mapCanvas = this.hiddenMap;
		// Nothing to show instead yet: the paint stays until MapLibre has made its canvas.
		if (!mapCanvas) return void (this.revealWhenAttached = then);
		this.painting = false;
		this.hiddenMap = null;
		mapCanvas.style.visibility = '';
		afterNextPaint(() => {
			this.canvas.getContext('2d')?.clearRect(0, 0, this.canvas.width, this.canvas.height);
			this.canvas.hidden = true;
			this.density = null;
			this.scratch = null;
			this.mark(0);
			then();
		});
	}

	private paint(): void {
		const { canvas, project, land, density } = this;
		if (!project || !land) return;
		const ratio = window.devicePixelRatio || 1;
		canvas.hidden = false;
		canvas.width = Math.round(canvas.clientWidth * ratio);
		canvas.height = Math.round(canvas.clientHeight * ratio);
		const context = canvas.getContext('2d');
		if (!context) return;
		context.setTransform(ratio, 0, 0, ratio, 0, 0);
		paintLand(context, land, project, this.zoom(), canvas.clientWidth, canvas.clientHeight);
		if (!density) return;
		// The image's pixels go to a canvas of their size first: putImageData does not scale.
		let scratch = this.scratch;
		if (!scratch) {
			scratch = this.scratch = document.createElement('canvas');
			scratch.width = density.image.width;
			scratch.height = density.image.height;
			scratch.getContext('2d')?.putImageData(density.image, 0, 0);
		}
		const rect = screenRect(density.frame, project);
		// Linear filtering, as deck.gl's BitmapLayer draws the same image.
		context.imageSmoothingEnabled = true;
		context.drawImage(scratch, rect.x, rect.y, rect.width, rect.height);
	}

	/** Records in the image shown, 0 without one: for tests and the benchmark. */
	private mark(records: number): void {
		this.canvas.dataset.records = String(records);
	}
}

/** The offline style's ocean, land and borders (basemap.ts), in 2D, in the page's theme. */
function paintLand(
	context: CanvasRenderingContext2D,
	land: FeatureCollection<Polygon | MultiPolygon>,
	project: Project,
	zoom: number,
	width: number,
	height: number
): void {
	const BASEMAP = mapPalette().basemap;
	context.fillStyle = BASEMAP.ocean;
	context.fillRect(0, 0, width, height);
	const path = new Path2D();
	const ring = (points: Position[]) => {
		points.forEach(([lon, lat], i) => {
			const [x, y] = project(lon, lat);
			if (i === 0) path.moveTo(x, y);
			else path.lineTo(x, y);
		});
		path.closePath();
	};
	for (const feature of land.features as Feature<Polygon | MultiPolygon>[]) {
		const g = feature.geometry;
		if (g.type === 'Polygon') g.coordinates.forEach(ring);
		else g.coordinates.forEach((polygon) => polygon.forEach(ring));
	}
	context.fillStyle = BASEMAP.land;
	context.fill(path, 'evenodd');
	context.strokeStyle = BASEMAP.border;
	// The style's border width: 0.4 px at zoom 1 up to 1.1 px at zoom 6.
	context.lineWidth = 0.4 + (0.7 * Math.min(5, Math.max(0, zoom - 1))) / 5;
	context.stroke(path);
}
