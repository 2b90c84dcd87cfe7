// Briefing image sizes. A preset or custom size is the layout size in CSS pixels; the pixel ratio
// multiplies it into the PNG's pixels (1920×1080 at 2× is a 3840×2160 file). The PNG's largest
// side is capped at 8192 px: the common maximum WebGL drawing buffer.

export const MAX_OUTPUT_PX = 8192;
export const MIN_SIZE_PX = 320;

export type SizePreset = 'screen' | '1920x1080' | '1600x1200' | 'custom';

export const PRESETS: { id: SizePreset; label: string }[] = [
	{ id: 'screen', label: 'Screen (map as shown)' },
	{ id: '1920x1080', label: '1920 × 1080 (slides)' },
	{ id: '1600x1200', label: '1600 × 1200 (4:3)' },
	{ id: 'custom', label: 'Custom…' }
];

export interface ExportSize {
	width: number;
	height: number;
	/** Device pixels per CSS pixel: 1 or 2. */
	scale: number;
}

/** "1920x1080" (also "1920×1080", "1920 x 1080") → width and height; null if unreadable. */
export function parseSize(text: string): { width: number; height: number } | null {
	const m = /^\s*(\d{2,5})\s*[x×X]\s*(\d{2,5})\s*$/.exec(text);
	return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/** A readable reason the size cannot be exported, or null if it can. */
export function sizeProblem(size: ExportSize): string | null {
	const { width, height, scale } = size;
	if (![width, height].every((n) => Number.isInteger(n))) return 'Width and height must be whole numbers of pixels.';
	if (scale !== 1 && scale !== 2) return 'The pixel ratio must be 1× or 2×.';
	if (width < MIN_SIZE_PX || height < MIN_SIZE_PX) return `The image must be at least ${MIN_SIZE_PX} × ${MIN_SIZE_PX} pixels.`;
	if (width * scale > MAX_OUTPUT_PX || height * scale > MAX_OUTPUT_PX)
		return `At ${scale}× that is ${width * scale} × ${height * scale} pixels; the largest side may be at most ${MAX_OUTPUT_PX} pixels.`;
	return null;
}

/** The size a preset stands for; `screen` is the map area as it is on screen. */
export function presetSize(
	preset: SizePreset,
	screen: { width: number; height: number },
	custom: { width: number; height: number }
): { width: number; height: number } {
	if (preset === 'screen') return { width: Math.round(screen.width), height: Math.round(screen.height) };
	if (preset === 'custom') return custom;
	return parseSize(preset)!;
}
