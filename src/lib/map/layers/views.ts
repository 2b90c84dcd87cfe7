// The three ways the map shows the filtered records zoomed out: clusters (with each one's ICD/ICDB
// mix), hexagonal bins counting records, and a heatmap of their density. The view is part of the
// URL (url-state.ts: view=hexbin|heatmap) and so of `npm run brief -- --view "…"`.
export const MAP_VIEWS = ['clusters', 'hexbin', 'heatmap'] as const;
export type MapView = (typeof MAP_VIEWS)[number];

export const MAP_VIEW_LABEL: Record<MapView, string> = { clusters: 'Clusters', hexbin: 'Hexbins', heatmap: 'Heatmap' };

export function parseMapView(value: string | null): MapView {
	return (MAP_VIEWS as readonly string[]).includes(value ?? '') ? (value as MapView) : 'clusters';
}

/** Hexagon circumradius in screen pixels: the bins are re-cut for each zoom, so they keep this size. */
export const HEX_RADIUS_PX = 14;

/** The hexagons' radius in the unit Mercator square at a MapLibre zoom (512-pixel world at zoom 0). */
export function hexRadiusAt(zoom: number): number {
	return HEX_RADIUS_PX / (512 * 2 ** zoom);
}
