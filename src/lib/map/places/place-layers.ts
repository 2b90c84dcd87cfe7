// The place names as deck.gl layers (labels.ts cuts them to the view): part of the map's engine
// (engine.ts), loaded beside the first paint rather than before it.
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { mapPalette } from '../../theme/palette';
import { PlaceKind, type Place } from './labels';

/** Sizes by kind; colours by kind from the theme's palette (theme/palette.ts). */
const STYLE: Record<PlaceKind, { size: number; tone: 'country' | 'capital' | 'area' | 'town'; weight: number }> = {
	[PlaceKind.Country]: { size: 13, tone: 'country', weight: 700 },
	[PlaceKind.Capital]: { size: 12.5, tone: 'capital', weight: 700 },
	[PlaceKind.Area]: { size: 11, tone: 'area', weight: 600 },
	[PlaceKind.Town]: { size: 11.5, tone: 'town', weight: 600 }
};

const isSettlement = (p: Place) => p.kind === PlaceKind.Capital || p.kind === PlaceKind.Town;

/**
 * Text with a halo of the basemap's colour (an SDF atlas), towns and capitals with a dot beside their name.
 * Country and admin-1 names are centred on their label point; towns are written to the right of
 * their dot so that "near Khartoum" can be read off the map.
 */
export function placeLayers(places: Place[], characters: string): Layer[] {
	if (places.length === 0) return [];
	const palette = mapPalette().places;
	const settlements = places.filter(isSettlement);
	return [
		new ScatterplotLayer<Place>({
			id: 'place-dots',
			data: settlements,
			getPosition: (p) => [p.lon, p.lat],
			radiusUnits: 'pixels',
			getRadius: (p) => (p.kind === PlaceKind.Capital ? 3.2 : 2.4),
			getFillColor: palette.dot,
			stroked: true,
			getLineColor: palette.dotLine,
			lineWidthUnits: 'pixels',
			getLineWidth: 1,
			pickable: false
		}),
		new TextLayer<Place>({
			id: 'place-labels',
			data: places,
			getPosition: (p) => [p.lon, p.lat],
			getText: (p) => (p.kind === PlaceKind.Country ? p.name.toUpperCase() : p.name),
			getSize: (p) => STYLE[p.kind].size,
			getColor: (p) => palette[STYLE[p.kind].tone],
			updateTriggers: { getColor: palette },
			getTextAnchor: (p) => (isSettlement(p) ? 'start' : 'middle'),
			getAlignmentBaseline: 'center',
			getPixelOffset: (p) => (isSettlement(p) ? [6, 0] : [0, 0]),
			fontFamily: 'system-ui, "DejaVu Sans", "Noto Sans", Arial, sans-serif',
			fontWeight: 600,
			// Upper-case country names need their capitals even where no town name has them.
			characterSet: new Set([...characters, ...characters.toUpperCase()]),
			fontSettings: { sdf: true, fontSize: 48, buffer: 6, radius: 12 },
			outlineWidth: 4,
			outlineColor: palette.halo,
			pickable: false
		})
	];
}
