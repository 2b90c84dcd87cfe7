// Annotations (annotations/) as deck.gl layers, over everything else the map draws: they are what
// the analyst wants read first. Outlines (arrows' shafts, circles, shapes) on a halo of the
// basemap's colour so that they read over clusters and hexagons alike; arrowheads from the
// tracks' atlas; text haloed the same way; while one is being edited, its handles. The same
// layers draw the live map, the PNG and every frame of the video, at the same geographic place.
import type { Layer } from '@deck.gl/core';
import { IconLayer, PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { mapPalette } from '../../theme/palette';
import { handlesOf, outlineOf, textAnchor, type Annotation, type AnnotationInputs, type LonLat } from '../annotations/annotations';
import { ARROW_MAPPING, arrowAtlas, bearingOnMap } from './arrowhead';

interface Drawn {
	a: Annotation;
	/** Its index in the list; -1 for the preview. */
	index: number;
}

const LINE_PX = 3;
const HALO_PX = 7;

export function annotationLayers(input: AnnotationInputs | undefined): Layer[] {
	if (!input || (input.list.length === 0 && !input.preview)) return [];
	const { ink, halo } = mapPalette().annotation;
	const drawn: Drawn[] = input.list.map((a, index) => ({ a, index }));
	if (input.preview) drawn.push({ a: input.preview, index: -1 });
	const outlined = drawn.filter((d) => d.a.kind !== 'label');
	const arrows = drawn.filter((d) => d.a.kind === 'arrow');
	const written = drawn.filter((d) => d.a.text);
	const alpha = (d: Drawn, [r, g, b, a]: number[]) => [r, g, b, d.index < 0 ? Math.round(a * 0.6) : a];
	const selected = input.selected !== null ? input.list[input.selected] : undefined;
	const handles = selected ? handlesOf(selected).map((at, handle) => ({ at, handle, index: input.selected! })) : [];
	const triggers = [ink, halo];
	return [
		// The outlines on a wider halo of the basemap's colour: readable over clusters and hexagons alike.
		outlines('annotation-halos', outlined, (d) => alpha(d, halo), HALO_PX, triggers),
		outlines('annotation-outlines', outlined, (d) => alpha(d, ink), LINE_PX, triggers),
		new IconLayer<Drawn>({
			id: 'annotation-heads',
			data: arrows,
			pickable: true,
			iconAtlas: arrowAtlas() as never,
			iconMapping: ARROW_MAPPING,
			getIcon: () => 'arrow',
			getPosition: (d) => d.a.points[1],
			// The head's tip (the atlas's east edge) at the arrow's end.
			getPixelOffset: [-11, 0],
			getAngle: (d) => bearingOnMap(d.a.points[0], d.a.points[1]),
			getSize: 26,
			sizeUnits: 'pixels',
			getColor: (d) => alpha(d, ink) as never,
			updateTriggers: { getColor: triggers }
		}),
		new TextLayer<Drawn>({
			id: 'annotation-texts',
			data: written,
			pickable: true,
			getPosition: (d) => textAnchor(d.a).at,
			getText: (d) => d.a.text,
			getSize: 15,
			getColor: (d) => alpha(d, ink) as never,
			getAlignmentBaseline: (d) => (textAnchor(d.a).above ? 'bottom' : 'center'),
			getPixelOffset: (d) => (textAnchor(d.a).above ? [0, -6] : [0, 0]),
			getTextAnchor: 'middle',
			fontFamily: 'system-ui, "DejaVu Sans", "Noto Sans", Arial, sans-serif',
			fontWeight: 700,
			characterSet: 'auto',
			fontSettings: { sdf: true, fontSize: 48, buffer: 6, radius: 12 },
			outlineWidth: 5,
			outlineColor: halo,
			updateTriggers: { getColor: triggers }
		}),
		new ScatterplotLayer<{ at: LonLat; handle: number; index: number }>({
			id: 'annotation-handles',
			data: handles,
			pickable: true,
			getPosition: (h) => h.at,
			radiusUnits: 'pixels',
			getRadius: 6,
			getFillColor: halo,
			stroked: true,
			lineWidthUnits: 'pixels',
			getLineWidth: 2,
			getLineColor: ink,
			updateTriggers: { getFillColor: triggers, getLineColor: triggers }
		})
	];
}

function outlines(id: string, data: Drawn[], colour: (d: Drawn) => number[], width: number, triggers: unknown[]): Layer {
	return new PathLayer<Drawn>({
		id,
		data,
		// Only the ink is picked (a drag starts on the line itself); the halo under it is not.
		pickable: id === 'annotation-outlines',
		getPath: (d) => outlineOf(d.a)!,
		getColor: colour as never,
		getWidth: width,
		widthUnits: 'pixels',
		capRounded: true,
		jointRounded: true,
		wrapLongitude: true,
		updateTriggers: { getColor: triggers }
	});
}
