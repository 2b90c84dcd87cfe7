// The playback clock: advances the window once per animation frame by the wall time that passed,
// and hands it to the map, which changes nothing but the GPU filter range (no reclustering).
import { advance, startWindow, step, type DayDomain, type PlaybackSettings, type PlaybackWindow } from './playback';

export interface PlayerHooks {
	/** First and last day with records; null while nothing has arrived. */
	domain(): DayDomain | null;
	settings(): PlaybackSettings;
	/** The date range the map shows when playback starts (playback starts from it). */
	range(): { dayFrom: number | null; dayTo: number | null };
	/** Every frame while playing, and after a step. */
	onwindow(w: PlaybackWindow): void;
	/** Playback stopped (pause or the end of the data): the window becomes the map's date range. */
	onstop(w: PlaybackWindow): void;
}

export class Player {
	private frame = 0;
	private last = 0;
	private current: PlaybackWindow | null = null;

	constructor(private hooks: PlayerHooks) {}

	get playing(): boolean {
		return this.frame !== 0;
	}

	play(): void {
		const domain = this.hooks.domain();
		if (this.playing || !domain) return;
		this.current = startWindow(this.hooks.settings(), domain, this.hooks.range());
		this.hooks.onwindow(this.current);
		this.last = performance.now();
		this.frame = requestAnimationFrame(this.tick);
	}

	pause(): void {
		if (!this.playing) return;
		cancelAnimationFrame(this.frame);
		this.frame = 0;
		if (this.current) this.hooks.onstop(this.current);
	}

	toggle(): void {
		if (this.playing) this.pause();
		else this.play();
	}

	/** One window width back or forward; paused, the step becomes the map's date range at once. */
	step(direction: 1 | -1): void {
		const domain = this.hooks.domain();
		if (!domain) return;
		const from = this.playing && this.current ? this.current : startWindow(this.hooks.settings(), domain, this.hooks.range());
		this.current = step(from, this.hooks.settings(), direction, domain);
		this.hooks.onwindow(this.current);
		if (!this.playing) this.hooks.onstop(this.current);
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
		if (ended) return this.pause();
		this.frame = requestAnimationFrame(this.tick);
	};
}
