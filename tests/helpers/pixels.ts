// Counting pixels of a kind in a decoded PNG (exported images, video frames, screenshots), within
// rows y0..y1 and columns x0..x1 (the whole width by default).
import type { PNG } from 'pngjs';

function count(png: PNG, y0: number, y1: number, x0: number, x1: number, test: (r: number, g: number, b: number) => boolean): number {
	let n = 0;
	for (let y = y0; y < y1; y++) {
		for (let x = x0; x < x1; x++) {
			const i = (y * png.width + x) * 4;
			if (test(png.data[i], png.data[i + 1], png.data[i + 2])) n++;
		}
	}
	return n;
}

/** The map's own colours (dataset points, clusters, chips): saturated, unlike the grey-blue basemap. */
export function coloured(png: PNG, y0: number, y1: number, x0 = 0, x1 = png.width): number {
	return count(png, y0, y1, x0, x1, (r, g, b) => Math.max(r, g, b) - Math.min(r, g, b) > 60);
}

/** Dark pixels: text. */
export function dark(png: PNG, y0: number, y1: number, x0 = 0, x1 = png.width): number {
	return count(png, y0, y1, x0, x1, (r, g, b) => r < 90 && g < 90 && b < 90);
}
