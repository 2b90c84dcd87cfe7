// Timeline playback as pure functions over a window of fractional days, so the animation loop is
// only "advance, then hand the new range to the GPU filter" and every rule is unit-testable.
//   window mode:     [from, to] of fixed width slides forward;
//   cumulative mode: from stays at the start of the data, to advances.
// Speed is data time per second of wall time, from hours to years per second.

export type PlaybackMode = 'window' | 'cumulative';

export interface PlaybackSettings {
	mode: PlaybackMode;
	/** Width of the moving window, or the step of the cumulative mode, in days. */
	widthDays: number;
	/** Days of data time per second of playback. */
	speed: number;
	loop: boolean;
	/** On pause, make the window the date range (else the range set before playing comes back). */
	keep: boolean;
}

/** Inclusive range of fractional day numbers: a record of day d shows when from ≤ d ≤ to. */
export interface PlaybackWindow {
	from: number;
	to: number;
}

export interface DayDomain {
	min: number;
	max: number;
}

export const SPEEDS: { days: number; label: string }[] = [
	{ days: 1 / 24, label: '1 hour / s' },
	{ days: 6 / 24, label: '6 hours / s' },
	{ days: 1, label: '1 day / s' },
	{ days: 7, label: '1 week / s' },
	{ days: 30, label: '1 month / s' },
	{ days: 91, label: '3 months / s' },
	{ days: 365, label: '1 year / s' },
	{ days: 730, label: '2 years / s' }
];

export const WIDTHS: { days: number; label: string }[] = [
	{ days: 1, label: '1 day' },
	{ days: 7, label: '1 week' },
	{ days: 30, label: '1 month' },
	{ days: 91, label: '3 months' },
	{ days: 365, label: '1 year' }
];

export const DEFAULT_PLAYBACK: PlaybackSettings = { mode: 'window', widthDays: 30, speed: 91, loop: false, keep: false };

/**
 * Where playback starts: from the current date range if one is set and still has room to move,
 * else from the start of the data.
 */
export function startWindow(s: PlaybackSettings, domain: DayDomain, current: { dayFrom: number | null; dayTo: number | null }): PlaybackWindow {
	const width = Math.max(s.widthDays, 1 / 24);
	if (s.mode === 'cumulative') {
		const to = current.dayTo !== null && current.dayTo < domain.max ? current.dayTo : domain.min + width;
		return { from: domain.min, to };
	}
	const from = current.dayFrom !== null && current.dayFrom + width <= domain.max ? current.dayFrom : domain.min;
	return { from, to: from + width };
}

/** Moves the window by `days` of data time; `ended` when it ran past the data (and is not looping). */
export function moveBy(w: PlaybackWindow, s: PlaybackSettings, days: number, domain: DayDomain): { window: PlaybackWindow; ended: boolean } {
	const width = w.to - w.from;
	let next: PlaybackWindow = s.mode === 'cumulative' ? { from: w.from, to: w.to + days } : { from: w.from + days, to: w.to + days };
	// The end may pass the last day by up to a day, so the last day is shown whole.
	const last = domain.max + 1;
	if (days > 0 && next.to > last) {
		if (!s.loop) return { window: clampEnd(next, s, width, last), ended: true };
		next = s.mode === 'cumulative' ? { from: domain.min, to: domain.min + s.widthDays } : { from: domain.min, to: domain.min + width };
	}
	if (days < 0 && (s.mode === 'cumulative' ? next.to < domain.min + s.widthDays : next.from < domain.min)) {
		next = s.mode === 'cumulative' ? { from: domain.min, to: domain.min + s.widthDays } : { from: domain.min, to: domain.min + width };
	}
	return { window: next, ended: false };
}

function clampEnd(w: PlaybackWindow, s: PlaybackSettings, width: number, last: number): PlaybackWindow {
	return s.mode === 'cumulative' ? { from: w.from, to: last } : { from: last - width, to: last };
}

/** One frame: dt seconds of wall time at the chosen speed. */
export function advance(w: PlaybackWindow, s: PlaybackSettings, dtSeconds: number, domain: DayDomain) {
	return moveBy(w, s, s.speed * dtSeconds, domain);
}

/** The arrow keys and step buttons: one window width (or one cumulative step). */
export function step(w: PlaybackWindow, s: PlaybackSettings, direction: 1 | -1, domain: DayDomain) {
	return moveBy(w, s, direction * s.widthDays, domain).window;
}

/** The whole days a window covers, for the filter the map keeps when playback pauses. */
export function windowDays(w: PlaybackWindow): { dayFrom: number; dayTo: number } {
	const dayFrom = Math.ceil(w.from - 1e-9);
	return { dayFrom, dayTo: Math.max(dayFrom, Math.floor(w.to + 1e-9)) };
}

/** "3 Mar 2024 – 2 Apr 2024", or one date; '…' for an open end. */
export function daysLabel(range: { dayFrom: number | null; dayTo: number | null }): string {
	const fmt = (day: number | null) =>
		day === null ? '…' : new Date(day * 86_400_000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
	return range.dayFrom === range.dayTo ? fmt(range.dayFrom) : `${fmt(range.dayFrom)} – ${fmt(range.dayTo)}`;
}

/**
 * The dates drawn while playing: the window, and its recent part (`soft`), drawn at full weight
 * while older records fade by age (fade.ts). The recent part is the newest fifth of a moving
 * window, or the newest step of a cumulative one, so the front of playback reads as motion.
 */
export function softRanges(w: PlaybackWindow, s: PlaybackSettings): { range: [number, number]; soft: [number, number] } {
	const width = w.to - w.from;
	const recent = s.mode === 'cumulative' ? Math.min(width, s.widthDays) : width * 0.2;
	return { range: [w.from, w.to], soft: [w.to - recent, w.to] };
}
