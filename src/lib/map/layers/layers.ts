// deck.gl layers of the explorer, built from typed arrays (binary attributes, no per-record objects).
import type { Layer } from '@deck.gl/core';
import { DataFilterExtension } from '@deck.gl/extensions';
import { IconLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { Dataset } from '../../types/dataset';
import type { Box, PartColumns } from '../load/columns';
import { CLUSTER_MAX_ZOOM, DATASET_RGB } from '../config';
import { aggregateLayers, imageLayer } from './aggregate-layers';
import { pieAtlas, pieStep } from './cluster-pie';
import { hexagonAtlas, iconOf, iconSize } from './change-hexagons';
import { trackLayers } from './track-layers';
import { annotationLayers } from './annotation-layers';
import { drawsRecordPoints, type ChangeCell, type LayerInputs, type PointData } from './layer-inputs';
import { mapPalette } from '../../theme/palette';
import { AgeFadeExtension } from '../timeline/age-fade-extension';
import { PLAYBACK_DOT_RADIUS_PX } from '../timeline/fade';

const dateAndNameFilter = new DataFilterExtension({ filterSize: 2 });
/** Playback's fade by age (timeline/fade.ts), on the day the filter already holds. */
const ageFade = new AgeFadeExtension();

/** Bold text with a halo of the basemap's colour (SDF font), readable over the basemap and the points. */
const haloedLabel = () => ({
	fontFamily: 'system-ui, sans-serif',
	fontWeight: 700,
	outlineWidth: 3,
	outlineColor: mapPalette().halo,
	fontSettings: { sdf: true }
});

// Zoomed in, each part's layer holds the records in and around the view (PartColumns.within): a
// GPU without hardware (software WebGL) pays for every instance of a layer on every frame, even
// off-screen ones, so a million-record layer would cost seconds per frame. The slice covers the
// view padded by its own size on each side; panning within it uploads nothing, leaving it
// rebuilds the slice (a few milliseconds per million records).
//
// deck.gl re-uploads a layer's attributes whenever its `data` object changes identity. The same
// object is handed back until the part's records or the view's slice change, so a date-range
// change (the filter uniforms only) costs no upload: that is what keeps playback and date
// filtering instant.
//
// While records stream in, a part is re-sliced only when it has grown by half since (or a few
// seconds have passed): uploads then cost O(n) in total instead of O(n²/batch).
const GROWTH_BEFORE_UPLOAD = 1.5;
const MAX_UPLOAD_STALENESS_MS = 3000;

const partData = new WeakMap<PartColumns, { version: number; filterVersion: number; length: number; at: number; box: Box; data: PointData }>();

/** Whether handing the part to deck.gl now would upload it (see the policy above). */
export function needsUpload(part: PartColumns, streaming: boolean, now: number): boolean {
	const cached = partData.get(part);
	if (!cached) return true;
	if (cached.version === part.version) return false;
	if (!streaming || cached.filterVersion !== part.filterVersion) return true;
	return part.length >= cached.length * GROWTH_BEFORE_UPLOAD || now - cached.at >= MAX_UPLOAD_STALENESS_MS;
}

const contains = (outer: Box, inner: Box) => inner.west >= outer.west && inner.east <= outer.east && inner.south >= outer.south && inner.north <= outer.north;

function padded(view: Box): Box {
	const w = view.east - view.west;
	const h = view.north - view.south;
	return { west: view.west - w, east: view.east + w, south: view.south - h, north: view.north + h };
}

function dataOf(part: PartColumns, view: Box, streaming: boolean, now: number): PointData {
	const cached = partData.get(part);
	if (cached && !needsUpload(part, streaming, now) && contains(cached.box, view)) return cached.data;
	const box = padded(view);
	const slice = part.within(box);
	const data: PointData = {
		length: slice.length,
		attributes: {
			getPosition: { value: slice.positions, size: 2 },
			getFilterValue: { value: slice.filterValues, size: 2 }
		},
		recordIndex: slice.index
	};
	partData.set(part, { version: part.version, filterVersion: part.filterVersion, length: part.length, at: now, box, data });
	return data;
}

/** Search results and a question's sources: rings, and the sources' numbers above them. */
function ringLayers(input: LayerInputs): Layer[] {
	const layers: Layer[] = [];
	if (input.highlighted.length > 0) {
		layers.push(
			new ScatterplotLayer({
				id: 'highlighted',
				data: input.highlighted,
				getPosition: (d: { lon: number; lat: number }) => [d.lon, d.lat],
				radiusUnits: 'pixels',
				getRadius: 8,
				filled: false,
				stroked: true,
				lineWidthUnits: 'pixels',
				getLineWidth: 2.5,
				getLineColor: mapPalette().ring
			} as never)
		);
		const labelled = input.highlighted.filter((h) => h.label);
		if (labelled.length > 0) {
			layers.push(
				new TextLayer({
					id: 'highlighted-labels',
					data: labelled,
					getPosition: (d: { lon: number; lat: number }) => [d.lon, d.lat],
					getText: (d: { label: string }) => d.label,
					getColor: mapPalette().ring,
					getSize: 12,
					getPixelOffset: [0, -16],
					...haloedLabel(),
					characterSet: '0123456789, '
				} as never)
			);
		}
	}

	return layers;
}

/**
 * What changed (changes/): each flagged cell's hexagon outlined in its kind's colour, the changes
 * lightly filled and the standing hotspots (context, not a change) outlined thinly; the cell the
 * panel points at is drawn thicker (icons of one atlas: change-hexagons.ts says why). Over the
 * records and their image, under the cluster discs, the place names and the rings.
 */
export function changeLayers(cells: ChangeCell[] | undefined, focus: number | null = null): Layer[] {
	if (!cells?.length) return [];
	const palette = mapPalette();
	const atlas = hexagonAtlas(palette);
	return [
		new IconLayer({
			id: 'changes',
			data: cells,
			iconAtlas: atlas.canvas,
			iconMapping: atlas.mapping,
			billboard: false,
			sizeUnits: 'common',
			getPosition: (d: ChangeCell) => d.centre,
			getSize: (d: ChangeCell) => iconSize(d.level),
			getIcon: (d: ChangeCell) => iconOf(d.kind, d.cell === focus),
			updateTriggers: { getIcon: focus }
		} as never)
	];
}

export function pointLayers(input: LayerInputs): Layer[] {
	// The hexbin and heatmap views replace records and clusters alike (at every zoom).
	if (input.view && input.view !== 'clusters')
		return [
			...aggregateLayers(input.view, input.density),
			...changeLayers(input.changes, input.changeFocus),
			...input.places,
			...ringLayers(input),
			...trackLayers(input.tracks),
			...markLayers(input),
			...annotationLayers(input.annotations)
		];
	const zoomedOut = input.zoom <= CLUSTER_MAX_ZOOM;
	const clustered = zoomedOut && !input.playing;
	const now = performance.now();
	const layers: Layer[] = [];
	// Zoomed out, the records are one density image (worker/density.ts), whatever their number:
	// a point layer would cost the GPU per point per frame (seconds per frame at a million in
	// software WebGL). Zoomed in, each record is a pickable point. Zoomed-out playback on a
	// hardware GPU is the exception: dots faded by the GPU filter range cost nothing per frame.
	const gpuDots = zoomedOut && input.playing && input.playbackOnGpu;
	const pointsDrawn = drawsRecordPoints(input);
	if (!pointsDrawn && input.density) layers.push(imageLayer('density', input.density));
	for (const part of input.parts) {
		if (!pointsDrawn) break;
		const [dataset, component] = part.id.split('/') as [Dataset, string];
		const rgb = DATASET_RGB[dataset];
		const isImage = component === 'image';
		layers.push(
			new ScatterplotLayer({
				id: `points-${part.id}`,
				data: dataOf(part, input.bounds, input.streaming, now),
				visible: input.visibleParts.has(part.id),
				pickable: !gpuDots,
				radiusUnits: 'pixels',
				getRadius: gpuDots ? PLAYBACK_DOT_RADIUS_PX : 4.5,
				radiusMinPixels: input.playing ? PLAYBACK_DOT_RADIUS_PX : 0,
				lineWidthUnits: 'pixels',
				getLineWidth: isImage ? 1.6 : 1,
				stroked: !gpuDots,
				filled: true,
				// Zoomed in, videos are solid dots and images rings, so the two components read apart at a glance.
				getFillColor: gpuDots ? [...rgb, 170] : isImage ? mapPalette().imageFill : [...rgb, 220],
				getLineColor: [...rgb, 255],
				extensions: [dateAndNameFilter, ageFade],
				filterRange: [input.dayRange, [1, 1]],
				ageFade: input.softRange ? [input.dayRange[0], input.softRange[0]] : null,
				autoHighlight: true,
				highlightColor: mapPalette().hover
			} as never)
		);
	}

	layers.push(...changeLayers(input.changes, input.changeFocus));
	const clusterLayers = clustered && input.clusters && input.clusters.length > 0 ? input.clusters : null;
	// Rings go over the discs and place names but under the counts, which nothing may cover.
	if (!clusterLayers) layers.push(...input.places, ...ringLayers(input), ...trackLayers(input.tracks));
	if (clusterLayers) {
		const c = clusterLayers;
		// Area grows with the logarithm of the count: 10 records ≈ 12 px, 10,000 ≈ 30 px.
		const radius = (i: number) => 6 + 6 * Math.log10(c.count[i]);
		const atlas = pieAtlas();
		layers.push(
			// Each cluster a pie of its ICD (orange) and ICDB (blue) shares (cluster-pie.ts).
			new IconLayer({
				id: 'clusters',
				data: { length: c.length },
				pickable: true,
				iconAtlas: atlas.canvas,
				iconMapping: atlas.mapping,
				sizeUnits: 'pixels',
				getPosition: (_: unknown, { index }: { index: number }) => [c.lon[index], c.lat[index]],
				getSize: (_: unknown, { index }: { index: number }) => 2 * (c.count[index] === 1 ? 5 : radius(index)),
				getIcon: (_: unknown, { index }: { index: number }) => String(pieStep(Math.round(c.icdShare[index] * c.count[index]), c.count[index])),
				alphaCutoff: 0.05,
				updateTriggers: { getPosition: c, getSize: c, getIcon: c }
			} as never),
			// Place names over the discs (so a town under a cluster can still be read), under the counts.
			...input.places,
			...ringLayers(input),
			// Tracks over the discs (what the analyst asked to follow), under the counts.
			...trackLayers(input.tracks),
			new TextLayer({
				id: 'cluster-counts',
				data: { length: c.length },
				getPosition: (_: unknown, { index }: { index: number }) => [c.lon[index], c.lat[index]],
				getText: (_: unknown, { index }: { index: number }) => (c.count[index] === 1 ? '' : compact(c.count[index])),
				getSize: 12,
				getColor: [255, 255, 255, 255],
				fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
				fontWeight: 700,
				// A dark outline keeps a count readable over a place name's white halo beneath it.
				fontSettings: { sdf: true },
				outlineWidth: 2,
				outlineColor: [30, 41, 59, 200],
				characterSet: '0123456789.km',
				updateTriggers: { getPosition: c, getText: c }
			} as never)
		);
	}

	layers.push(...markLayers(input), ...annotationLayers(input.annotations));
	return layers;
}

/** The records' dataset labels and the selected record's ring, over whatever the view draws. */
function markLayers(input: LayerInputs): Layer[] {
	const layers: Layer[] = [];
	if (input.labels.length > 0) {
		layers.push(
			new TextLayer({
				id: 'dataset-labels',
				data: input.labels,
				getPosition: (d: { lon: number; lat: number }) => [d.lon, d.lat],
				getText: (d: { text: string }) => d.text,
				getColor: (d: { dataset: Dataset }) => [...DATASET_RGB[d.dataset], 255],
				getSize: 10,
				getPixelOffset: [7, -7],
				getTextAnchor: 'start',
				...haloedLabel(),
				characterSet: 'ICDB'
			} as never)
		);
	}

	if (input.selected) {
		layers.push(
			new ScatterplotLayer({
				id: 'selected',
				data: [input.selected],
				getPosition: (d: { lon: number; lat: number }) => [d.lon, d.lat],
				radiusUnits: 'pixels',
				getRadius: 11,
				filled: false,
				stroked: true,
				lineWidthUnits: 'pixels',
				getLineWidth: 3,
				getLineColor: mapPalette().selected
			} as never)
		);
	}
	return layers;
}

export function compact(n: number): string {
	if (n < 1000) return String(n);
	if (n < 10_000) return (n / 1000).toFixed(1).replace(/\.0$/, '') + 'k';
	if (n < 1_000_000) return Math.round(n / 1000) + 'k';
	return (n / 1_000_000).toFixed(1).replace(/\.0$/, '') + 'm';
}
