import { describe, expect, it } from 'vitest';
import { atStreamEnd, screenRect } from './first-paint';

describe('the first paint', () => {
	it('places the density image where the map projects its geographic bounds', () => {
		// A map 1000 px wide showing the whole world, 0.5 px per degree of latitude (no Mercator here:
		// screenRect only uses the projection it is given).
		const project = (lon: number, lat: number): [number, number] => [((lon + 180) / 360) * 1000 + 10, (90 - lat) * 2 + 5];
		const rect = screenRect({ west: -90, south: -45, east: 90, north: 45, width: 250, height: 90 }, project);
		expect(rect).toEqual({ x: 260, y: 95, width: 500, height: 180 });
	});

	it('waits at the end of a stream with records for their image, and shows the map at once without', () => {
		// CI, busy: a short stream ended before the worker's first image; the map was shown without it.
		expect(atStreamEnd({ imageShown: false, records: 5765, failed: false })).toBe('wait');
		expect(atStreamEnd({ imageShown: false, records: 0, failed: false })).toBe('reveal');
		expect(atStreamEnd({ imageShown: false, records: 120, failed: true })).toBe('reveal');
		// The image is being handed to deck.gl: that hand-over shows the map, not the stream's end.
		expect(atStreamEnd({ imageShown: true, records: 5765, failed: false })).toBe('nothing');
	});
});
