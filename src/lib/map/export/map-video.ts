// The timeline playback of the current view as a video: the basemap and place names rendered once
// off-screen (the camera does not move), then per frame the window's records drawn by the worker
// as playback dots (worker/density.ts: the minimum radius, the fade by age) over it, the date
// large on the map, and the briefing's bands around it (compose.ts), handed to the encoder.
// Drawing dots on the CPU instead of a WebGL frame per video frame is what keeps a 1080p minute
// within reach without a GPU; the look is the app's playback in software WebGL.
import type { Layer } from '@deck.gl/core';
import { loadPlaceLabels, PlacesInView } from '../places/labels';
import { loadEngine } from '../engine/engine-loader';
import { countInRange } from '../timeline/bins';
import { daysLabel, windowDays } from '../timeline/playback';
import { densityFrame, type DensityFrame } from '../worker/density';
import { composeBriefing, drawSubtitle, mapArea, trackedOf, TITLE_BAND_PX, type BriefingText } from './compose';
import { attributionOf, describeFilters } from './describe';
import type { BriefingSources } from './map-briefing';
import { renderMapOffscreen, type OffscreenView } from './render';
import { scaleBar } from './scale-bar';
import { frameCount, frameDates, videoProblem, type VideoRequest } from './video-plan';
import { canEncodeVideo, encodeVideo, NO_WEBCODECS } from './video-encoder';
import { kindsAmong } from '../../changes/hotspots';
import { briefingAnnotations } from './map-briefing';

export interface VideoProgress {
	/** Frames encoded so far, of `total`; 0 while the basemap is drawn. */
	done: number;
	total: number;
	what: string;
}

export async function explorerVideo(
	s: BriefingSources,
	request: VideoRequest,
	progress: (p: VideoProgress) => void = () => {},
	signal?: AbortSignal
): Promise<Blob> {
	const problem = videoProblem(request);
	if (problem) throw new Error(problem);
	if (!canEncodeVideo()) throw new Error(NO_WEBCODECS);
	const { map } = s.scene;
	const worker = s.feed.worker;
	if (!map || !worker) throw new Error('The map is not ready yet.');
	s.playback.player.pause();
	const domain = s.playback.domain();
	if (!domain) throw new Error('There are no dated records to play.');
	const total = frameCount(request.seconds, request.fps);
	const size = { width: request.width, height: request.height, scale: 1 };
	progress({ done: 0, total, what: 'Drawing the basemap…' });
	const places = request.places === false ? null : await loadPlaceLabels().catch(() => null);
	const { placeLayers, changeLayers, trackLayers, annotationLayers } = await loadEngine();
	// What changed, as the map outlines it, and the organisations' whole tracks: context that stays while the records play.
	const changed = s.scene.changeCells().cells;
	const tracked = s.scene.trackInputs();
	const wholeTracks = tracked ? { ...tracked, now: null } : undefined;
	const { filter } = s.filters;
	const sources = (map.getStyle().sources ?? {}) as Record<string, { attribution?: string }>;
	const text: Omit<BriefingText, 'subtitle'> = {
		title: request.title,
		datasets: filter.datasets,
		attribution: attributionOf(sources, s.serviceLabel, places ? ['GeoNames'] : []),
		generatedAt: new Date(),
		areas: filter.areas.length > 0,
		changes: kindsAmong(changed),
		tracks: trackedOf(wholeTracks),
		playback: true
	};
	// The footer's legend and credits set its height at this width (footer.ts): the map gets the rest.
	const area = mapArea(size, text);
	const {
		canvas: basemap,
		view,
		centerLat
	} = await renderMapOffscreen({
		live: map,
		...area,
		scale: 1,
		layers: async (v): Promise<Layer[]> => [
			...changeLayers(changed),
			...trackLayers(wholeTracks),
			...(places ? placeLayers(new PlacesInView(places).at(v.bounds, v.zoom), places.characters) : []),
			// The analyst's annotations over the place names, without the handles of one being edited.
			...annotationLayers(briefingAnnotations(s.scene))
		]
	});
	const settings = s.playback.settings;
	const bar = scaleBar(centerLat, view.zoom, 120);
	// Everything that does not move, composed once: the basemap and place names in the bands.
	const still = composeBriefing(basemap, size, { ...text, subtitle: '' }, bar);
	// One cell per pixel: the dots are drawn at the video's own resolution.
	const frame = densityFrame(view.bounds, view.project, 1);
	const layer = frame ? placement(frame, view) : null;
	const records = document.createElement('canvas');
	const output = document.createElement('canvas');
	output.width = size.width;
	output.height = size.height;
	const ctx = output.getContext('2d')!;

	// The worker draws frame i+1's records while the page composes frame i.
	const asked = new Map<number, Promise<ImageData | null>>();
	const ask = (i: number) => {
		if (i >= total || asked.has(i)) return;
		const dates = frameDates(i, total, settings, domain);
		asked.set(
			i,
			frame
				? worker.densityOnce({ frame, filter, dayRange: dates.range, softRange: dates.soft, style: 'playback' }).then((r) => r.image)
				: Promise.resolve(null)
		);
	};
	const draw = async (i: number): Promise<HTMLCanvasElement> => {
		ask(i);
		const image = await asked.get(i)!;
		asked.delete(i);
		ask(i + 1);
		const dates = frameDates(i, total, settings, domain);
		ctx.drawImage(still, 0, 0);
		ctx.save();
		ctx.beginPath();
		ctx.rect(0, TITLE_BAND_PX, area.width, area.height);
		ctx.clip();
		ctx.translate(0, TITLE_BAND_PX);
		if (image && layer) {
			if (records.width !== image.width || records.height !== image.height) Object.assign(records, { width: image.width, height: image.height });
			records.getContext('2d')!.putImageData(image, 0, 0);
			ctx.drawImage(records, layer.left, layer.top, layer.width, layer.height);
		}
		const label = daysLabel(windowDays(dates.window));
		drawDate(ctx, label, area.width);
		drawProgress(ctx, i / Math.max(1, total - 1), area);
		ctx.restore();
		const count = s.feed.histogram ? countInRange(s.feed.histogram, dates.range[0], dates.range[1]) : s.feed.visibleCount;
		drawSubtitle(ctx, describeFilters(filter, label, count), size.width);
		return output;
	};

	progress({ done: 0, total, what: `Encoding ${total} frames…` });
	return encodeVideo({
		width: request.width,
		height: request.height,
		fps: request.fps,
		frames: total,
		format: request.format,
		draw,
		signal,
		onframe: (done) => progress({ done, total, what: `Frame ${done} of ${total}` })
	});
}

/** Where the records' image goes on the map canvas (its frame is the view clamped to the world). */
function placement(frame: DensityFrame, view: OffscreenView) {
	const [left, top] = view.project(frame.west, frame.north);
	const [right, bottom] = view.project(frame.east, frame.south);
	return { left, top, width: right - left, height: bottom - top };
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The window's dates, large in the map's top-left corner on a light plate (as the app shows them). */
function drawDate(ctx: CanvasRenderingContext2D, label: string, width: number) {
	let size = Math.round(Math.min(34, Math.max(18, width / 45)));
	ctx.font = `700 ${size}px ${FONT}`;
	// Whole at every size: a narrow video sets the dates smaller rather than cutting them (not below 11 px).
	while (size > 11 && ctx.measureText(label).width + size > width - 24) ctx.font = `700 ${--size}px ${FONT}`;
	const w = ctx.measureText(label).width;
	ctx.fillStyle = 'rgba(255, 255, 255, 0.88)';
	ctx.beginPath();
	ctx.roundRect(12, 12, w + size, size * 1.6, 6);
	ctx.fill();
	ctx.fillStyle = '#0f172a';
	ctx.textBaseline = 'middle';
	ctx.fillText(label, 12 + size / 2, 12 + size * 0.8);
	ctx.textBaseline = 'alphabetic';
}

/** A thin bar along the map's foot: how far through the date range the playback is. */
function drawProgress(ctx: CanvasRenderingContext2D, share: number, area: { width: number; height: number }) {
	ctx.fillStyle = 'rgba(15, 23, 42, 0.15)';
	ctx.fillRect(0, area.height - 4, area.width, 4);
	ctx.fillStyle = '#0f3b57';
	ctx.fillRect(0, area.height - 4, area.width * share, 4);
}
