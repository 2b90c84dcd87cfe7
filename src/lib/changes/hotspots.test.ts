import { describe, expect, it } from 'vitest';
import { cellHistories, emergingHotspots, type CellHistory } from './hotspots';
// The service's seeded generator (mulberry32), so that the calibration below is the same on every run.
import { prng as seeded } from '../server/service/media/raster';

function poisson(random: () => number, mean: number): number {
	let k = 0;
	let p = Math.exp(-mean);
	let cdf = p;
	const u = random();
	while (u > cdf && k < 10_000) {
		k++;
		p *= mean / k;
		cdf += p;
	}
	return k;
}

const steady = (cell: number, perWindow: number[], recent: number): CellHistory => ({ cell, recent, baseline: perWindow });

describe('cell histories', () => {
	it('count each cell’s records per window, oldest baseline window first, and leave out days outside them', () => {
		// Recent window: days 80–89; baseline: 2 windows of 10 days, 60–79.
		const days = [59, 60, 69, 70, 79, 80, 89, 90, 85];
		const cells = [1, 1, 1, 1, 2, 1, 2, 1, -1];
		const h = cellHistories(days, cells, { recentFrom: 80, recentTo: 89, baselineWindows: 2 });
		expect(h.sort((a, b) => a.cell - b.cell)).toEqual([
			{ cell: 1, recent: 1, baseline: [2, 1] },
			{ cell: 2, recent: 1, baseline: [0, 1] }
		]);
	});
});

describe('emerging hotspots', () => {
	it('flags a burst, a new place and a falling one, each as what it is, and leaves steady cells alone', () => {
		const random = seeded(7);
		const cells: CellHistory[] = [];
		for (let c = 0; c < 200; c++) {
			const rate = 0.5 + 4 * random();
			cells.push(
				steady(
					c,
					Array.from({ length: 8 }, () => poisson(random, rate)),
					poisson(random, rate)
				)
			);
		}
		cells.push(steady(1000, [2, 1, 3, 2, 2, 1, 2, 3], 25)); // a burst
		cells.push(steady(1001, [0, 0, 0, 0, 0, 0, 0, 0], 9)); // somewhere new
		cells.push(steady(1002, [31, 28, 35, 30, 29, 33, 27, 32], 6)); // falling away
		const changes = emergingHotspots(cells);
		const byCell = new Map(changes.map((c) => [c.cell, c]));
		expect(byCell.get(1000)?.kind).toBe('intensifying');
		expect(byCell.get(1001)?.kind).toBe('new');
		expect(byCell.get(1002)?.kind).toBe('diminishing');
		expect(byCell.get(1000)!.expected).toBeCloseTo((16 + 0.5) / 9, 6);
		const steadyFlagged = changes.filter((c) => c.cell < 1000 && c.kind !== 'persistent');
		expect(steadyFlagged.length).toBeLessThanOrEqual(2);
		// Changes come before standing hotspots, strongest first.
		const kinds = changes.map((c) => c.kind);
		expect(kinds.indexOf('persistent') === -1 || kinds.lastIndexOf('intensifying') < kinds.indexOf('persistent')).toBe(true);
	});

	it('needs more than a handful of records where there were none: 2 new records are chance among 300 cells', () => {
		const cells = Array.from({ length: 300 }, (_, c) => steady(c, [1, 0, 2, 1, 0, 1, 1, 0], 1));
		cells.push(steady(999, [0, 0, 0, 0, 0, 0, 0, 0], 2));
		expect(emergingHotspots(cells).find((c) => c.cell === 999)).toBeUndefined();
	});

	it('names a cell that is busy in every window, well above the rest, as persistent', () => {
		const cells = Array.from({ length: 100 }, (_, c) => steady(c, [1, 0, 1, 2, 0, 1, 1, 0], 1));
		cells.push(steady(500, [40, 42, 38, 41, 39, 40, 43, 37], 40));
		const found = emergingHotspots(cells).find((c) => c.cell === 500);
		expect(found?.kind).toBe('persistent');
	});

	it('flags any cell in at most about one window in twenty when nothing changed (the false discovery rate)', () => {
		const random = seeded(42);
		let windowsWithAFlag = 0;
		const trials = 100;
		for (let t = 0; t < trials; t++) {
			const cells: CellHistory[] = [];
			for (let c = 0; c < 150; c++) {
				const rate = 0.2 + 6 * random() ** 2;
				cells.push(
					steady(
						c,
						Array.from({ length: 8 }, () => poisson(random, rate)),
						poisson(random, rate)
					)
				);
			}
			if (emergingHotspots(cells).some((c) => c.kind !== 'persistent')) windowsWithAFlag++;
		}
		expect(windowsWithAFlag / trials).toBeLessThanOrEqual(0.08);
	});
});
