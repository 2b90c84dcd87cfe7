// Playback as page state: the settings (in the URL), the window playing or held by a step, and
// what the map draws and counts meanwhile. The analyst's date range is never written by playback
// (player.ts): a pause or the end returns to it, unless "keep this window" makes the window the
// range, as an undoable filter change.
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import { countInRange } from './bins';
import { daysLabel, DEFAULT_PLAYBACK, softRanges, windowDays, type PlaybackSettings, type PlaybackWindow } from './playback';
import { Player } from './player';

export interface PlaybackHooks {
	redraw(): void;
	requestDensity(): void;
	requestRows(): void;
	syncUrl(): void;
}

export class PlaybackState {
	settings = $state<PlaybackSettings>(DEFAULT_PLAYBACK);
	/** The playback window while playing or held by a step (the map's date filter otherwise). */
	window = $state<PlaybackWindow | null>(null);
	playing = $state(false);
	readonly player: Player;

	/** The dates shown large on the map: the playback window, or the date filter. */
	readonly dateLabel = $derived.by(() => {
		const filter = this.filters.filter;
		const range = this.window ? windowDays(this.window) : filter.dayFrom !== null || filter.dayTo !== null ? filter : null;
		return range ? daysLabel(range) : null;
	});

	constructor(
		initial: PlaybackSettings,
		private readonly filters: FilterState,
		private readonly feed: RecordFeed,
		private readonly hooks: PlaybackHooks
	) {
		this.settings = initial;
		this.player = new Player({
			domain: () => this.domain(),
			settings: () => this.settings,
			onwindow: (w) => {
				this.window = w;
				this.playing = this.player.playing;
				// The count from the day histogram: exact for the window, and no worker round trip per frame.
				if (this.feed.histogram) this.feed.visibleCount = countInRange(this.feed.histogram, w.from, w.to);
				this.hooks.requestDensity();
				this.hooks.redraw();
			},
			onstop: (w) => {
				this.playing = false;
				if (this.settings.keep) return this.keepWindow(w);
				// The range set before playing comes back; play resumes where this pause left off.
				this.window = null;
				this.showDates();
			},
			onstep: (w) => {
				// A step while paused shows its window (the table follows it) until play, Escape or "back to the range".
				if (this.settings.keep) return this.keepWindow(w);
				this.window = w;
				this.showDates();
			}
		});
	}

	/** The dates drawn: the playback window (with its fading edges while playing), or the date filter. */
	drawnDates(): { range: [number, number]; soft: [number, number] | null } {
		const w = this.window;
		if (w && !this.playing) return { range: [w.from, w.to], soft: null };
		const soft = this.playing && w ? softRanges(w, this.settings) : null;
		return soft ? { range: soft.range, soft: soft.soft } : { range: this.filters.days(), soft: null };
	}

	/** Playback stays within the date range set (cut to the days with records); the video plays the same. */
	domain() {
		const { dayBounds } = this.feed;
		const { filter } = this.filters;
		if (dayBounds.min === null || dayBounds.max === null) return null;
		const min = Math.max(dayBounds.min, filter.dayFrom ?? -Infinity);
		const max = Math.min(dayBounds.max, filter.dayTo ?? Infinity);
		return min <= max ? { min, max } : null;
	}

	/** "Keep this window": the window becomes the date range (undoable like any filter change). */
	private keepWindow(w: PlaybackWindow): void {
		this.window = null;
		this.filters.set({ ...this.filters.filter, ...windowDays(w) });
	}

	/** After playback: the dates drawn, counted and listed are the held window or the range set. */
	private showDates(): void {
		const [from, to] = this.drawnDates().range;
		if (this.feed.histogram) this.feed.visibleCount = countInRange(this.feed.histogram, from, to);
		this.hooks.requestDensity();
		this.hooks.requestRows();
		this.hooks.redraw();
	}

	/** Back to the range set, from a window held by a step. */
	backToRange(): void {
		if (!this.window || this.playing) return;
		this.window = null;
		this.player.reset();
		this.showDates();
	}

	/** A new date range: playback starts over within it, and a window held by a step gives way. */
	rangeChanged(): void {
		if (this.playing) return;
		this.window = null;
		this.player.reset();
	}

	setSettings(next: PlaybackSettings): void {
		this.settings = next;
		this.hooks.syncUrl();
	}

	/** The range brushed on the timeline. */
	brush(dayFrom: number | null, dayTo: number | null): void {
		this.player.pause();
		this.filters.set({ ...this.filters.filter, dayFrom, dayTo });
	}

	/** A window held by a step (not playing). */
	get held(): boolean {
		return this.window !== null && !this.playing;
	}

	destroy(): void {
		this.player.destroy();
	}
}
