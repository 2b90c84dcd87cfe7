// The page's globals that the browser tests, the benchmark and `npm run brief` read or set beside
// the explorer's handle (window.__explorer, declared with the handle in src/lib/map/handle.ts).
// Declared once, here; tests/helpers/page-handle.ts brings them in wherever it is imported.
import type { LayerSummary } from '../../src/lib/map/handle';
import type { NaiveHooks } from '../../scripts/bench/routes/bench/naive/naive-explorer';

declare global {
	interface Window {
		/** The benchmark's baseline page (/bench/naive): what the benchmark reads and drives. */
		__naive?: NaiveHooks;
		/** The benchmark's marks of the first and all points drawn, and the layers deck.gl holds in either page (scripts/bench/browser.ts: installDrawProbe). */
		__benchMarks?: LoadMarks;
		__benchLayers?: () => LayerSummary[];
		/** The countries the benchmark's filter and table timings last chose, to clear them again. */
		__benchCountry?: string;
		__benchTableCountry?: string;
		/** With Chromium's --js-flags=--expose-gc: the benchmark's heap is read after it. */
		gc?: () => void;
		/** tests/e2e/explorer.test.ts: the 2D first paint, caught the moment it shows records. */
		__firstPaint?: { records: number; recordPixels: number; mapHidden: boolean };
		/** tests/e2e/theme.test.ts: the colour the first paint's canvas is filled with. */
		__firstPaintFill?: string;
		/** tests/e2e/light-first-load.test.ts: what was on screen when the map took over, and the workers the page made. */
		__handOver?: { painted: number; drawn: number | null; ended: string | null };
		__workers?: { url: string; byPageModule: boolean }[];
	}

	interface Performance {
		/** Chromium's heap figures (exact with --enable-precise-memory-info): the benchmark's. */
		memory?: { usedJSHeapSize: number };
	}
}

/** The benchmark's marks (scripts/bench/browser.ts: installDrawProbe): performance.now() of the first and all points drawn, and the longest task until then. */
export interface LoadMarks {
	firstDraw: number | null;
	/** Every record on screen: on the map, or in the explorer's 2D first paint before the map has taken over. */
	allShown: number | null;
	/** Every record drawn by the map itself (deck.gl), which the analyst can then pan, zoom and click. */
	allDrawn: number | null;
	longestTaskMs: number;
}
