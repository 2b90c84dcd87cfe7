// Clusters as pies of their mix: the ICD share of a cluster as an orange wedge from twelve o'clock,
// clockwise, the rest blue. The pies are icons of one atlas drawn once (Canvas 2D), one per step
// of the share, so a cluster costs the GPU one textured quad like a disc did.
import { DATASET_HEX } from '../config';

/** Steps of the ICD share: 5 % each. */
export const PIE_STEPS = 20;
const ICON_PX = 64;

/**
 * The icon step of a cluster of `n` records, `icd` of them ICD: 0 all ICDB, PIE_STEPS all ICD.
 * A mixed cluster never rounds to a single colour: both datasets keep at least one step.
 */
export function pieStep(icd: number, n: number): number {
	if (n <= 0 || icd <= 0) return 0;
	if (icd >= n) return PIE_STEPS;
	return Math.min(PIE_STEPS - 1, Math.max(1, Math.round((icd / n) * PIE_STEPS)));
}

export interface PieAtlas {
	canvas: HTMLCanvasElement;
	mapping: Record<string, { x: number; y: number; width: number; height: number }>;
}

let atlas: PieAtlas | null = null;

/** Draws one pie (radius r at cx, cy) with an ICD share `share` and a white rim of `rim` pixels. */
export function drawPie(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number, share: number, rim: number): void {
	const start = -Math.PI / 2;
	const split = start + share * Math.PI * 2;
	ctx.fillStyle = '#ffffff';
	ctx.beginPath();
	ctx.arc(cx, cy, r, 0, Math.PI * 2);
	ctx.fill();
	const inner = r - rim;
	for (const [from, to, colour] of [
		[start, split, DATASET_HEX.icd],
		[split, start + Math.PI * 2, DATASET_HEX.icdb]
	] as const) {
		if (to - from <= 0) continue;
		ctx.fillStyle = colour;
		ctx.beginPath();
		ctx.moveTo(cx, cy);
		ctx.arc(cx, cy, inner, from, to);
		ctx.closePath();
		ctx.fill();
	}
}

/** The atlas of every step's pie, drawn on first use (icons are named by their step). */
export function pieAtlas(): PieAtlas {
	if (atlas) return atlas;
	const canvas = document.createElement('canvas');
	canvas.width = ICON_PX * (PIE_STEPS + 1);
	canvas.height = ICON_PX;
	const ctx = canvas.getContext('2d')!;
	const mapping: PieAtlas['mapping'] = {};
	for (let step = 0; step <= PIE_STEPS; step++) {
		// A rim of 1/16 of the diameter: 1.5 px at the 24-pixel size of a cluster of a hundred.
		drawPie(ctx, step * ICON_PX + ICON_PX / 2, ICON_PX / 2, ICON_PX / 2 - 1, step / PIE_STEPS, ICON_PX / 16);
		mapping[String(step)] = { x: step * ICON_PX, y: 0, width: ICON_PX, height: ICON_PX };
	}
	atlas = { canvas, mapping };
	return atlas;
}
