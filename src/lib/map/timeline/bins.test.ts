import { describe, expect, it } from 'vitest';
import { isoToDay } from './days';
import { binHistogram, chooseBinUnit, countInRange, monthStart, weekStart } from './bins';

const day = isoToDay;

describe('timeline bins', () => {
	it('adapts the unit to the span and the room to draw it', () => {
		expect(chooseBinUnit(90, 900)).toBe('day');
		expect(chooseBinUnit(2000, 900)).toBe('week');
		expect(chooseBinUnit(5000, 900)).toBe('month');
	});

	it('starts weeks on Mondays and months on the first', () => {
		expect(weekStart(day('2026-11-22'))).toBe(day('2026-11-16')); // a Sunday → its Monday
		expect(weekStart(day('2026-11-16'))).toBe(day('2026-11-16'));
		expect(weekStart(day('1970-01-01'))).toBe(day('1969-12-29'));
		expect(monthStart(day('2024-02-29'))).toBe(day('2024-02-01'));
	});

	it('sums days into calendar months, keeping empty months inside the span', () => {
		const startDay = day('2024-01-30');
		const counts = new Uint32Array(day('2024-03-02') - startDay + 1);
		counts[0] = 2; // Jan 30
		counts[1] = 1; // Jan 31
		counts[day('2024-03-01') - startDay] = 5;
		const bins = binHistogram({ startDay, counts }, 'month');
		expect(bins.map((b) => b.count)).toEqual([3, 0, 5]);
		expect(bins[1]).toMatchObject({ start: day('2024-02-01'), end: day('2024-03-01') });
		expect(bins.reduce((n, b) => n + b.count, 0)).toBe(8);
	});

	it('counts an inclusive range with fractional edges rounded inwards', () => {
		const h = { startDay: 100, counts: new Uint32Array([1, 2, 3, 4]) };
		expect(countInRange(h, 100, 103)).toBe(10);
		expect(countInRange(h, 100.5, 102.9)).toBe(5); // days 101 and 102
		expect(countInRange(h, 50, 60)).toBe(0);
	});
});
