// deck.gl layers of the explorer, built from typed arrays (binary attributes, no per-record objects).
import type { Layer } from '@deck.gl/core';
import { DataFilterExtension } from '@deck.gl/extensions';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { PartId } from '../types/stream';
import type { Dataset } from '../types/dataset';
import type { PartColumns } from './columns';
import { CLUSTER_MAX_ZOOM, DATASET_RGB } from './config';

const dateAndNameFilter = new DataFilterExtension({ filterSize: 2 });

/** Bold text with a white halo (SDF font), readable over the basemap and the points. */
const HALOED_LABEL = { fontFamily: 'system-ui, sans-serif', fontWeight: 700, outlineWidth: 3, outlineColor: [255, 255, 255, 255], fontSettings: { sdf: true } };

export interface ClusterData {
	lon: Float32Array;
	lat: Float32Array;
	count: Uint32Array;
	icdShare: Float32Array;
	clusterId: Int32Array;
	length: number;
}

export interface LayerInputs {
	parts: PartColumns[];
	visibleParts: Set<PartId>;
	/** Inclusive day range of the GPU date filter (fractional during playback). */
	dayRange: [number, number];
	/** Inner range of full opacity: points fade in and out between it and dayRange (playback). */
	softRange: [number, number] | null;
	/** During playback every point is drawn and clusters are not (they would need rebuilding each frame). */
	playing: boolean;
	zoom: number;
	/** True while records stream in: uploads are batched by growth (see dataOf). */
	streaming: boolean;
	clusters: ClusterData | null;
	selected: { lon: number; lat: number; dataset: Dataset } | null;
	/** Search results and a question's sources, ringed; sources carry their citation number. */
	highlighted: { lon: number; lat: number; label?: string }[];
	labels: { lon: number; lat: number; text: string; dataset: Dataset }[];
}

function mix(a: [number, number, number], b: [number, number, number], t: number): [number, number, number] {
	return [a[0] * t + b[0] * (1 - t), a[1] * t + b[1] * (1 - t), a[2] * t + b[2] * (1 - t)];
}

// deck.gl re-uploads a layer's attributes whenever its `data` object changes identity. The same
// object is handed back until the part's columns change, so a date-range change (the filter
// uniforms only) costs no upload: that is what keeps playback and date filtering instant.
//
// While records stream in, a part is re-uploaded only when it has grown by half since its last
// upload (or a few seconds have passed): uploads then cost O(n) in total instead of O(n²/batch),
// which is what a million points streaming into software WebGL needs. The stale object keeps
// pointing at the arrays it was built from (appends never touch the prefix it draws).
const GROWTH_BEFORE_UPLOAD = 1.5;
const STREAMING_UNDERLAY_BUDGET = 200_000;
const MAX_UPLOAD_STALENESS_MS = 3000;
const partData = new WeakMap<PartColumns, { version: number; filterVersion: number; length: number; at: number; data: object }>();

/** Whether handing the part to deck.gl now would upload it (see the policy above). */
export function needsUpload(part: PartColumns, streaming: boolean, now: number): boolean {
	const cached = partData.get(part);
	if (!cached) return true;
	if (cached.version === part.version) return false;
	if (!streaming || cached.filterVersion !== part.filterVersion) return true;
	return part.length >= cached.length * GROWTH_BEFORE_UPLOAD || now - cached.at >= MAX_UPLOAD_STALENESS_MS;
}

function dataOf(part: PartColumns, streaming: boolean, now: number): object {
	const cached = partData.get(part);
	if (cached && !needsUpload(part, streaming, now)) return cached.data;
	const data = {
		length: part.length,
		attributes: {
			getPosition: { value: part.positions, size: 2 },
			getFilterValue: { value: part.filterValues, size: 2 }
		}
	};
	partData.set(part, { version: part.version, filterVersion: part.filterVersion, length: part.length, at: now, data });
	return data;
}

export function pointLayers(input: LayerInputs): Layer[] {
	const zoomedOut = input.zoom <= CLUSTER_MAX_ZOOM;
	const clustered = zoomedOut && !input.playing;
	const now = performance.now();
	const layers: Layer[] = [];
	// Software WebGL (no GPU) spends seconds on each frame of a million faint points: while records
	// stream in, the clusters alone show the growth, and the points underneath join when it ends.
	const records = input.parts.reduce((n, p) => n + p.length, 0);
	const deferUnderlay = clustered && input.streaming && records > STREAMING_UNDERLAY_BUDGET;
	for (const part of input.parts) {
		if (deferUnderlay) break;
		const [dataset, component] = part.id.split('/') as [Dataset, string];
		const rgb = DATASET_RGB[dataset];
		const isImage = component === 'image';
		layers.push(
			new ScatterplotLayer({
				id: `points-${part.id}`,
				data: dataOf(part, input.streaming, now),
				visible: input.visibleParts.has(part.id),
				pickable: !zoomedOut,
				radiusUnits: 'pixels',
				getRadius: clustered ? 1.6 : zoomedOut ? 2.6 : 4.5,
				lineWidthUnits: 'pixels',
				getLineWidth: isImage ? 1.6 : 1,
				// Zoomed out the points are a faint density texture under the clusters (or plain dots in
				// playback): no outline halves the fragments per point, which software WebGL feels at 1M.
				stroked: !zoomedOut,
				filled: true,
				// Zoomed in, videos are solid dots and images rings, so the two components read apart at a glance.
				getFillColor: clustered ? [...rgb, isImage ? 80 : 110] : zoomedOut ? [...rgb, 170] : isImage ? [255, 255, 255, 220] : [...rgb, 220],
				getLineColor: [...rgb, clustered ? 120 : 255],
				extensions: [dateAndNameFilter],
				filterRange: [input.dayRange, [1, 1]],
				filterSoftRange: input.softRange ? [input.softRange, [1, 1]] : null,
				autoHighlight: true,
				highlightColor: [20, 20, 20, 160]
			} as never)
		);
	}

	if (clustered && input.clusters && input.clusters.length > 0) {
		const c = input.clusters;
		// Area grows with the logarithm of the count: 10 records ≈ 12 px, 10,000 ≈ 30 px.
		const radius = (i: number) => 6 + 6 * Math.log10(c.count[i]);
		layers.push(
			new ScatterplotLayer({
				id: 'clusters',
				data: { length: c.length },
				pickable: true,
				radiusUnits: 'pixels',
				getPosition: (_: unknown, { index }: { index: number }) => [c.lon[index], c.lat[index]],
				getRadius: (_: unknown, { index }: { index: number }) => (c.count[index] === 1 ? 5 : radius(index)),
				getFillColor: (_: unknown, { index }: { index: number }) => [...mix(DATASET_RGB.icd, DATASET_RGB.icdb, c.icdShare[index]), 215],
				stroked: true,
				getLineColor: [255, 255, 255, 230],
				lineWidthUnits: 'pixels',
				getLineWidth: 1.5,
				updateTriggers: { getPosition: c, getRadius: c, getFillColor: c }
			} as never),
			new TextLayer({
				id: 'cluster-counts',
				data: { length: c.length },
				getPosition: (_: unknown, { index }: { index: number }) => [c.lon[index], c.lat[index]],
				getText: (_: unknown, { index }: { index: number }) => (c.count[index] === 1 ? '' : compact(c.count[index])),
				getSize: 12,
				getColor: [255, 255, 255, 255],
				fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
				fontWeight: 700,
				characterSet: '0123456789.km',
				updateTriggers: { getPosition: c, getText: c }
			} as never)
		);
	}

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
				...HALOED_LABEL,
				characterSet: 'ICDB'
			} as never)
		);
	}

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
				getLineColor: [200, 30, 90, 255]
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
					getColor: [200, 30, 90, 255],
					getSize: 12,
					getPixelOffset: [0, -16],
					...HALOED_LABEL,
					characterSet: '0123456789'
				} as never)
			);
		}
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
				getLineColor: [15, 23, 42, 255]
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
