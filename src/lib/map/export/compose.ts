// Composes the briefing PNG with Canvas 2D: a title band (editable title, the active filters and
// date window, the datasets shown), the map as rendered off-screen, and a footer with the scale
// bar, the legend, the attribution and when it was generated. Layout sizes are CSS pixels,
// multiplied by the export's pixel ratio, so text and symbols keep their size at 2×.
import { DATASET_LABEL, type Dataset } from '../../types/dataset';
import { DATASET_HEX } from '../config';
import { mapPalette } from '../../theme/palette';
import { OLDEST_WEIGHT } from '../timeline/fade';
import type { ExportSize } from './sizes';
import type { ScaleLegend } from '../layers/aggregate-scale';
import { drawPie } from '../layers/cluster-pie';
import type { MapView } from '../layers/views';
import type { ChangeKind } from '../changes/hotspots';

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
	/** The map's view (clusters when absent) and, for hexbins or the heatmap, its colour scale. */
	view?: MapView;
	scale?: ScaleLegend | null;
	/** A frame of the playback video: every record a dot, faded by age, no clusters. */
	playback?: boolean;
}

/** The map's part of the image, in CSS pixels. */
export function mapArea(size: Pick<ExportSize, 'width' | 'height'>): { width: number; height: number } {
	return { width: size.width, height: size.height - TITLE_BAND_PX - FOOTER_BAND_PX };
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
	// The bands in the page's theme; the rings and areas as layers.ts and areas/draw.ts draw them.
	const palette = mapPalette();
	const { ink: INK, muted: MUTED } = palette.export;
	const RING = `rgb(${palette.ring.slice(0, 3).join(',')})`;
	ctx.fillStyle = palette.export.background;
	ctx.fillRect(0, 0, width, height);

	// The map, between the bands.
	const area = mapArea(size);
	ctx.drawImage(mapImage, 0, TITLE_BAND_PX, area.width, area.height);
	ctx.fillStyle = palette.export.rule;
	ctx.fillRect(0, TITLE_BAND_PX - 1, width, 1);
	ctx.fillRect(0, TITLE_BAND_PX + area.height, width, 1);

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

	// Footer, first line: scale bar, then the legend.
	const footer = TITLE_BAND_PX + area.height;
	const line1 = footer + 18;
	ctx.strokeStyle = INK;
	ctx.lineWidth = 1.5;
	ctx.beginPath();
	ctx.moveTo(16, line1 - 6);
	ctx.lineTo(16, line1);
	ctx.lineTo(16 + scaleBar.px, line1);
	ctx.lineTo(16 + scaleBar.px, line1 - 6);
	ctx.stroke();
	ctx.fillStyle = INK;
	ctx.font = `12px ${FONT}`;
	ctx.fillText(scaleBar.label, 22 + scaleBar.px, line1);
	let x = 22 + scaleBar.px + ctx.measureText(scaleBar.label).width + 22;
	const clustered = (text.view ?? 'clusters') === 'clusters';
	const legend: { draw: (cx: number, cy: number) => void; label: string }[] = [
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
		...(text.rings ? [{ label: text.rings, draw: (cx: number, cy: number) => ring(ctx, cx, cy, 5, RING) }] : []),
		...(text.changes ?? []).map((kind) => ({
			label: CHANGE_LEGEND[kind],
			draw: (cx: number, cy: number) => hexagonOutline(ctx, cx, cy, 6, `rgb(${palette.changes[kind].slice(0, 3).join(',')})`)
		})),
		...(text.areas
			? [
					{
						label: 'drawn area',
						draw: (cx: number, cy: number) => (
							(ctx.strokeStyle = palette.area),
							ctx.setLineDash([3, 2]),
							ctx.strokeRect(cx - 5, cy - 4, 10, 8),
							ctx.setLineDash([])
						)
					}
				]
			: [])
	];
	if (text.scale) x = drawScale(ctx, text.scale, x, line1, INK);
	for (const item of legend) {
		item.draw(x + 6, line1 - 4);
		ctx.fillStyle = INK;
		ctx.fillText(item.label, x + 16, line1);
		x += 16 + ctx.measureText(item.label).width + 16;
	}

	// Second line: attribution on the left, generation time on the right.
	const line2 = footer + 38;
	ctx.font = `11px ${FONT}`;
	ctx.fillStyle = MUTED;
	const generated = `Generated ${generatedLabel(text.generatedAt)}`;
	const generatedWidth = ctx.measureText(generated).width;
	ctx.fillText(generated, width - 16 - generatedWidth, line2);
	ctx.fillText(fit(ctx, text.attribution.join(' · '), width - 48 - generatedWidth), 16, line2);
	return canvas;
}

/** The hexbin or heatmap view's scale on the footer's line: its title, then classes or a ramp. Returns the x after it. */
function drawScale(ctx: CanvasRenderingContext2D, scale: ScaleLegend, x: number, line: number, ink: string): number {
	ctx.fillStyle = ink;
	ctx.fillText(scale.title + ':', x, line);
	x += ctx.measureText(scale.title + ':').width + 8;
	if (scale.gradient) {
		const first = scale.stops[0].label;
		ctx.fillText(first, x, line);
		x += ctx.measureText(first).width + 6;
		const ramp = ctx.createLinearGradient(x, 0, x + 90, 0);
		scale.stops.forEach((s, k) => ramp.addColorStop(k / (scale.stops.length - 1), s.hex));
		ctx.fillStyle = ramp;
		ctx.fillRect(x, line - 9, 90, 10);
		x += 96;
		ctx.fillStyle = ink;
		const last = scale.stops.at(-1)!.label;
		ctx.fillText(last, x, line);
		return x + ctx.measureText(last).width + 22;
	}
	for (const stop of scale.stops) {
		hexagon(ctx, x + 6, line - 4, 6, stop.hex);
		ctx.fillStyle = ink;
		ctx.fillText(stop.label, x + 15, line);
		x += 15 + ctx.measureText(stop.label).width + 10;
	}
	return x + 12;
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
	ctx.beginPath();
	for (let k = 0; k < 6; k++) ctx.lineTo(x + r * Math.sin((k * Math.PI) / 3), y - r * Math.cos((k * Math.PI) / 3));
	ctx.closePath();
	ctx.stroke();
}

function hexagon(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string) {
	ctx.fillStyle = color;
	ctx.beginPath();
	for (let k = 0; k < 6; k++) ctx.lineTo(x + r * Math.sin((k * Math.PI) / 3), y - r * Math.cos((k * Math.PI) / 3));
	ctx.closePath();
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
