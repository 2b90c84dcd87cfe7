// The timeline playback as a video, frame by frame: the whole playback (from its first window to
// the end of the date range) spread over the chosen duration, so frame i shows the window at time
// i / fps whatever the machine's speed. The file has exactly duration × fps frames.
import { softRanges, startWindow, WIDTHS, type DayDomain, type PlaybackSettings, type PlaybackWindow } from '../timeline/playback';
import { MIN_SIZE_PX } from './sizes';

export type VideoFormat = 'webm' | 'mp4';

export interface VideoRequest {
	/** Pixels of the video (the briefing layout at 1×). */
	width: number;
	height: number;
	seconds: number;
	fps: number;
	format: VideoFormat;
	title: string;
	/** Country, admin-1 and town names on the map (default: yes). */
	places?: boolean;
}

/** The rates the dialog offers; the brief command takes any whole rate up to MAX_VIDEO_FPS. */
export const VIDEO_FPS = [24, 25, 30, 60] as const;
export const MAX_VIDEO_FPS = 60;
export const MAX_VIDEO_SECONDS = 120;
/** Encoders of H.264 level 5.1 and VP9 stop at 4096 pixels a side. */
export const MAX_VIDEO_PX = 3840;

export const VIDEO_PRESETS: { id: string; label: string }[] = [
	{ id: '1280x720', label: '1280 × 720 (HD)' },
	{ id: '1920x1080', label: '1920 × 1080 (Full HD)' },
	{ id: 'custom', label: 'Custom…' }
];

/** A readable reason the video cannot be made, or null if it can. */
export function videoProblem(r: Pick<VideoRequest, 'width' | 'height' | 'seconds' | 'fps'>): string | null {
	if (![r.width, r.height].every((n) => Number.isInteger(n))) return 'Width and height must be whole numbers of pixels.';
	if (r.width % 2 || r.height % 2) return 'Video width and height must be even numbers of pixels.';
	if (r.width < MIN_SIZE_PX || r.height < MIN_SIZE_PX) return `The video must be at least ${MIN_SIZE_PX} × ${MIN_SIZE_PX} pixels.`;
	if (r.width > MAX_VIDEO_PX || r.height > MAX_VIDEO_PX) return `A video side may be at most ${MAX_VIDEO_PX} pixels.`;
	if (!Number.isInteger(r.fps) || r.fps < 1 || r.fps > MAX_VIDEO_FPS)
		return `The frame rate must be a whole number of frames per second from 1 to ${MAX_VIDEO_FPS}.`;
	if (!(r.seconds >= 1 && r.seconds <= MAX_VIDEO_SECONDS)) return `The duration must be between 1 and ${MAX_VIDEO_SECONDS} seconds.`;
	return null;
}

export function frameCount(seconds: number, fps: number): number {
	return Math.max(1, Math.round(seconds * fps));
}

/** Frame i's presentation time and duration in microseconds (whole, and summing to the total exactly). */
export function frameTiming(i: number, fps: number): { timestamp: number; duration: number } {
	const timestamp = Math.round((i * 1_000_000) / fps);
	return { timestamp, duration: Math.round(((i + 1) * 1_000_000) / fps) - timestamp };
}

/**
 * The window of frame i of n: the first window of playback (as the play button starts it) moved
 * evenly until the last frame shows the end of the range. Frame 0 is the first window, frame n-1
 * the last; in cumulative mode the start stays put and the end advances.
 */
export function frameWindow(i: number, n: number, s: PlaybackSettings, domain: DayDomain): PlaybackWindow {
	const first = startWindow(s, domain, { dayFrom: null, dayTo: null });
	// The end may pass the last day by a day, so the last day is shown whole (as moveBy does).
	const travel = Math.max(0, domain.max + 1 - first.to);
	const moved = n <= 1 ? travel : (travel * i) / (n - 1);
	return s.mode === 'cumulative' ? { from: first.from, to: first.to + moved } : { from: first.from + moved, to: first.to + moved };
}

/** The dates a frame draws: its window and the recent part drawn at full weight (as playing does). */
export function frameDates(i: number, n: number, s: PlaybackSettings, domain: DayDomain) {
	const window = frameWindow(i, n, s, domain);
	return { window, ...softRanges(window, s) };
}

/** The playback settings in words for the dialog: "a 1-month window", "cumulatively, in 1-week steps". */
export function playbackInWords(s: PlaybackSettings): string {
	const width = WIDTHS.find((w) => w.days === s.widthDays)?.label ?? `${s.widthDays} days`;
	return s.mode === 'cumulative' ? `the records cumulatively, in ${width} steps` : `a ${width} window`;
}
