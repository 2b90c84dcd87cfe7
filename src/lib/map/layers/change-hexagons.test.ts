import { describe, expect, it } from 'vitest';
import { cellAt, cellCentre, radiusOf } from '../../changes/grid';
import { iconSize } from './change-hexagons';

describe('what changed, drawn as hexagon icons', () => {
	it('sizes the icon so that its hexagon (60 of its 64 px) is the cell, in common units (512 to the world)', () => {
		for (const level of [0, 4, 6, 11]) expect(iconSize(level) * (60 / 64)).toBeCloseTo(2 * radiusOf(level) * 512, 9);
	});

	it('halves with each level, as the cells do', () => {
		expect(iconSize(7) / iconSize(6)).toBeCloseTo(0.5, 12);
	});

	it('places it at the cell’s centre, which is inside the cell', () => {
		const cell = cellAt(0.6123, 0.4211, 6);
		const [x, y] = cellCentre(cell, 6);
		expect(cellAt(x, y, 6)).toBe(cell);
	});
});
