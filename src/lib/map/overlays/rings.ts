// The rings of search results and of a question's sources. They belong to the panel that made
// them: shown while it is open, gone when it closes, back when it opens again. Numbered rings
// that fall on the same spot on screen share one label ("2, 5"), so no number hides another.

export interface Ring {
	lon: number;
	lat: number;
	label?: string;
}

export type RingOwner = 'search' | 'ask';

/** Within this many pixels two labels would overlap (12 px text, two digits and a halo). */
const MERGE_PX = 22;

export function mergeRingLabels(rings: readonly Ring[], project: (lon: number, lat: number) => [number, number], minPx = MERGE_PX): Ring[] {
	const anchors: { at: [number, number]; labels: string[]; ring: Ring }[] = [];
	const out: Ring[] = [];
	for (const r of rings) {
		if (!r.label) {
			out.push(r);
			continue;
		}
		const at = project(r.lon, r.lat);
		const near = anchors.find((a) => Math.hypot(a.at[0] - at[0], a.at[1] - at[1]) < minPx);
		if (near) {
			if (!near.labels.includes(r.label)) near.labels.push(r.label);
			out.push({ lon: r.lon, lat: r.lat });
			continue;
		}
		const ring = { ...r };
		anchors.push({ at, labels: [r.label], ring });
		out.push(ring);
	}
	for (const a of anchors) a.ring.label = a.labels.sort((x, y) => Number(x) - Number(y) || x.localeCompare(y)).join(', ');
	return out;
}
