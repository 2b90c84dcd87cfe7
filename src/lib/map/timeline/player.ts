// The playback clock: advances the window once per animation frame by the wall time that passed,
// and hands it to the map, which changes nothing but the GPU filter range (no reclustering).
// It plays within the date range the analyst set (the domain it is given) and never writes that
// range itself: what a pause or a step does with the window is the map's choice (onstop, onstep).
import { advance, startWindow, step, type DayDomain, type PlaybackSettings, type PlaybackWindow } from './playback';

export interface PlayerHooks {
	/** The days to play within: the date range set, cut to the days with records; null while nothing has arrived. */
	domain(): DayDomain | null;
	settings(): PlaybackSettings;
	/** Every frame while playing, and after a step. */
	onwindow(w: PlaybackWindow): void;
	/** Playback stopped: paused, or it ran to the end of the range (not looping). */
	onstop(w: PlaybackWindow, why: 'pause' | 'end'): void;
	/** A step while not playing: the window to show. */
	onstep(w: PlaybackWindow): void;
}

export class Player {
	private frame = 0;
	private last = 0;
	/** Where playback is, or where a pause left it (play resumes there). */
	private current: PlaybackWindow | null = null;

	constructor(private hooks: PlayerHooks) {}

	get playing(): boolean {
		return this.frame !== 0;
	}

	play(): void {
		const domain = this.hooks.domain();
		if (this.playing || !domain) return;
		const c = this.current;
		const resumable = c && c.from >= domain.min && c.to <= domain.max + 1;
		this.current = resumable ? c : startWindow(this.hooks.settings(), domain, { dayFrom: null, dayTo: null });
		this.hooks.onwindow(this.current!);
		this.last = performance.now();
		this.frame = requestAnimationFrame(this.tick);
	}

	pause(): void {
		if (!this.playing) return;
		cancelAnimationFrame(this.frame);
		this.frame = 0;
		if (this.current) this.hooks.onstop(this.current, 'pause');
	}

	toggle(): void {
		if (this.playing) this.pause();
		else this.play();
	}

	/** One window width back or forward. */
	step(direction: 1 | -1): void {
		const domain = this.hooks.domain();
		if (!domain) return;
		const from = this.current ?? startWindow(this.hooks.settings(), domain, { dayFrom: null, dayTo: null });
		this.current = step(from, this.hooks.settings(), direction, domain);
		this.hooks.onwindow(this.current);
		if (!this.playing) this.hooks.onstep(this.current);
	}

	/** Forgets where playback was (the range changed): the next play starts at its beginning. */
	reset(): void {
		if (!this.playing) this.current = null;
	}

	destroy(): void {
		cancelAnimationFrame(this.frame);
		this.frame = 0;
	}

	private tick = (now: number) => {
		const domain = this.hooks.domain();
		if (!domain || !this.current) return this.pause();
		// Slow frames keep the data time true to the speed; a tab that was in the background
		// (no frames) resumes without jumping ahead: at most a second per frame.
		const dt = Math.min(1, Math.max(0, (now - this.last) / 1000));
		this.last = now;
		const { window, ended } = advance(this.current, this.hooks.settings(), dt, domain);
		this.current = window;
		this.hooks.onwindow(window);
		if (ended) {
			cancelAnimationFrame(this.frame);
			this.frame = 0;
			this.current = null;
			return this.hooks.onstop(window, 'end');
		}
		this.frame = requestAnimationFrame(this.tick);
	};
}
