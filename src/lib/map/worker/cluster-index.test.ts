import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from '../geo';
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
		const index = buildClusterIndex(cellsOf([[10, 10, true], [100, -20, false]]));
		const features = index.getClusters([-180, -85, 180, 85], 3);
		expect(features).toHaveLength(2);
		const lone = features.map((f) => f.properties as { n: number; part: number; index: number; cluster?: boolean });
		expect(lone.every((p) => p.n === 1 && !p.cluster)).toBe(true);
		expect(lone.map((p) => [p.part, p.index]).sort()).toEqual([[0, 0], [2, 1]]);
	});
});
