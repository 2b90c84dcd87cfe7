import { describe, expect, it } from 'vitest';
import { mergeRingLabels } from './rings';

describe('ring labels', () => {
	it('merges the numbers of rings on the same spot on screen, keeps the others apart', () => {
		const project = (lon: number, lat: number): [number, number] => [lon * 10, lat * 10];
		const rings = [
			{ lon: 0, lat: 0, label: '3' },
			{ lon: 0.5, lat: 0.5, label: '1' },
			{ lon: 10, lat: 10, label: '2' },
			{ lon: 0, lat: 1, label: '3' },
			{ lon: 5, lat: 5 }
		];
		const merged = mergeRingLabels(rings, project);
		expect(merged.map((r) => r.label)).toEqual(['1, 3', undefined, '2', undefined, undefined]);
		expect(merged).toHaveLength(5); // every ring is still drawn
	});
});
