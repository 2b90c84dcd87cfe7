// Organisations' tracks on the map (tracks/tracks-state.svelte.ts): each segment from one week's
// place to the next, as wide as the records arriving there, with an arrowhead showing which way
// it went; each week's place a dot (pickable: a click lists that week's records). While playback
// plays or a step holds a window, only what had happened by then is drawn, the older fading: a
// trail behind the organisation.
import type { Layer } from '@deck.gl/core';
import { IconLayer, PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import { ARROW_MAPPING, arrowAtlas, bearingOnMap } from './arrowhead';
import { mapPalette } from '../../theme/palette';
import type { TrackDot, TrackInputs, TrackSegment } from './layer-inputs';

/** Width in pixels for the records arriving at a place: 2 px for a few, about 7 px for a thousand. */
export const trackWidth = (records: number) => 1.5 + 0.8 * Math.log2(1 + records);

/** Opacity by age while playing: 1 for this week, fading to 0.2 over the trail; hidden if not yet. */
export function trackAlpha(week: number, now: TrackInputs['now']): number {
	if (!now) return 1;
	if (week > now.week) return 0;
	return Math.max(0.2, 1 - (now.week - week) / Math.max(1, now.trailWeeks));
}

export function trackLayers(input: TrackInputs | undefined): Layer[] {
	if (!input || (input.segments.length === 0 && input.dots.length === 0)) return [];
	const colours = mapPalette().tracks;
	const { now } = input;
	const segments = now ? input.segments.filter((s) => s.week <= now.week) : input.segments;
	const dots = now ? input.dots.filter((d) => d.week <= now.week) : input.dots;
	const colour = (c: number, week: number) => {
		const [r, g, b] = colours[c % colours.length];
		return [r, g, b, Math.round(255 * trackAlpha(week, now))];
	};
	return [
		new PathLayer({
			id: 'track-segments',
			data: segments,
			getPath: (s: TrackSegment) => [s.from, s.to],
			getColor: (s: TrackSegment) => colour(s.colour, s.week),
			getWidth: (s: TrackSegment) => trackWidth(s.records),
			widthUnits: 'pixels',
			capRounded: true,
			updateTriggers: { getColor: [now?.week, colours] }
		} as never),
		new IconLayer({
			id: 'track-arrows',
			data: segments,
			iconAtlas: arrowAtlas(),
			iconMapping: ARROW_MAPPING,
			getIcon: () => 'arrow',
			// Two thirds of the way along: which way it went, clear of the dot it arrives at.
			getPosition: (s: TrackSegment) => [s.from[0] + (2 / 3) * (s.to[0] - s.from[0]), s.from[1] + (2 / 3) * (s.to[1] - s.from[1])],
			getAngle: (s: TrackSegment) => bearingOnMap(s.from, s.to),
			getSize: (s: TrackSegment) => 10 + 2 * trackWidth(s.records),
			sizeUnits: 'pixels',
			getColor: (s: TrackSegment) => colour(s.colour, s.week),
			updateTriggers: { getColor: [now?.week, colours] }
		} as never),
		new ScatterplotLayer({
			id: 'track-points',
			data: dots,
			pickable: true,
			radiusUnits: 'pixels',
			getRadius: (d: TrackDot) => 2.5 + trackWidth(d.records) / 2,
			getPosition: (d: TrackDot) => [d.lon, d.lat],
			getFillColor: (d: TrackDot) => colour(d.colour, d.week),
			stroked: true,
			lineWidthUnits: 'pixels',
			getLineWidth: 1.2,
			getLineColor: mapPalette().halo,
			updateTriggers: { getFillColor: [now?.week, colours] }
		} as never)
	];
}
