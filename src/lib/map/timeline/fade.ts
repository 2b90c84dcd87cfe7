// How timeline playback draws its records, the same in the app (GPU dots or the density image of
// software WebGL) and in the exported video: dots of at least PLAYBACK_DOT_RADIUS_PX whatever the
// zoom, and a fade by age within the window, so the newest records stand out and the older ones
// recede instead of vanishing. The fade is linear in the record's day: full weight over the recent
// part of the window (its soft range), down to OLDEST_WEIGHT at the window's start. The GPU's
// version of the same formula is in age-fade-extension.ts.

/** Radius of a record's dot while playing, in CSS pixels (a 1–2 px speck does not read on a projector). */
export const PLAYBACK_DOT_RADIUS_PX = 3.5;

/** Weight (opacity factor) of the oldest record in the window. */
export const OLDEST_WEIGHT = 0.3;

/**
 * A record's weight on `day`: 0 outside `range`, 1 within the recent part (`recent[0]` to the
 * window's end), fading linearly to OLDEST_WEIGHT at the window's start. Without `recent`, 1.
 */
export function ageWeight(day: number, range: [number, number], recent: [number, number] | null): number {
	if (day < range[0] || day > range[1]) return 0;
	if (!recent || day >= recent[0] || recent[0] <= range[0]) return 1;
	return OLDEST_WEIGHT + ((1 - OLDEST_WEIGHT) * (day - range[0])) / (recent[0] - range[0]);
}

/** Offsets of a disc of `radius` cells, each with the share of the cell it covers (soft edge). */
export function discOffsets(radius: number): { dx: number; dy: number; cover: number }[] {
	const out: { dx: number; dy: number; cover: number }[] = [];
	const reach = Math.ceil(radius + 0.5);
	for (let dy = -reach; dy <= reach; dy++) {
		for (let dx = -reach; dx <= reach; dx++) {
			const cover = Math.min(1, Math.max(0, radius + 0.5 - Math.hypot(dx, dy)));
			if (cover > 0) out.push({ dx, dy, cover });
		}
	}
	return out;
}
