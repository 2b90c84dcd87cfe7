// Which annotation a deck.gl pick names (layers/annotation-layers.ts draws them): the page's
// pointer handling reads picks without importing deck.gl, which loads with the map's engine.

/** The pickable layers of annotations; a pick's object carries the annotation's index in the list (-1: the one being placed). */
export const ANNOTATION_LAYER_IDS = ['annotation-outlines', 'annotation-heads', 'annotation-texts', 'annotation-handles'];

/** A picked annotation, and which of its handles (annotations.ts handlesOf) if one. */
export interface AnnotationPick {
	index: number;
	handle?: number;
}

export function annotationPicked(info: { layer?: { id: string } | null; object?: unknown } | null): AnnotationPick | null {
	if (!info?.layer || !info.object || !ANNOTATION_LAYER_IDS.includes(info.layer.id)) return null;
	const o = info.object as { index: number; handle?: number };
	if (o.index < 0) return null;
	return info.layer.id === 'annotation-handles' ? { index: o.index, handle: o.handle } : { index: o.index };
}
