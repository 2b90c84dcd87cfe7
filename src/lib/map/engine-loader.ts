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
 * The engine, asked for at the first `ask()` or after `waitMs`, whichever comes first. The page
 * asks once the record stream's first records have arrived: on a slow link bytes arrive in about
 * the order they were asked for, and the first records (a few kB) would otherwise wait behind the
 * libraries (0.45 MB brotli, 0.7 s at 5 Mbit/s). After them the libraries load beside the rest of
 * the stream. The wait covers a stream slow to start (a remote service).
 */
export function engineOnRequest(waitMs: number): { loading: Promise<Engine>; ask: () => void } {
	let ask = () => {};
	const asked = new Promise<void>((resolve) => (ask = resolve));
	const timer = setTimeout(ask, waitMs);
	return {
		loading: asked.then(() => {
			clearTimeout(timer);
			return loadEngine();
		}),
		ask
	};
}
