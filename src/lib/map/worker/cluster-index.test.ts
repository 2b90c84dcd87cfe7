import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from '../projection/mercator';
import { buildClusterIndex, CellBuilder, cellKeyOf } from './cluster-index';

function cellsOf(points: [number, number, boolean][]): CellBuilder {
	const cells = new CellBuilder();
	points.forEach(([lon, lat, icd], i) => cells.add(cellKeyOf(lon, lat), mercatorX(lon), mercatorY(lat), icd, icd ? 0 : 2, i));
	return cells;
}

describe('cluster index over cells', () => {
	it('merges records a few metres apart into one cell and keeps far ones apart', () => {
		const cells = cellsOf([
			[36.2, 36.2, true],
			[36.2001, 36.2001, true],
			[32.5, 15.6, false]
		]);
		expect(cells.size).toBe(2);
	});

	it('counts every record in clusters, with the ICD share', () => {
		const points: [number, number, boolean][] = [];
		for (let i = 0; i < 500; i++) points.push([36 + (i % 50) * 0.01, 36 + Math.floor(i / 50) * 0.01, i % 5 !== 0]);
		for (let i = 0; i < 300; i++) points.push([32 + (i % 30) * 0.02, 15 + Math.floor(i / 30) * 0.02, false]);
		const index = buildClusterIndex(cellsOf(points));
		const world = index.getClusters([-180, -85, 180, 85], 2);
		const total = world.reduce((n, f) => n + (f.properties as { n: number }).n, 0);
		expect(total).toBe(800);
		const syria = world.find((f) => f.geometry.coordinates[0] > 35)!;
		const p = syria.properties as { n: number; icd: number };
		expect(p.n).toBe(500);
		expect(p.icd).toBe(400);
	});

	it('shows a lone record as itself, naming its part and index', () => {
		const index = buildClusterIndex(
			cellsOf([
				[10, 10, true],
				[100, -20, false]
			])
		);
		const features = index.getClusters([-180, -85, 180, 85], 3);
		expect(features).toHaveLength(2);
		const lone = features.map((f) => f.properties as { n: number; part: number; index: number; cluster?: boolean });
		expect(lone.every((p) => p.n === 1 && !p.cluster)).toBe(true);
		expect(lone.map((p) => [p.part, p.index]).sort()).toEqual([
			[0, 0],
			[2, 1]
		]);
	});
});

describe('clusters whatever the order records arrive in', () => {
	it('are the same clusters, counts and centres for the same records added in any order', () => {
		// Dense, overlapping groups: where the greedy clustering's order matters most.
		let seed = 7;
		const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
		const points: [number, number, boolean][] = [];
		for (let g = 0; g < 40; g++) {
			const [lon, lat] = [random() * 60 - 10, random() * 40 - 5];
			for (let i = 0; i < 250; i++) points.push([lon + (random() - 0.5) * 6, lat + (random() - 0.5) * 6, random() < 0.6]);
		}
		const shuffled = (list: [number, number, boolean][]) => {
			const copy = [...list];
			for (let i = copy.length - 1; i > 0; i--) {
				const j = Math.floor(random() * (i + 1));
				[copy[i], copy[j]] = [copy[j], copy[i]];
			}
			return copy;
		};
		const picture = (list: [number, number, boolean][]) => {
			const index = buildClusterIndex(cellsOf(list));
			return [1, 3, 5, 7].map((zoom) =>
				index
					.getClusters([-180, -85, 180, 85], zoom)
					.map(
						(f) => `${f.geometry.coordinates.map((c) => c.toFixed(9)).join(',')}:${(f.properties as { n: number }).n}:${(f.properties as { icd: number }).icd}`
					)
					.sort()
			);
		};
		const reference = picture(points);
		for (let k = 0; k < 5; k++) expect(picture(shuffled(points))).toEqual(reference);
	});
});
