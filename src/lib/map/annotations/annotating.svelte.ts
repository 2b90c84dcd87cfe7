// The annotations on the map and how the analyst makes and changes them, with the mouse or the
// keyboard (annotations.ts is what one is; AnnotationTools.svelte the panel; annotation-layers.ts
// the drawing).
//   Mouse: pick a tool, then click on the map: a label at one click, an arrow from its tail to its
//   head, a circle from its centre to its edge, a shape corner by corner (closed on its first
//   corner or with Enter). Drag an annotation to move it, a handle of the one selected to reshape
//   it.
//   Keyboard: a tool chosen from the keyboard places its annotation at the map's centre at once;
//   in the panel's list, the arrow keys move the one focused, + and − resize it, Delete removes it.
// The list is part of the view's URL (`ann=`), so a shared link restores it.
import type { Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import { lonFromX, latFromY, mercatorX, mercatorY } from '../projection/mercator';
import {
	annotationProblem,
	cleanText,
	destination,
	moved,
	withPoint,
	MAX_ANNOTATIONS,
	type Annotation,
	type AnnotationInputs,
	type AnnotationKind,
	type LonLat
} from './annotations';
import type { AnnotationPick } from './picks';

export interface AnnotatingHooks {
	map(): MaplibreMap | undefined;
	/** The annotation (and handle) under a pixel of the map, if any. */
	pick(x: number, y: number): AnnotationPick | null;
	redraw(): void;
	syncUrl(): void;
	/** A tool is starting: an area being drawn stops (one drawing at a time). */
	starting(): void;
}

/** How close (CSS pixels) a click must come to a shape's first corner to close it. */
const CLOSE_PX = 10;
/** A keyboard nudge: this share of the map's width (Shift: five times as far). */
const NUDGE_SHARE = 1 / 40;

interface Drag {
	index: number;
	handle?: number;
	/** Where the pointer went down, in Mercator units, and the annotation as it was then. */
	from: [number, number];
	before: Annotation;
	moved: boolean;
}

export class Annotating {
	list = $state<Annotation[]>([]);
	/** The annotation being edited (handles drawn, its row marked in the panel). */
	selected = $state<number | null>(null);
	/** The tool placing a new annotation, if any: the map's clicks are its meanwhile. */
	tool = $state<AnnotationKind | null>(null);
	/** The points clicked so far for the one being placed. */
	placing = $state<LonLat[]>([]);
	/** Set when a new annotation's text should take the keyboard's focus (the panel focuses it). */
	focusText = $state<number | null>(null);
	/** What the last change could not do ("at most 30"), said in the panel. */
	notice = $state<string | null>(null);
	private pointer: LonLat | null = null;
	private drag: Drag | null = null;
	/** When the last annotation was placed: the same click must not also open a record under it (the map's and deck.gl's click handlers run in no set order). */
	private placedAt = -Infinity;

	constructor(
		initial: Annotation[],
		private readonly hooks: AnnotatingHooks
	) {
		this.list = initial;
	}

	/** True while the map's pointer belongs to the annotations (placing or dragging one). */
	get busy(): boolean {
		return this.tool !== null || this.drag !== null || performance.now() - this.placedAt < 300;
	}

	inputs(): AnnotationInputs | undefined {
		const preview = this.preview();
		if (this.list.length === 0 && !preview) return undefined;
		return { list: this.list, selected: this.selected, preview };
	}

	/** Starts a tool. From the keyboard (no pointer to place with) the annotation goes at the map's centre at once. */
	start(kind: AnnotationKind, fromKeyboard: boolean): void {
		this.cancel();
		this.hooks.starting();
		if (!this.roomForOne()) return;
		if (fromKeyboard) return void this.add(this.atCentre(kind));
		this.tool = kind;
		this.setPlacingControls(true);
		this.hooks.redraw();
	}

	cancel(): void {
		if (this.tool) this.setPlacingControls(false);
		this.tool = null;
		this.placing = [];
		this.pointer = null;
		this.hooks.redraw();
	}

	update(index: number, next: Annotation): void {
		if (annotationProblem(next)) return;
		this.list = this.list.map((a, i) => (i === index ? next : a));
		this.changed();
	}

	setText(index: number, text: string): void {
		const a = this.list[index];
		const clean = cleanText(text);
		// A label is its text: emptied, it keeps what it said.
		if (a && !(a.kind === 'label' && !clean)) this.update(index, { ...a, text: clean });
	}

	remove(index: number): void {
		this.list = this.list.filter((_, i) => i !== index);
		if (this.selected === index) this.selected = null;
		else if (this.selected !== null && this.selected > index) this.selected--;
		this.notice = null;
		this.changed();
	}

	clear(): void {
		this.list = [];
		this.selected = null;
		this.notice = null;
		this.changed();
	}

	select(index: number | null): void {
		this.selected = index;
		this.hooks.redraw();
	}

	/** Moves an annotation by a share of the map's width (arrow keys). */
	nudge(index: number, right: number, down: number): void {
		const map = this.hooks.map();
		const a = this.list[index];
		if (!map || !a) return;
		const bounds = map.getBounds();
		const width = Math.abs(mercatorX(bounds.getEast()) - mercatorX(bounds.getWest())) || 1;
		this.update(index, moved(a, right * width * NUDGE_SHARE, down * width * NUDGE_SHARE));
	}

	/** Grows or shrinks an annotation about its first point (+ and −): a circle's radius, an arrow's or a shape's extent. */
	resize(index: number, factor: number): void {
		const a = this.list[index];
		if (!a || a.kind === 'label') return;
		if (a.kind === 'circle') return this.update(index, { ...a, radiusKm: (a.radiusKm ?? 1) * factor });
		const [ox, oy] = [mercatorX(a.points[0][0]), mercatorY(a.points[0][1])];
		const scale = ([lon, lat]: LonLat): LonLat => [lonFromX(ox + (mercatorX(lon) - ox) * factor), latFromY(oy + (mercatorY(lat) - oy) * factor)];
		this.update(index, { ...a, points: a.points.map(scale) });
	}

	/** Keys while a tool places: Escape cancels, Enter closes a shape. True when the key was the tool's. */
	key(e: KeyboardEvent): boolean {
		if (!this.tool) return false;
		if (e.key === 'Escape') this.cancel();
		else if (e.key === 'Enter' && this.tool === 'polygon') this.finishShape();
		else return false;
		e.preventDefault();
		return true;
	}

	/** The map's pointer events: placing with a tool, dragging an annotation or one of its handles. */
	attach(map: MaplibreMap): void {
		map.on('click', (e) => this.click(e));
		map.on('mousedown', (e) => this.down(e));
		map.on('mousemove', (e) => this.move(e));
		map.on('mouseup', () => this.up());
		map.on('mouseout', () => this.up());
	}

	private click(e: MapMouseEvent): void {
		const kind = this.tool;
		if (!kind) return;
		const at: LonLat = [e.lngLat.wrap().lng, e.lngLat.lat];
		if (kind === 'label') return this.finish({ kind, points: [at], text: 'Label' });
		if (kind === 'polygon') {
			if (this.placing.length >= 3 && this.nearFirstCorner(e.point)) return this.finishShape();
		} else if (this.placing.length === 1) {
			const [first] = this.placing;
			return this.finish(kind === 'arrow' ? { kind, points: [first, at], text: '' } : withPoint({ kind, points: [first], radiusKm: 0, text: '' }, 1, at));
		}
		this.placing = [...this.placing, at];
		this.hooks.redraw();
	}

	private down(e: MapMouseEvent): void {
		// No annotations, nothing to pick: a pan's mousedown asks deck.gl for nothing.
		if (this.tool || this.list.length === 0) return;
		const pick = this.hooks.pick(e.point.x, e.point.y);
		if (!pick) {
			if (this.selected !== null) this.select(null);
			return;
		}
		// The map must not pan while an annotation is dragged.
		e.preventDefault();
		this.hooks.map()?.dragPan.disable();
		this.selected = pick.index;
		this.drag = {
			index: pick.index,
			handle: pick.handle,
			from: [mercatorX(e.lngLat.lng), mercatorY(e.lngLat.lat)],
			before: this.list[pick.index],
			moved: false
		};
		this.hooks.redraw();
	}

	private move(e: MapMouseEvent): void {
		if (this.tool) {
			this.pointer = [e.lngLat.wrap().lng, e.lngLat.lat];
			if (this.placing.length) this.hooks.redraw();
			return;
		}
		const d = this.drag;
		if (!d) return;
		const to: LonLat = [e.lngLat.wrap().lng, e.lngLat.lat];
		const next =
			d.handle !== undefined ? withPoint(d.before, d.handle, to) : moved(d.before, mercatorX(e.lngLat.lng) - d.from[0], mercatorY(e.lngLat.lat) - d.from[1]);
		if (annotationProblem(next)) return;
		d.moved = true;
		this.list = this.list.map((a, i) => (i === d.index ? next : a));
		this.hooks.redraw();
	}

	private up(): void {
		const d = this.drag;
		if (!d) return;
		this.drag = null;
		this.hooks.map()?.dragPan.enable();
		if (d.moved) this.hooks.syncUrl();
	}

	private finishShape(): void {
		if (this.tool === 'polygon' && this.placing.length >= 3) this.finish({ kind: 'polygon', points: this.placing, text: '' });
	}

	private finish(a: Annotation): void {
		this.placedAt = performance.now();
		this.cancel();
		this.add(a);
	}

	private add(a: Annotation): void {
		if (annotationProblem(a) || !this.roomForOne()) return;
		this.list = [...this.list, a];
		this.selected = this.list.length - 1;
		this.focusText = this.selected;
		this.changed();
	}

	private roomForOne(): boolean {
		if (this.list.length < MAX_ANNOTATIONS) return true;
		this.notice = `At most ${MAX_ANNOTATIONS} annotations: remove one first.`;
		return false;
	}

	private changed(): void {
		this.hooks.redraw();
		this.hooks.syncUrl();
	}

	/** The one being placed as it would be if the pointer's spot were the next click. */
	private preview(): Annotation | null {
		const kind = this.tool;
		if (!kind || !this.placing.length || !this.pointer) return null;
		if (kind === 'circle') return withPoint({ kind, points: [this.placing[0]], radiusKm: 0, text: '' }, 1, this.pointer);
		if (kind === 'arrow') return { kind, points: [this.placing[0], this.pointer], text: '' };
		// A shape of two corners so far is drawn as its open line (an arrow would add a head).
		const points = [...this.placing, this.pointer];
		return points.length >= 3 ? { kind: 'polygon', points, text: '' } : { kind: 'polygon', points: [...points, points[0]], text: '' };
	}

	/** A new annotation at the map's centre, about a fifth of the view across. */
	private atCentre(kind: AnnotationKind): Annotation {
		const map = this.hooks.map();
		const c = map?.getCenter();
		const centre: LonLat = c ? [c.wrap().lng, c.lat] : [0, 0];
		const b = map?.getBounds();
		const widthKm = b ? Math.max(1, (Math.abs(b.getEast() - b.getWest()) * 111.32 * Math.cos((centre[1] * Math.PI) / 180)) / 5) : 200;
		if (kind === 'label') return { kind, points: [centre], text: 'Label' };
		if (kind === 'circle') return { kind, points: [centre], radiusKm: Math.min(widthKm / 2, 2000), text: '' };
		if (kind === 'arrow') return { kind, points: [destination(centre, widthKm, 250), centre], text: '' };
		return { kind, points: [0, 120, 240].map((b) => destination(centre, widthKm / 2, b)), text: '' };
	}

	private nearFirstCorner(point: { x: number; y: number }): boolean {
		const map = this.hooks.map();
		if (!map) return false;
		const first = map.project(this.placing[0]);
		return Math.hypot(first.x - point.x, first.y - point.y) <= CLOSE_PX;
	}

	/** While placing: a crosshair, and no double-click zoom (a shape's corners come in quick clicks). */
	private setPlacingControls(on: boolean): void {
		const map = this.hooks.map();
		if (!map) return;
		map.getCanvas().style.cursor = on ? 'crosshair' : '';
		if (on) map.doubleClickZoom.disable();
		else map.doubleClickZoom.enable();
	}
}
