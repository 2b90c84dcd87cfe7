// One arrowhead for every layer that points somewhere (tracks, annotations' arrows): a white
// shape in an icon atlas, tinted by each layer's colour (mask), turned by its bearing on the map.
import { mercatorY } from '../projection/mercator';

export const ARROW_PX = 32;
let atlas: HTMLCanvasElement | null = null;

/** A white arrowhead pointing east. */
export function arrowAtlas(): HTMLCanvasElement {
	if (atlas) return atlas;
	const canvas = document.createElement('canvas');
	canvas.width = canvas.height = ARROW_PX;
	const ctx = canvas.getContext('2d')!;
	ctx.fillStyle = '#ffffff';
	ctx.beginPath();
	ctx.moveTo(ARROW_PX - 3, ARROW_PX / 2);
	ctx.lineTo(5, 5);
	ctx.lineTo(11, ARROW_PX / 2);
	ctx.lineTo(5, ARROW_PX - 5);
	ctx.closePath();
	ctx.fill();
	return (atlas = canvas);
}

export const ARROW_MAPPING = { arrow: { x: 0, y: 0, width: ARROW_PX, height: ARROW_PX, anchorY: ARROW_PX / 2, mask: true } };

/** The angle on the map from one place to another (degrees counter-clockwise from east), north up. */
export function bearingOnMap(from: readonly number[], to: readonly number[]): number {
	const dx = to[0] - from[0];
	// Mercator y grows southward: north is its negative. Scale it to degrees of longitude.
	const dy = -(mercatorY(to[1]) - mercatorY(from[1])) * 360;
	return (Math.atan2(dy, dx) * 180) / Math.PI;
}
