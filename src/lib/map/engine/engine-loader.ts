// Loads the map's engine (engine.ts) once.
export type Engine = typeof import('./engine');

let loading: Promise<Engine> | null = null;

export function loadEngine(): Promise<Engine> {
	loading ??= import('./engine');
	// A failed download (a dropped connection) may be tried again by the next caller.
	loading.catch(() => (loading = null));
	return loading;
}

/**
 * A stream expected to hold at most this many records (the service's totals, summed over the
 * parts that have announced theirs) is left the link until it ends: at the stream's ~9 B per
 * record on the wire that is under 1 MB, 0.4 s at 20 Mbit/s. Asked for mid-stream, the libraries'
 * 0.46 MB (brotli) go ahead of the stream's remaining bytes on a shared link (a trace at 40 ms /
 * 20 Mbit/s: 38k records' stream stalled 0.25 s behind them), so every record reached the screen
 * that much later, while the map, which needs the whole stream to draw it all anyway, gained
 * nothing. A larger stream takes seconds: the map loads beside it, so that the analyst can pan
 * and open records while it runs (once its first records are on screen: EngineRequestOptions).
 */
export const SMALL_STREAM_RECORDS = 100_000;

/** The longest a small stream keeps the engine waiting after its first records (a stalled or slow remote walk). */
export const SMALL_STREAM_WAIT_MS = 1500;

/**
 * The longest a large stream keeps the engine waiting for its first records to be on screen (the
 * 2D paint, first-paint.ts), counted from when it was known to be large.
 */
export const FIRST_SHOWN_WAIT_MS = 1000;

export interface EngineRequest {
	/** The engine, once asked for and loaded. */
	loading: Promise<Engine>;
	/** Asks for it now (the stream has ended, or something needs the map). */
	ask(): void;
	/** The stream has grown; `expectedRecords`: the totals the service has announced so far. */
	streamGrew(expectedRecords: number): void;
	/** The first records are on screen (the 2D paint's first image has been presented). */
	recordsShown(): void;
}

export interface EngineRequestOptions {
	/**
	 * Whether the page paints the first records itself before the map (the offline basemap, zoomed
	 * out): then a large stream asks for the engine once they are on screen, not before. Its
	 * 0.45 MB of script is evaluated on the page's thread; asked for with the first records, on a fast
	 * link it arrived while the first image was being presented and delayed it in about half the
	 * loads (959k, loopback: 1.4 s or 1.8 s to first points, docs/benchmarks.md). The map, which
	 * takes seconds to draw a large stream anyway, gains nothing from those 0.1-0.3 s.
	 */
	paintsFirst?: () => boolean;
}

/**
 * The engine, asked for when the page's record stream says so (above), at an `ask()`, or after
 * `waitMs` without any records (a stream slow to start, such as a remote service's walk). Nothing
 * is asked before the first records: on a slow link bytes arrive in about the order they were
 * asked for, and the first records (a few kB) would otherwise wait behind the libraries (0.7 s at
 * 5 Mbit/s).
 */
export function engineOnRequest(waitMs: number, load: () => Promise<Engine> = loadEngine, options: EngineRequestOptions = {}): EngineRequest {
	let ask = () => {};
	const asked = new Promise<void>((resolve) => (ask = resolve));
	let timer = setTimeout(ask, waitMs);
	let grown = false;
	let large = false;
	let shown = false;
	return {
		loading: asked.then(() => {
			clearTimeout(timer);
			return load();
		}),
		ask: () => ask(),
		streamGrew(expectedRecords) {
			if (expectedRecords > SMALL_STREAM_RECORDS) {
				if (shown || !options.paintsFirst?.()) return ask();
				if (large) return;
				// Large, and painted by the page first: the engine waits for that paint, or this long.
				large = true;
				clearTimeout(timer);
				timer = setTimeout(ask, FIRST_SHOWN_WAIT_MS);
				return;
			}
			if (grown) return;
			// The wait for a stream to start is over; the wait for a small one to end begins.
			grown = true;
			clearTimeout(timer);
			timer = setTimeout(ask, SMALL_STREAM_WAIT_MS);
		},
		recordsShown() {
			shown = true;
			if (large) ask();
		}
	};
}
