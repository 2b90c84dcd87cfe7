// The pointy-top hexagon every hexagonal thing on the map is drawn with: the hexbin view's lattice
// (worker/aggregate.ts), What changed's outlines (change-hexagons.ts) and their legend symbols in
// the briefing (export/compose.ts). One shape, so a legend's symbol is the map's.

/** The unit hexagon's corners, north first, clockwise: [x, y] with y up. */
export const HEXAGON = Array.from({ length: 6 }, (_, k) => [Math.sin((k * Math.PI) / 3), Math.cos((k * Math.PI) / 3)] as [number, number]);

/** A hexagon of circumradius `r` at (x, y) as a closed path of a 2D canvas (y down), to fill or stroke. */
export function hexagonPath(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
	ctx.beginPath();
	for (const [dx, dy] of HEXAGON) ctx.lineTo(x + r * dx, y - r * dy);
	ctx.closePath();
}
