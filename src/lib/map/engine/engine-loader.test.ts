import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineOnRequest, FIRST_SHOWN_WAIT_MS, SMALL_STREAM_RECORDS, SMALL_STREAM_WAIT_MS, type Engine } from './engine-loader';

// When the page asks for MapLibre and deck.gl: the loader is a counter here (the engine itself
// needs a browser), the timing rules are the module's own.
describe('engineOnRequest', () => {
	let loads = 0;
	const load = () => {
		loads++;
		return Promise.resolve({} as Engine);
	};
	beforeEach(() => {
		loads = 0;
		vi.useFakeTimers();
	});
	afterEach(() => vi.useRealTimers());

	it('asks for nothing until something says so, then loads once', async () => {
		const engine = engineOnRequest(2000, load);
		await vi.advanceTimersByTimeAsync(1999);
		expect(loads).toBe(0);
		engine.ask();
		engine.ask();
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('asks after the wait when no record has come', async () => {
		const engine = engineOnRequest(2000, load);
		await vi.advanceTimersByTimeAsync(2000);
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('asks at once when the stream is expected to be large', async () => {
		const engine = engineOnRequest(2000, load);
		engine.streamGrew(SMALL_STREAM_RECORDS + 1);
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('leaves a small stream the link until it ends', async () => {
		const engine = engineOnRequest(2000, load);
		await vi.advanceTimersByTimeAsync(500);
		engine.streamGrew(40_000);
		// Past the wait for a first record: a small stream's first records replaced it.
		await vi.advanceTimersByTimeAsync(SMALL_STREAM_WAIT_MS - 1);
		engine.streamGrew(40_000);
		expect(loads).toBe(0);
		engine.ask(); // the stream's end
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('asks once a small stream has kept it waiting too long, counted from its first records', async () => {
		const engine = engineOnRequest(2000, load);
		engine.streamGrew(40_000);
		await vi.advanceTimersByTimeAsync(SMALL_STREAM_WAIT_MS - 1);
		// Later growth does not push the deadline back.
		engine.streamGrew(41_000);
		expect(loads).toBe(0);
		await vi.advanceTimersByTimeAsync(1);
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('asks as soon as the announced totals pass the threshold', async () => {
		const engine = engineOnRequest(2000, load);
		engine.streamGrew(0); // the first batch, before any part has announced its total
		engine.streamGrew(60_000);
		expect(loads).toBe(0);
		engine.streamGrew(120_000); // a second part's total
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('when the page paints the first records itself, asks for a large stream once they are on screen', async () => {
		const engine = engineOnRequest(2000, load, { paintsFirst: () => true });
		engine.streamGrew(SMALL_STREAM_RECORDS + 1);
		engine.streamGrew(SMALL_STREAM_RECORDS + 2);
		await vi.advanceTimersByTimeAsync(FIRST_SHOWN_WAIT_MS - 1);
		expect(loads).toBe(0);
		engine.recordsShown();
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('asks for a large stream anyway when the first paint has not come in time', async () => {
		const engine = engineOnRequest(2000, load, { paintsFirst: () => true });
		engine.streamGrew(SMALL_STREAM_RECORDS + 1);
		await vi.advanceTimersByTimeAsync(FIRST_SHOWN_WAIT_MS - 1);
		expect(loads).toBe(0);
		await vi.advanceTimersByTimeAsync(1);
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('leaves a small stream waiting for its end even once its records are on screen', async () => {
		const engine = engineOnRequest(2000, load, { paintsFirst: () => true });
		engine.streamGrew(40_000);
		engine.recordsShown();
		await vi.advanceTimersByTimeAsync(SMALL_STREAM_WAIT_MS - 1);
		expect(loads).toBe(0);
		engine.ask(); // the stream's end
		await engine.loading;
		expect(loads).toBe(1);
	});

	it('asks at once for a large stream whose records were already shown', async () => {
		const engine = engineOnRequest(2000, load, { paintsFirst: () => true });
		engine.streamGrew(60_000);
		engine.recordsShown();
		engine.streamGrew(120_000);
		await engine.loading;
		expect(loads).toBe(1);
	});
});
