// WCAG 2 contrast between two colours, for the tests that keep both themes readable.

/** '#rgb', '#rrggbb' or [r, g, b(, a)] in 0-255; alpha is ignored (use opaque colours). */
export type Colour = string | readonly number[];

function rgbOf(colour: Colour): [number, number, number] {
	if (typeof colour !== 'string') return [colour[0], colour[1], colour[2]];
	const hex = colour.replace('#', '');
	const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
	return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function luminance(colour: Colour): number {
	const [r, g, b] = rgbOf(colour).map((v) => {
		const c = v / 255;
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	});
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Colour, b: Colour): number {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (hi + 0.05) / (lo + 0.05);
}
