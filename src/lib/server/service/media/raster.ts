// A tiny RGB raster (3 bytes per pixel, the layout PNG colour type 2 wants) with the handful
// of drawing operations the scene needs. Everything clips to the canvas; alpha is 0..1.
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from './font';

export type Rgb = readonly [number, number, number];

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
	return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function shade(c: Rgb, f: number): Rgb {
	return [c[0] * f, c[1] * f, c[2] * f];
}

/** Deterministic PRNG (mulberry32): same seed, same picture on every machine. */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export class Raster {
	readonly data: Uint8ClampedArray;

	constructor(
		readonly width: number,
		readonly height: number
	) {
		this.data = new Uint8ClampedArray(width * height * 3);
	}

	/** Blends colour c into pixel (x, y); callers guarantee the pixel is on the canvas. */
	private blend(i: number, c: Rgb, a: number): void {
		const d = this.data;
		d[i] += (c[0] - d[i]) * a;
		d[i + 1] += (c[1] - d[i + 1]) * a;
		d[i + 2] += (c[2] - d[i + 2]) * a;
	}

	/** Vertical gradient through colour stops [position 0..1 of [y0, y1), colour]. */
	verticalGradient(y0: number, y1: number, stops: [number, Rgb][]): void {
		const top = Math.max(0, Math.floor(y0));
		const bottom = Math.min(this.height, Math.ceil(y1));
		const rowBytes = this.width * 3;
		for (let y = top; y < bottom; y++) {
			const t = (y - y0) / Math.max(1, y1 - y0);
			let k = 0;
			while (k < stops.length - 2 && t > stops[k + 1][0]) k++;
			const [p0, c0] = stops[k];
			const [p1, c1] = stops[k + 1];
			const c = mix(c0, c1, Math.min(1, Math.max(0, (t - p0) / Math.max(1e-6, p1 - p0))));
			const row = y * rowBytes;
			this.data[row] = c[0];
			this.data[row + 1] = c[1];
			this.data[row + 2] = c[2];
			// Doubling copies: a row of 960 pixels in ten block moves instead of 2,880 stores.
			for (let filled = 3; filled < rowBytes; filled *= 2) {
				this.data.copyWithin(row + filled, row, row + Math.min(filled, rowBytes - filled));
			}
		}
	}

	fillRect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
		const x0 = Math.max(0, Math.round(x));
		const y0 = Math.max(0, Math.round(y));
		const x1 = Math.min(this.width, Math.round(x + w));
		const y1 = Math.min(this.height, Math.round(y + h));
		for (let yy = y0; yy < y1; yy++) {
			let i = (yy * this.width + x0) * 3;
			for (let xx = x0; xx < x1; xx++, i += 3) this.blend(i, c, alpha);
		}
	}

	/** Fills each column x from top(x) down to bottom (a ridge, a wall, a silhouette). */
	fillBelow(top: (x: number) => number, bottom: number, c: Rgb, alpha = 1, x0 = 0, x1 = this.width): void {
		const from = Math.max(0, Math.floor(x0));
		const to = Math.min(this.width, Math.ceil(x1));
		const yEnd = Math.min(this.height, Math.round(bottom));
		for (let x = from; x < to; x++) {
			const yStart = Math.max(0, Math.round(top(x)));
			let i = (yStart * this.width + x) * 3;
			const step = this.width * 3;
			for (let y = yStart; y < yEnd; y++, i += step) this.blend(i, c, alpha);
		}
	}

	/** Filled ellipse; `soft` > 0 fades the rim (clouds, smoke, glows). */
	fillEllipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, alpha = 1, soft = 0): void {
		const x0 = Math.max(0, Math.floor(cx - rx));
		const x1 = Math.min(this.width - 1, Math.ceil(cx + rx));
		const y0 = Math.max(0, Math.floor(cy - ry));
		const y1 = Math.min(this.height - 1, Math.ceil(cy + ry));
		const irx = 1 / Math.max(0.5, rx);
		const iry = 1 / Math.max(0.5, ry);
		for (let y = y0; y <= y1; y++) {
			const dy = (y + 0.5 - cy) * iry;
			let i = (y * this.width + x0) * 3;
			for (let x = x0; x <= x1; x++, i += 3) {
				const dx = (x + 0.5 - cx) * irx;
				const d = dx * dx + dy * dy;
				if (d >= 1) continue;
				const a = soft > 0 ? alpha * Math.min(1, (1 - d) / soft) : alpha;
				this.blend(i, c, a);
			}
		}
	}

	/** Straight line of the given thickness (antennas, masts, poles). */
	line(xa: number, ya: number, xb: number, yb: number, c: Rgb, thickness = 1, alpha = 1): void {
		const steps = Math.max(1, Math.ceil(Math.max(Math.abs(xb - xa), Math.abs(yb - ya))));
		const r = thickness / 2;
		for (let s = 0; s <= steps; s++) {
			const t = s / steps;
			this.fillRect(xa + (xb - xa) * t - r, ya + (yb - ya) * t - r, thickness, thickness, c, alpha);
		}
	}

	textWidth(text: string, scale: number): number {
		return text.length === 0 ? 0 : text.length * (GLYPH_WIDTH + 1) * scale - scale;
	}

	/** Stamps text (already passed through toFontText) with its top-left corner at (x, y). */
	text(x: number, y: number, text: string, scale: number, c: Rgb, shadow?: Rgb): void {
		if (shadow) this.text(x + scale, y + scale, text, scale, shadow);
		let penX = Math.round(x);
		const top = Math.round(y);
		for (const ch of text) {
			const rows = glyphRows(ch);
			for (let r = 0; r < GLYPH_HEIGHT; r++) {
				const bits = rows[r];
				if (bits === 0) continue;
				for (let col = 0; col < GLYPH_WIDTH; col++) {
					if (bits & (1 << (GLYPH_WIDTH - 1 - col))) this.fillRect(penX + col * scale, top + r * scale, scale, scale, c);
				}
			}
			penX += (GLYPH_WIDTH + 1) * scale;
		}
	}
}
