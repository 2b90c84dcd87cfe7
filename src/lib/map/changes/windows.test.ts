import { describe, expect, it } from 'vitest';
import { isoToDay } from '../timeline/days';
import { changeWindows, type WindowInputs } from './windows';

const base: WindowInputs = { dayMin: isoToDay('2026-01-01'), dayMax: isoToDay('2026-11-28'), dayFrom: null, dayTo: null, held: null, days: 7 };

describe('the windows "What changed" compares', () => {
	it('by default, the records’ last 7 days against the 8 weeks before', () => {
		const w = changeWindows(base);
		if ('problem' in w) throw new Error(w.problem);
		expect(w.windows).toEqual({ recentFrom: isoToDay('2026-11-22'), recentTo: isoToDay('2026-11-28'), baselineWindows: 8 });
		expect(w.recentLabel).toBe('22 Nov 2026 – 28 Nov 2026');
		// ICU spells September 'Sep' or 'Sept' by version.
		expect(w.baselineLabel).toMatch(/^8 windows of 7 days before it \(27 Sept? 2026 – 21 Nov 2026\)$/);
	});

	it('ends at the end of the date range set, and takes the length chosen', () => {
		const w = changeWindows({ ...base, dayFrom: isoToDay('2026-03-01'), dayTo: isoToDay('2026-06-30'), days: 28 });
		if ('problem' in w) throw new Error(w.problem);
		expect(w.windows.recentTo).toBe(isoToDay('2026-06-30'));
		expect(w.windows.recentFrom).toBe(isoToDay('2026-06-03'));
		expect(w.windows.baselineWindows).toBe(5); // 1 Jan to 3 Jun: five whole windows of 28 days
	});

	it('takes the window a timeline step holds as the recent window', () => {
		const held = { dayFrom: isoToDay('2026-08-01'), dayTo: isoToDay('2026-08-30') };
		const w = changeWindows({ ...base, held });
		if ('problem' in w) throw new Error(w.problem);
		expect(w.windows).toEqual({ recentFrom: held.dayFrom, recentTo: held.dayTo, baselineWindows: 7 });
		expect(w.from).toBe('held');
	});

	it('refuses, and says why, when the records do not reach two windows back', () => {
		const w = changeWindows({ ...base, dayTo: isoToDay('2026-01-15') });
		expect(w).toEqual({ problem: expect.stringContaining('Too little history before 9 Jan 2026 – 15 Jan 2026') });
		expect(changeWindows({ ...base, dayMin: null, dayMax: null })).toEqual({ problem: 'No records have arrived yet.' });
	});
});
