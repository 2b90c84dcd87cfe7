import { describe, expect, it } from 'vitest';
import { generatedLabel, mapArea } from './compose';

describe('briefing composition', () => {
	it('names the time zone of the generation time', () => {
		const label = generatedLabel(new Date(Date.UTC(2026, 10, 22, 3, 10)), 'UTC');
		expect(label).toMatch(/22 Nov 2026/);
		expect(label).toMatch(/03:10/);
		expect(label).toMatch(/UTC/);
	});

	it('gives the map what the title and footer bands leave', () => {
		expect(mapArea({ width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 - 64 - 46 });
	});
});
