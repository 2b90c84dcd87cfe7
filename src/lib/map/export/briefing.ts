// A briefing image from start to end: check the size, render the map off-screen, compose the
// bands around it. The button, the browser tests and `npm run brief` all come through here.
import type { Layer } from '@deck.gl/core';
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Dataset } from '../../types/dataset';
import type { ScaleLegend } from '../layers/aggregate-scale';
import type { MapView } from '../layers/views';
import { composeBriefing, mapArea, type FooterText, type Tracked } from './compose';
import { attributionOf } from './describe';
import { renderMapOffscreen, type OffscreenView } from './render';
import { scaleBar } from './scale-bar';
import { sizeProblem } from './sizes';
import type { ChangeKind } from '../../changes/hotspots';

export interface ExportRequest {
	/** CSS pixels of the whole image; the PNG has width × scale by height × scale pixels. */
	width: number;
	height: number;
	scale: number;
	title: string;
	/** Country, admin-1 and town names on the map (default: yes). */
	places?: boolean;
}

export interface BriefingContext {
	live: MaplibreMap;
	layers: (view: OffscreenView) => Promise<Layer[]>;
	subtitle: string;
	datasets: Dataset[];
	serviceLabel: string;
	/** Credits of what the deck.gl layers add to the basemap's (place names: GeoNames). */
	credits?: string[];
	/** The legend's entry for the ringed records, if any; whether areas are drawn. */
	rings?: string;
	areas?: boolean;
	/** The kinds of "What changed" outlined, for the legend. */
	changes?: ChangeKind[];
	/** The organisations whose tracks are drawn, with their colour's index. */
	tracks?: Tracked[];
	/** The map's view, and the colour scale of the hexbin or heatmap view as drawn (known once the layers are built). */
	view?: MapView;
	scale?: () => ScaleLegend | null;
}

export async function renderBriefing(
	request: ExportRequest,
	context: BriefingContext,
	progress: (what: string) => void = () => {}
): Promise<HTMLCanvasElement> {
	const problem = sizeProblem(request);
	if (problem) throw new Error(problem);
	// The footer as it will be composed (its legend and credits set its height at this width).
	const sources = (context.live.getStyle().sources ?? {}) as Record<string, { attribution?: string }>;
	const footer: FooterText = {
		datasets: context.datasets,
		attribution: attributionOf(sources, context.serviceLabel, context.credits),
		generatedAt: new Date(),
		rings: context.rings,
		areas: context.areas,
		changes: context.changes,
		tracks: context.tracks,
		view: context.view
	};
	const area = mapArea(request, footer);
	const { canvas, view, centerLat } = await renderMapOffscreen({
		live: context.live,
		...area,
		scale: request.scale,
		layers: context.layers,
		onprogress: progress
	});
	progress('Composing the image…');
	return composeBriefing(
		canvas,
		request,
		{ ...footer, title: request.title, subtitle: context.subtitle, scale: context.scale?.() ?? null },
		scaleBar(centerLat, view.zoom, 120)
	);
}

export function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
	return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The browser could not encode the PNG.'))), 'image/png'));
}
