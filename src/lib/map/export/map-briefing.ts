// The briefing image of what the explorer shows: the same filters, its own clusters and density
// image for the export's zoom and extent (asked of the worker), the rings of the open panel, the
// selected record and the place names, composed by briefing.ts.
import { CLUSTER_MAX_ZOOM } from '../config';
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import { clusterData } from '../layers/layer-inputs';
import { loadEngine } from '../engine/engine-loader';
import type { Highlights } from '../overlays/highlights';
import { loadPlaceLabels, PlacesInView } from '../places/labels';
import { DENSITY_CELL_PIXELS, HEAT_KERNEL_PX, type Scene } from '../layers/scene.svelte';
import { scaleLegend, type ScaleLegend } from '../layers/aggregate-scale';
import { mapTheme } from '../../theme/palette';
import { hexRadiusAt } from '../layers/views';
import type { Selection } from '../selection.svelte';
import type { PlaybackState } from '../timeline/playback-state.svelte';
import { densityFrame } from '../worker/density';
import { renderBriefing, type ExportRequest } from './briefing';
import { describeFilters } from './describe';
import { kindsAmong } from '../../changes/hotspots';
import { trackedOf } from './compose';
import type { AnnotationInputs } from '../annotations/annotations';

export const BRIEFING_TITLE = 'ICD/ICDB records';

/** The annotations as a briefing draws them: all of them, none marked as being edited or placed. */
export function briefingAnnotations(scene: Scene): AnnotationInputs | undefined {
	const input = scene.annotationInputs();
	return input?.list.length ? { list: input.list, selected: null, preview: null } : undefined;
}

export interface BriefingSources {
	scene: Scene;
	feed: RecordFeed;
	filters: FilterState;
	playback: PlaybackState;
	highlights: Highlights;
	selection: Selection;
	serviceLabel: string;
}

/** The briefing image of the current view: what the map shows, at the requested size. */
export async function explorerBriefing(s: BriefingSources, request: ExportRequest, progress?: (what: string) => void): Promise<HTMLCanvasElement> {
	const { map } = s.scene;
	const worker = s.feed.worker;
	if (!map || !worker) throw new Error('The map is not ready yet.');
	s.playback.player.pause();
	const { filter } = s.filters;
	const { view: mapView } = s.scene;
	const clustered = mapView === 'clusters';
	let scale: ScaleLegend | null = null;
	return renderBriefing(
		request,
		{
			live: map,
			subtitle: describeFilters(filter, s.playback.dateLabel, s.feed.visibleCount),
			datasets: filter.datasets,
			serviceLabel: s.serviceLabel,
			credits: request.places === false ? [] : ['GeoNames'],
			rings: s.highlights.legend(),
			areas: filter.areas.length > 0,
			changes: kindsAmong(s.scene.changeCells().cells),
			tracks: trackedOf(s.scene.trackInputs()),
			view: mapView,
			scale: () => scale,
			layers: async (view) => {
				const zoomedOut = view.zoom <= CLUSTER_MAX_ZOOM;
				// The hexbin and heatmap views are drawn at every zoom, cut for the export's own extent.
				const frame = zoomedOut || !clustered ? densityFrame(view.bounds, view.project, DENSITY_CELL_PIXELS) : null;
				const style = clustered ? 'underlay' : mapView;
				const [r, d, labels, { pointLayers, placeLayers }] = await Promise.all([
					zoomedOut && clustered ? worker.clustersOnce(view.bbox, view.zoom) : null,
					frame
						? worker.densityOnce({
								frame,
								filter: s.filters.filter,
								dayRange: s.filters.days(),
								softRange: null,
								style,
								hexRadius: mapView === 'hexbin' ? hexRadiusAt(view.zoom) : undefined,
								theme: mapTheme()
							})
						: null,
					request.places === false ? null : loadPlaceLabels().catch(() => null),
					loadEngine()
				]);
				scale = scaleLegend(mapView, d, HEAT_KERNEL_PX, mapTheme());
				return pointLayers({
					parts: [...s.feed.parts.values()],
					visibleParts: s.filters.partsShown,
					dayRange: s.filters.days(),
					softRange: null,
					playing: false,
					playbackOnGpu: s.scene.playbackOnGpu,
					zoom: view.zoom,
					bounds: view.bounds,
					streaming: false,
					clusters: r && clusterData(r),
					density: d,
					selected: s.selection.point,
					highlighted: s.highlights.shown(view.project),
					labels: s.scene.datasetLabels(view),
					places: labels ? placeLayers(new PlacesInView(labels).at(view.bounds, view.zoom), labels.characters) : [],
					view: mapView,
					// What changed, as the map outlines it (the same cells: they are fixed to the world).
					changes: s.scene.changeCells().cells,
					tracks: s.scene.trackInputs(),
					annotations: briefingAnnotations(s.scene)
				});
			}
		},
		progress
	);
}
