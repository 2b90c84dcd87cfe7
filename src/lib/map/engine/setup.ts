// Creating the map: MapLibre with the analyst's view and controls, and deck.gl's overlay
// interleaved with it. Part of the map's engine (engine.ts): the first paint does not wait for it.
import type { Layer, PickingInfo } from '@deck.gl/core';
// MapLibre stays at 5: deck.gl 9's interleaved overlay does not support MapLibre 6's render API yet.
import { MapboxOverlay } from '@deck.gl/mapbox';
import maplibregl, { type Map as MaplibreMap, type StyleSpecification } from 'maplibre-gl';
import { MAX_ZOOM } from '../config';
import type { Viewport } from '../url/url-state';

export interface MapStart {
	container: HTMLElement;
	style: string | StyleSpecification;
	viewport: Viewport;
	serviceLabel: string;
	onHover(info: PickingInfo): void;
	/** A click on the map; `pick` asks deck.gl what it draws under the click (within `radius` px; null: nothing). */
	onClick(pick: (radius: number) => PickingInfo | null): void;
	/** deck.gl draws a layer into the map's frame (the first paint hands over on it: first-paint.ts). */
	onLayerDrawn(layer: Layer): void;
}

export function startMap(o: MapStart): { map: MaplibreMap; overlay: MapboxOverlay } {
	const map = new maplibregl.Map({
		container: o.container,
		style: o.style,
		center: [o.viewport.lon, o.viewport.lat],
		zoom: o.viewport.zoom,
		maxZoom: MAX_ZOOM,
		renderWorldCopies: false,
		// North up, no tilt: an analyst's map, and the density image and record slices are cut
		// by the view's geographic box, which a rotated or tilted view would make needlessly large.
		dragRotate: false,
		pitchWithRotate: false,
		touchPitch: false,
		maxPitch: 0,
		attributionControl: { compact: false, customAttribution: ['MapLibre', 'GeoNames', `Records: ${o.serviceLabel}`] },
		// No multisampling (MapLibre's default): lines and deck.gl's circles antialias in their
		// shaders, and without a hardware GPU MSAA more than doubles the cost of every frame
		// (277 → 124 ms per frame at 1280×720 in SwiftShader, timed with repeated repaints).
		canvasContextAttributes: { preserveDrawingBuffer: false, antialias: false }
	});
	map.touchZoomRotate.disableRotation();
	map.keyboard.disableRotation();
	map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
	map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
	const overlay = new MapboxOverlay({
		interleaved: true,
		layers: [],
		onHover: o.onHover,
		// Called for each layer deck.gl is about to draw: unlike onAfterRender (which the interleaved
		// overlay calls after every map frame, layers or none) it says deck.gl really draws one.
		layerFilter: ({ layer, isPicking }) => {
			if (!isPicking) o.onLayerDrawn(layer);
			return true;
		},
		getCursor: ({ isHovering }) => (isHovering ? 'pointer' : 'grab')
	});
	map.addControl(overlay);
	// Clicks are MapLibre's, not deck.gl's: in the interleaved overlay deck.gl's click is a tap
	// gesture that fails when press and release are more than 250 ms of main-thread time apart,
	// and its own pick on pointerdown can take longer than that in software WebGL under load, so
	// a click on a dot was lost now and then (a CI failure). MapLibre's click has no time limit,
	// and it is the click the area and annotation tools already hear.
	map.on('click', (e) => o.onClick((radius) => overlay.pickObject({ x: e.point.x, y: e.point.y, radius })));
	return { map, overlay };
}
