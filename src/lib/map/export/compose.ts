// Composes the briefing PNG with Canvas 2D: a title band (editable title, the active filters and
// date window, the datasets shown), the map as rendered off-screen, and a footer with the scale
// bar, the legend, the attribution and when it was generated. Layout sizes are CSS pixels,
// multiplied by the export's pixel ratio, so text and symbols keep their size at 2×.
import { DATASET_LABEL, type Dataset } from '../../types/dataset';
import { DATASET_HEX } from '../config';
import { mapPalette, type MapPalette } from '../../theme/palette';
import { FOOTER, layoutFooter, type FooterLayout } from './footer';
import { OLDEST_WEIGHT } from '../timeline/fade';
import type { ExportSize } from './sizes';
import type { ScaleLegend } from '../layers/aggregate-scale';
import { drawPie } from '../layers/cluster-pie';
import type { MapView } from '../layers/views';
import type { ChangeKind } from '../../changes/hotspots';
import { hexagonPath } from '../layers/hexagon';

export const TITLE_BAND_PX = 64;
export const FOOTER_BAND_PX = 46;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface BriefingText {
	title: string;
	/** Active filters and the date window, in words. */
	subtitle: string;
	datasets: Dataset[];
	attribution: string[];
	generatedAt: Date;
	/** What the ringed records are (search results, a question's numbered sources), when the map rings some. */
	rings?: string;
	/** Whether drawn areas are on the map. */
	areas?: boolean;
	/** The kinds of "What changed" outlined on the map, in legend order. */
	changes?: ChangeKind[];
	/** The organisations whose tracks are drawn, each with its colour's index (palette.ts tracks). */
	tracks?: Tracked[];
	/** The map's view (clusters when absent) and, for hexbins or the heatmap, its colour scale. */
	view?: MapView;
	scale?: ScaleLegend | null;
	/** A frame of the playback video: every record a dot, faded by age, no clusters. */
	playback?: boolean;
}

/**
 * The map's part of the image, in CSS pixels: what the title band and the footer leave. The
 * footer's height depends on its legend and credits at this width (footer.ts); without `text`,
 * the one-row footer of a wide image.
 */
export function mapArea(size: Pick<ExportSize, 'width' | 'height'>, text?: FooterText): { width: number; height: number } {
	const footer = text ? planFooter(measuringContext(), size.width, text).layout.height : FOOTER_BAND_PX;
	return { width: size.width, height: size.height - TITLE_BAND_PX - footer };
}

/** What the footer shows: the legend's entries (from the view, rings, areas, changes) and the credits. */
export type FooterText = Pick<
	BriefingText,
	'datasets' | 'attribution' | 'generatedAt' | 'rings' | 'areas' | 'changes' | 'tracks' | 'view' | 'scale' | 'playback'
>;

export interface Tracked {
	entity: string;
	colour: number;
}

/** The organisations a map's tracks show, in their colours' order (none when tracks are off). */
export function trackedOf(tracks: { dots: { entity: string; colour: number }[] } | undefined): Tracked[] {
	const seen = new Map<string, number>();
	for (const d of tracks?.dots ?? []) if (!seen.has(d.entity)) seen.set(d.entity, d.colour);
	return [...seen].map(([entity, colour]) => ({ entity, colour })).sort((a, b) => a.colour - b.colour);
}

let measurer: CanvasRenderingContext2D | null = null;
function measuringContext(): CanvasRenderingContext2D {
	return (measurer ??= document.createElement('canvas').getContext('2d')!);
}

/** Before the hexbin or heatmap view's scale is known (it comes with the map's layers): room for a typical one. */
const SCALE_ESTIMATE_PX = 360;

interface FooterItem {
	width: number;
	draw: (x: number, baseline: number) => void;
}

/** The footer's entries measured and laid out at this width, drawn on `ctx` when drawn. */
function planFooter(
	ctx: CanvasRenderingContext2D,
	width: number,
	text: FooterText
): { items: FooterItem[]; layout: FooterLayout; start: number; time: string } {
	const palette = mapPalette();
	const ink = palette.export.ink;
	ctx.font = `12px ${FONT}`;
	// The scale bar is at most 120 px, its label at most this long.
	const start = FOOTER.margin + 6 + 120 + ctx.measureText('10,000 km').width + 22;
	const symbol = (label: string, draw: (cx: number, cy: number) => void): FooterItem => ({
		width: 16 + ctx.measureText(label).width + 16,
		draw: (x, baseline) => {
			draw(x + 6, baseline - 4);
			ctx.fillStyle = ink;
			ctx.font = `12px ${FONT}`;
			ctx.fillText(label, x + 16, baseline);
		}
	});
	const items: FooterItem[] = [];
	const scale = text.scale;
	if (scale) items.push({ width: drawScale(ctx, scale, 0, 0, ink, false), draw: (x, baseline) => void drawScale(ctx, scale, x, baseline, ink) });
	else if ((text.view ?? 'clusters') !== 'clusters' && !text.playback) items.push({ width: SCALE_ESTIMATE_PX, draw: () => {} });
	for (const entry of legendEntries(ctx, text, palette)) items.push(symbol(entry.label, entry.draw));
	const time = `Generated ${generatedLabel(text.generatedAt)}`;
	const measureCredit = (t: string) => ((ctx.font = `11px ${FONT}`), ctx.measureText(t).width);
	const layout = layoutFooter(
		width,
		start,
		items.map((i) => i.width),
		text.attribution,
		time,
		measureCredit
	);
	return { items, layout, start, time };
}

/** "22 Nov 2026, 03:10 UTC": the viewer's time zone, named. */
export function generatedLabel(at: Date, timeZone?: string): string {
	return new Intl.DateTimeFormat('en-GB', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
		timeZoneName: 'short',
		timeZone
	}).format(at);
}

function fit(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
	if (ctx.measureText(text).width <= maxWidth) return text;
	let lo = 0;
	let hi = text.length;
	while (lo < hi) {
		const mid = (lo + hi + 1) >> 1;
		if (ctx.measureText(text.slice(0, mid) + '…').width <= maxWidth) lo = mid;
		else hi = mid - 1;
	}
	return text.slice(0, lo) + '…';
}

/** The briefing around the map image, drawn on `canvas` (a new one if not given; the video reuses one). */
export function composeBriefing(
	mapImage: CanvasImageSource,
	size: ExportSize,
	text: BriefingText,
	scaleBar: { px: number; label: string },
	canvas = document.createElement('canvas')
): HTMLCanvasElement {
	const { width, height, scale } = size;
	canvas.width = width * scale;
	canvas.height = height * scale;
	const ctx = canvas.getContext('2d')!;
	ctx.scale(scale, scale);
	// The bands in the page's theme; the legend's symbols as layers.ts and areas/draw.ts draw them.
	const palette = mapPalette();
	const { ink: INK, muted: MUTED } = palette.export;
	ctx.fillStyle = palette.export.background;
	ctx.fillRect(0, 0, width, height);

	// The map, between the bands, at the size it was drawn for (mapArea: its canvas is that at the pixel ratio).
	const drawn = mapImage as { width: number; height: number };
	ctx.drawImage(mapImage, 0, TITLE_BAND_PX, drawn.width / scale, drawn.height / scale);
	ctx.fillStyle = palette.export.rule;
	ctx.fillRect(0, TITLE_BAND_PX - 1, width, 1);

	// Title band: dataset chips on the right, title and subtitle in the room left of them.
	ctx.textBaseline = 'alphabetic';
	ctx.font = `700 12px ${FONT}`;
	let chipX = width - 16;
	for (const d of [...text.datasets].reverse()) {
		const label = DATASET_LABEL[d];
		const w = ctx.measureText(label).width + 14;
		chipX -= w;
		ctx.fillStyle = DATASET_HEX[d];
		roundRect(ctx, chipX, 16, w, 20, 4);
		ctx.fillStyle = '#ffffff';
		ctx.fillText(label, chipX + 7, 30);
		chipX -= 6;
	}
	const textRoom = chipX - 24;
	ctx.fillStyle = INK;
	ctx.font = `700 22px ${FONT}`;
	ctx.fillText(fit(ctx, text.title, textRoom), 16, 32);
	drawSubtitle(ctx, text.subtitle, width);

	// Footer: the scale bar, the legend's rows, the credits and the time (footer.ts), over the
	// map's foot should the legend need more rows than were planned when the map was drawn.
	const plan = planFooter(ctx, width, text);
	const footer = height - plan.layout.height;
	ctx.fillStyle = palette.export.background;
	ctx.fillRect(0, footer, width, plan.layout.height);
	ctx.fillStyle = palette.export.rule;
	ctx.fillRect(0, footer, width, 1);
	const line1 = footer + plan.layout.rowBaselines[0];
	ctx.strokeStyle = INK;
	ctx.lineWidth = 1.5;
	ctx.beginPath();
	ctx.moveTo(FOOTER.margin, line1 - 6);
	ctx.lineTo(FOOTER.margin, line1);
	ctx.lineTo(FOOTER.margin + scaleBar.px, line1);
	ctx.lineTo(FOOTER.margin + scaleBar.px, line1 - 6);
	ctx.stroke();
	ctx.fillStyle = INK;
	ctx.font = `12px ${FONT}`;
	ctx.fillText(scaleBar.label, FOOTER.margin + 6 + scaleBar.px, line1);
	// The first row begins after the scale bar drawn, which is never wider than the one planned for.
	const shift = FOOTER.margin + 6 + scaleBar.px + ctx.measureText(scaleBar.label).width + 22 - plan.start;
	plan.layout.rows.forEach((row, r) => {
		for (const { index, x } of row) plan.items[index].draw(x + (r === 0 ? shift : 0), footer + plan.layout.rowBaselines[r]);
	});

	ctx.font = `11px ${FONT}`;
	ctx.fillStyle = MUTED;
	const room = width - 2 * FOOTER.margin;
	plan.layout.credits.forEach((line, i) => ctx.fillText(fit(ctx, line, room), FOOTER.margin, footer + plan.layout.creditBaselines[i]));
	const timeWidth = ctx.measureText(plan.time).width;
	ctx.fillText(plan.time, plan.layout.timeOwnLine ? FOOTER.margin : width - FOOTER.margin - timeWidth, footer + plan.layout.timeBaseline);
	return canvas;
}

/**
 * The hexbin or heatmap view's scale on a footer row: its title, then classes or a ramp. Returns
 * the x after it; with `draw` false it only measures.
 */
function drawScale(ctx: CanvasRenderingContext2D, scale: ScaleLegend, x: number, line: number, ink: string, draw = true): number {
	ctx.font = `12px ${FONT}`;
	const text = (t: string, at: number) => draw && ((ctx.fillStyle = ink), ctx.fillText(t, at, line));
	text(scale.title + ':', x);
	x += ctx.measureText(scale.title + ':').width + 8;
	if (scale.gradient) {
		const first = scale.stops[0].label;
		text(first, x);
		x += ctx.measureText(first).width + 6;
		if (draw) {
			const ramp = ctx.createLinearGradient(x, 0, x + 90, 0);
			scale.stops.forEach((s, k) => ramp.addColorStop(k / (scale.stops.length - 1), s.hex));
			ctx.fillStyle = ramp;
			ctx.fillRect(x, line - 9, 90, 10);
		}
		x += 96;
		const last = scale.stops.at(-1)!.label;
		text(last, x);
		return x + ctx.measureText(last).width + 22;
	}
	for (const stop of scale.stops) {
		if (draw) hexagon(ctx, x + 6, line - 4, 6, stop.hex);
		text(stop.label, x + 15);
		x += 15 + ctx.measureText(stop.label).width + 10;
	}
	return x + 12;
}

/** The legend's entries with a symbol: what the view draws, the rings, drawn areas, what changed. */
function legendEntries(ctx: CanvasRenderingContext2D, text: FooterText, palette: MapPalette): { label: string; draw: (cx: number, cy: number) => void }[] {
	const clustered = (text.view ?? 'clusters') === 'clusters';
	const ringColour = `rgb(${palette.ring.slice(0, 3).join(',')})`;
	return [
		...(clustered
			? [
					...text.datasets.map((d) => ({ label: DATASET_LABEL[d], draw: (cx: number, cy: number) => dot(ctx, cx, cy, 5, DATASET_HEX[d]) })),
					...(text.playback
						? playbackLegend(ctx, palette.export.symbol)
						: [
								{ label: 'video', draw: (cx: number, cy: number) => dot(ctx, cx, cy, 5, palette.export.symbol) },
								{ label: 'image', draw: (cx: number, cy: number) => ring(ctx, cx, cy, 4.5, palette.export.symbol) },
								{ label: 'cluster (records in it; pie: ICD share orange, ICDB blue)', draw: (cx: number, cy: number) => drawPie(ctx, cx, cy, 7.5, 0.35, 1.2) }
							])
				]
			: []),
		...(text.rings ? [{ label: text.rings, draw: (cx: number, cy: number) => ring(ctx, cx, cy, 5, ringColour) }] : []),
		...(text.areas
			? [
					{
						label: 'drawn area',
						draw: (cx: number, cy: number) => (
							(ctx.strokeStyle = palette.area),
							(ctx.lineWidth = 1.5),
							ctx.setLineDash([3, 2]),
							ctx.strokeRect(cx - 5, cy - 4, 10, 8),
							ctx.setLineDash([])
						)
					}
				]
			: []),
		...(text.tracks ?? []).map(({ entity, colour }) => ({
			label: `${entity} (track)`,
			draw: (cx: number, cy: number) => {
				const [r, g, b] = palette.tracks[colour % palette.tracks.length];
				ctx.strokeStyle = `rgb(${r},${g},${b})`;
				ctx.lineWidth = 3;
				ctx.lineCap = 'round';
				ctx.beginPath();
				ctx.moveTo(cx - 6, cy + 2);
				ctx.lineTo(cx + 6, cy - 2);
				ctx.stroke();
			}
		})),
		...(text.changes ?? []).map((kind) => ({
			label: CHANGE_LEGEND[kind],
			draw: (cx: number, cy: number) => hexagonOutline(ctx, cx, cy, 6, `rgb(${palette.changes[kind].slice(0, 3).join(',')})`)
		}))
	];
}

/** What the legend calls each kind of "What changed" (changes/hotspots.ts). */
const CHANGE_LEGEND: Record<ChangeKind, string> = {
	new: 'new place',
	intensifying: 'intensifying',
	diminishing: 'diminishing',
	persistent: 'standing hotspot'
};

/** A pointy-top hexagon outline, as the map outlines a changed place. */
function hexagonOutline(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string) {
	ctx.strokeStyle = color;
	ctx.lineWidth = 2;
	hexagonPath(ctx, x, y, r);
	ctx.stroke();
}

function hexagon(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string) {
	ctx.fillStyle = color;
	hexagonPath(ctx, x, y, r);
	ctx.fill();
}

/** Playback draws records, not clusters: one dot each, the older in the window the fainter. */
function playbackLegend(ctx: CanvasRenderingContext2D, symbol: string) {
	return [
		{ label: 'newest in the window', draw: (cx: number, cy: number) => dot(ctx, cx, cy, 5, symbol) },
		{ label: 'oldest', draw: (cx: number, cy: number) => ((ctx.globalAlpha = OLDEST_WEIGHT), dot(ctx, cx, cy, 5, symbol), (ctx.globalAlpha = 1)) }
	];
}

/** The title band's second line (filters, dates, count); the video redraws it on each frame. */
export function drawSubtitle(ctx: CanvasRenderingContext2D, subtitle: string, width: number): void {
	const { background, muted } = mapPalette().export;
	ctx.fillStyle = background;
	ctx.fillRect(0, 40, width, 20);
	ctx.fillStyle = muted;
	ctx.font = `13px ${FONT}`;
	ctx.fillText(fit(ctx, subtitle, width - 32), 16, 53);
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
	ctx.beginPath();
	ctx.roundRect(x, y, w, h, r);
	ctx.fill();
}

function dot(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string) {
	ctx.fillStyle = color;
	ctx.beginPath();
	ctx.arc(x, y, r, 0, Math.PI * 2);
	ctx.fill();
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string) {
	ctx.strokeStyle = color;
	ctx.lineWidth = 2;
	ctx.beginPath();
	ctx.arc(x, y, r, 0, Math.PI * 2);
	ctx.stroke();
}

/**
 * Whether an image is one flat colour (a WebGL buffer read too early, a lost context): sampled at
 * 64 × 64, which is plenty to tell a map from a blank.
 */
export function isBlank(image: CanvasImageSource): boolean {
	const probe = document.createElement('canvas');
	probe.width = probe.height = 64;
	const ctx = probe.getContext('2d', { willReadFrequently: true })!;
	ctx.drawImage(image, 0, 0, 64, 64);
	const data = ctx.getImageData(0, 0, 64, 64).data;
	for (let i = 4; i < data.length; i += 4) {
		if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 12) return false;
	}
	return true;
}
