import { describe, expect, it } from 'vitest';
import { advance, softRanges, startWindow, step, windowDays, type PlaybackSettings } from './playback';

const domain = { min: 1000, max: 1365 };
const moving: PlaybackSettings = { mode: 'window', widthDays: 30, speed: 10, loop: false, keep: false };
const open = { dayFrom: null, dayTo: null };

describe('timeline playback', () => {
	it('starts at the data start, or at the current range when it leaves room to move', () => {
		expect(startWindow(moving, domain, open)).toEqual({ from: 1000, to: 1030 });
		expect(startWindow(moving, domain, { dayFrom: 1100, dayTo: null })).toEqual({ from: 1100, to: 1130 });
		expect(startWindow(moving, domain, { dayFrom: 1350, dayTo: null })).toEqual({ from: 1000, to: 1030 });
		expect(startWindow({ ...moving, mode: 'cumulative' }, domain, open)).toEqual({ from: 1000, to: 1030 });
	});

	it('slides a moving window by speed × time and keeps its width', () => {
		const { window, ended } = advance({ from: 1000, to: 1030 }, moving, 0.5, domain);
		expect(window).toEqual({ from: 1005, to: 1035 });
		expect(ended).toBe(false);
	});

	it('keeps the start of a cumulative window and advances its end', () => {
		const { window } = advance({ from: 1000, to: 1030 }, { ...moving, mode: 'cumulative' }, 2, domain);
		expect(window).toEqual({ from: 1000, to: 1050 });
	});

	it('ends at the last day, or loops to the start', () => {
		const end = advance({ from: 1330, to: 1360 }, moving, 1, domain);
		expect(end.ended).toBe(true);
		expect(end.window).toEqual({ from: 1336, to: 1366 });
		const looped = advance({ from: 1330, to: 1360 }, { ...moving, loop: true }, 1, domain);
		expect(looped.ended).toBe(false);
		expect(looped.window).toEqual({ from: 1000, to: 1030 });
	});

	it('steps by one window width in either direction, never before the data', () => {
		expect(step({ from: 1100, to: 1130 }, moving, 1, domain)).toEqual({ from: 1130, to: 1160 });
		expect(step({ from: 1010, to: 1040 }, moving, -1, domain)).toEqual({ from: 1000, to: 1030 });
	});

	it('turns a fractional window into whole days, and marks its recent part for the fade by age', () => {
		expect(windowDays({ from: 1000.4, to: 1030.7 })).toEqual({ dayFrom: 1001, dayTo: 1030 });
		const { range, soft } = softRanges({ from: 1000, to: 1030 }, moving);
		expect(range).toEqual([1000, 1030]);
		// The newest fifth of a moving window at full weight, up to its end.
		expect(soft).toEqual([1024, 1030]);
		// Cumulative: the newest step, however long the run so far.
		expect(softRanges({ from: 1000, to: 1300 }, { ...moving, mode: 'cumulative', widthDays: 30 }).soft).toEqual([1270, 1300]);
		expect(softRanges({ from: 1000, to: 1010 }, { ...moving, mode: 'cumulative', widthDays: 30 }).soft).toEqual([1000, 1010]);
	});
});
