// Loads the map's engine (engine.ts) once: started as the page's script runs, so that MapLibre and
// deck.gl download beside the record stream, not after it.
export type Engine = typeof import('./engine');

let loading: Promise<Engine> | null = null;

export function loadEngine(): Promise<Engine> {
	loading ??= import('./engine');
	// A failed download (a dropped connection) may be tried again by the next caller.
	loading.catch(() => (loading = null));
	return loading;
}
