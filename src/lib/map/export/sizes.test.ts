import { describe, expect, it } from 'vitest';
import { parseSize, presetSize, sizeProblem } from './sizes';

describe('briefing sizes', () => {
	it('reads sizes written the usual ways', () => {
		expect(parseSize('1920x1080')).toEqual({ width: 1920, height: 1080 });
		expect(parseSize(' 800 × 600 ')).toEqual({ width: 800, height: 600 });
		expect(parseSize('wide')).toBeNull();
	});

	it('caps the PNG at 8192 pixels a side after the pixel ratio', () => {
		expect(sizeProblem({ width: 8192, height: 4000, scale: 1 })).toBeNull();
		expect(sizeProblem({ width: 4097, height: 1000, scale: 2 })).toMatch(/8194 × 2000.*8192/);
		expect(sizeProblem({ width: 100, height: 1000, scale: 1 })).toMatch(/at least/);
		expect(sizeProblem({ width: 1000, height: 1000, scale: 3 })).toMatch(/1× or 2×/);
	});

	it('resolves presets, the screen one from the map as shown', () => {
		expect(presetSize('screen', { width: 1010.4, height: 700.6 }, { width: 1, height: 1 })).toEqual({ width: 1010, height: 701 });
		expect(presetSize('1600x1200', { width: 1, height: 1 }, { width: 1, height: 1 })).toEqual({ width: 1600, height: 1200 });
	});
});
