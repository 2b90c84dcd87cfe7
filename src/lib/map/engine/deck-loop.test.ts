import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paceDeckLoop, type PacingEnv } from './deck-loop';

/** A loop like luma.gl's: at each frame it runs, then asks its provider for the next one. */
function harness(work: { redraw: string | false; update: string | false }) {
	const queued: FrameRequestCallback[] = [];
	let frames = 0;
	const env: PacingEnv = {
		now: () => Date.now(),
		frame: (callback) => queued.push(callback),
		cancelFrame: () => void queued.splice(0)
	};
	const loop = { props: { animationFrameProvider: { requestAnimationFrame: (_: FrameRequestCallback) => 0, cancelAnimationFrame: (_: number) => {} } } };
	const deck = { needsRedraw: () => work.redraw, layerManager: { needsUpdate: () => work.update } };
	const pacing = paceDeckLoop(loop, deck, env);
	const onFrame: FrameRequestCallback = () => {
		frames++;
		loop.props.animationFrameProvider.requestAnimationFrame(onFrame);
	};
	loop.props.animationFrameProvider.requestAnimationFrame(onFrame);
	/** Runs the display for `ms`: a frame every 16 ms, each running what was asked before it. */
	const run = (ms: number) => {
		for (let t = 0; t < ms; t += 16) {
			vi.advanceTimersByTime(16);
			for (const callback of queued.splice(0)) callback(t);
		}
	};
	return { pacing, run, frames: () => frames, queued };
}

describe("deck.gl's loop, paced", () => {
	beforeEach(() => void vi.useFakeTimers());
	afterEach(() => void vi.useRealTimers());

	it('runs at the display rate just after it starts, then looks four times a second while idle', () => {
		const h = harness({ redraw: false, update: false });
		h.run(500);
		expect(h.frames()).toBeGreaterThan(25);
		const before = h.frames();
		h.run(10_000);
		// 40 looks in 10 s, not 625 frames.
		expect(h.frames() - before).toBeGreaterThanOrEqual(35);
		expect(h.frames() - before).toBeLessThanOrEqual(45);
		expect(h.pacing.framesAsked).toBe(h.frames() + h.queued.length);
	});

	it('a wake (the pointer moved, layers arrived) brings the next frame at once and the display rate back', () => {
		const h = harness({ redraw: false, update: false });
		h.run(2_000);
		const before = h.frames();
		h.pacing.wake();
		h.run(16);
		expect(h.frames()).toBe(before + 1);
		h.run(400);
		expect(h.frames() - before).toBeGreaterThan(20);
	});

	it('keeps the display rate while deck.gl has something to redraw or take up', () => {
		const work = { redraw: false as string | false, update: false as string | false };
		const h = harness(work);
		h.run(2_000);
		work.redraw = 'layers changed';
		h.run(300); // the next look finds it
		const before = h.frames();
		h.run(1_000);
		expect(h.frames() - before).toBeGreaterThan(55);
		work.redraw = false;
		work.update = 'icon atlas loaded';
		const during = h.frames();
		h.run(1_000);
		expect(h.frames() - during).toBeGreaterThan(55);
	});
});
