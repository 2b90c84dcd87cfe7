import { describe, expect, it } from 'vitest';
import { PartColumns } from '../load/columns';
import { pointLayers } from './layers';
import type { LayerInputs, PointData } from './layer-inputs';
import { PLAYBACK_DOT_RADIUS_PX } from '../timeline/fade';

/** A part with records on a line from (0, 0) to (n-1, (n-1)/10); every third fails the name filter. */
function part(n: number): PartColumns {
	const p = new PartColumns('icd/video');
	const lon = Float32Array.from({ length: n }, (_, i) => i);
	const lat = Float32Array.from({ length: n }, (_, i) => i / 10);
	p.append(
		{
			length: n,
			lon,
			lat,
			day: Int32Array.from({ length: n }, (_, i) => 19000 + i),
			country: Int16Array.from({ length: n }, (_, i) => i % 3),
			entity: new Int16Array(n),
			area: new Int16Array(n),
			id: new Float64Array(n),
			uuids: new Map(),
			dataset: 0,
			component: 0
		},
		(country) => country !== 2
	);
	return p;
}

function inputs(parts: PartColumns[], over: Partial<LayerInputs>): LayerInputs {
	return {
		parts,
		visibleParts: new Set(parts.map((p) => p.id)),
		dayRange: [-3e9, 3e9],
		softRange: null,
		playing: false,
		playbackOnGpu: false,
		zoom: 12,
		bounds: { west: 10, south: 0, east: 20, north: 5 },
		streaming: false,
		clusters: null,
		density: null,
		selected: null,
		highlighted: [],
		labels: [],
		places: [],
		...over
	};
}

const points = (layers: ReturnType<typeof pointLayers>) => layers.find((l) => l.id === 'points-icd/video')?.props.data as PointData | undefined;

describe('point layers', () => {
	it('zoomed out, draws the density image and no point layer, whatever the record count', () => {
		const p = part(1000);
		const density = {
			image: {} as ImageData,
			frame: { west: -180, south: -85, east: 180, north: 85, width: 10, height: 10 },
			records: 667,
			passing: 700,
			cells: 40
		};
		const layers = pointLayers(inputs([p], { zoom: 3, density }));
		expect(layers.map((l) => l.id)).toEqual(['density']);
		expect(layers[0].props).toMatchObject({ records: 667, passing: 700, bounds: [-180, -85, 180, 85] });
		// Playback zoomed out draws the same image (no clusters, no points) in software WebGL…
		expect(pointLayers(inputs([p], { zoom: 3, density, playing: true })).map((l) => l.id)).toEqual(['density']);
		// …and on a hardware GPU every passing record as a dot of the playback radius, faded by age on the GPU.
		const gpu = pointLayers(
			inputs([p], {
				zoom: 3,
				density,
				playing: true,
				playbackOnGpu: true,
				bounds: { west: -180, south: -85, east: 180, north: 85 },
				softRange: [19010, 19020],
				dayRange: [19000, 19030]
			})
		);
		expect(gpu.map((l) => l.id)).toEqual(['points-icd/video']);
		// The world padded by its own size reaches lon 540 (the test's records run to lon 999).
		expect((gpu[0].props.data as PointData).length).toBe([...Array(541).keys()].filter((i) => i % 3 !== 2).length);
		expect(gpu[0].props).toMatchObject({
			filterRange: [
				[19000, 19030],
				[1, 1]
			],
			ageFade: [19000, 19010],
			pickable: false,
			getRadius: PLAYBACK_DOT_RADIUS_PX,
			radiusMinPixels: PLAYBACK_DOT_RADIUS_PX
		});
		expect((gpu[0].props as { filterSoftRange?: unknown }).filterSoftRange ?? null).toBeNull();
	});

	it("in the hexbin and heatmap views, draws the worker's bins or image at every zoom, no records and no clusters", () => {
		const p = part(1000);
		const frame = { west: -180, south: -85, east: 180, north: 85, width: 10, height: 10 };
		const hexes = {
			positions: Float32Array.of(10, 10, 20, 5),
			count: Float32Array.of(3, 7),
			rgba: new Uint8Array(8),
			radius: 0.001,
			breaks: [3, 7],
			records: 10
		};
		const density = { image: {} as ImageData, frame, records: 10, passing: 12, cells: 2, hexes, peak: null };
		for (const zoom of [3, 12]) {
			const layers = pointLayers(inputs([p], { zoom, density, view: 'hexbin' }));
			expect(layers.map((l) => l.id)).toEqual(['hexbins']);
			expect(layers[0].props).toMatchObject({ radius: 0.512, radiusUnits: 'common', records: 10 });
		}
		const heat = pointLayers(inputs([p], { zoom: 12, density: { ...density, hexes: null, peak: 40 }, view: 'heatmap' }));
		expect(heat.map((l) => l.id)).toEqual(['heatmap']);
		// A reply of the other view (the switch's first moments) draws nothing rather than the wrong thing.
		expect(pointLayers(inputs([p], { zoom: 3, density, view: 'heatmap' }))).toEqual([]);
	});

	it('zoomed in, hands the GPU only the passing records around the view, with their indices in the part', () => {
		const p = part(1000);
		const data = points(pointLayers(inputs([p], {})))!;
		// The view is lon 10–20; padded by its width on each side: lon 0–30 (lat 0–3 fits in -5–10).
		const expected = [...Array(31).keys()].filter((i) => i % 3 !== 2);
		expect([...data.recordIndex]).toEqual(expected);
		expect(data.length).toBe(expected.length);
		const k = expected.indexOf(13);
		expect([data.attributes.getPosition.value[k * 2], data.attributes.getFilterValue.value[k * 2]]).toEqual([13, 19013]);
	});

	it('keeps the same data (no upload) while the view stays within the slice, and re-slices past it', () => {
		const p = part(1000);
		const first = points(pointLayers(inputs([p], {})));
		// Panned by 5° and a date change: same object, nothing re-uploaded.
		expect(points(pointLayers(inputs([p], { bounds: { west: 15, south: 0, east: 25, north: 5 }, dayRange: [19005, 19020] })))).toBe(first);
		const moved = points(pointLayers(inputs([p], { bounds: { west: 100, south: 5, east: 110, north: 10 } })))!;
		expect(moved).not.toBe(first);
		expect(moved.recordIndex[0]).toBe(90);
		// A name filter change re-slices too.
		p.refilter(() => true);
		expect(points(pointLayers(inputs([p], { bounds: { west: 100, south: 5, east: 110, north: 10 } })))!.length).toBe(31);
	});
});
