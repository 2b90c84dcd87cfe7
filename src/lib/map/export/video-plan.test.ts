import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBACK } from '../timeline/playback';
import { frameCount, frameTiming, frameWindow, videoProblem } from './video-plan';

const domain = { min: 1000, max: 1364 };

describe('the video plan', () => {
	it('has duration × fps frames whose timestamps add up to the duration exactly', () => {
		expect(frameCount(10, 30)).toBe(300);
		expect(frameCount(2, 24)).toBe(48);
		let total = 0;
		for (let i = 0; i < 300; i++) {
			const t = frameTiming(i, 30);
			expect(t.timestamp).toBe(total);
			total += t.duration;
		}
		expect(total).toBe(10_000_000);
		expect(frameTiming(1, 30).duration).toBeGreaterThanOrEqual(33_333);
	});

	it('moves a window of fixed width evenly from the start of the data to its end', () => {
		const s = { ...DEFAULT_PLAYBACK, widthDays: 30 };
		const n = 101;
		expect(frameWindow(0, n, s, domain)).toEqual({ from: 1000, to: 1030 });
		expect(frameWindow(n - 1, n, s, domain)).toEqual({ from: 1335, to: 1365 });
		const steps = Array.from({ length: n - 1 }, (_, i) => frameWindow(i + 1, n, s, domain).from - frameWindow(i, n, s, domain).from);
		for (const step of steps) expect(step).toBeCloseTo(3.35, 9);
		for (let i = 0; i < n; i++) {
			const w = frameWindow(i, n, s, domain);
			expect(w.to - w.from).toBeCloseTo(30, 9);
		}
	});

	it('grows a cumulative window from a fixed start', () => {
		const s = { ...DEFAULT_PLAYBACK, mode: 'cumulative' as const, widthDays: 7 };
		expect(frameWindow(0, 10, s, domain)).toEqual({ from: 1000, to: 1007 });
		expect(frameWindow(9, 10, s, domain)).toEqual({ from: 1000, to: 1365 });
	});

	it('shows the whole range in every frame when the window is wider than the data', () => {
		const s = { ...DEFAULT_PLAYBACK, widthDays: 365 };
		const w = frameWindow(5, 10, s, { min: 1000, max: 1100 });
		expect(w).toEqual({ from: 1000, to: 1365 });
	});

	it('refuses sizes and rates encoders cannot take, in words', () => {
		expect(videoProblem({ width: 1920, height: 1080, seconds: 10, fps: 30 })).toBeNull();
		expect(videoProblem({ width: 1921, height: 1080, seconds: 10, fps: 30 })).toMatch(/even/);
		expect(videoProblem({ width: 5000, height: 1080, seconds: 10, fps: 30 })).toMatch(/at most/);
		expect(videoProblem({ width: 1920, height: 1080, seconds: 0, fps: 30 })).toMatch(/duration/);
		expect(videoProblem({ width: 1920, height: 1080, seconds: 10, fps: 61 })).toMatch(/frame rate/);
		expect(videoProblem({ width: 1920, height: 1080, seconds: 10, fps: 12.5 })).toMatch(/frame rate/);
	});
});
