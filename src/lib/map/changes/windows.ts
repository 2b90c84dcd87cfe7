// Which days "What changed" compares: a recent window and the windows of the same length before
// it. The recent window is the window a timeline step holds, or the last `days` days of the date
// range set (of the records, when no range is set). The baseline is up to 8 windows, but only
// those the records cover: a window before the first record would read as "no activity" and make
// every place look new.
import { daysLabel } from '../timeline/playback';
import { BASELINE_WINDOWS, MIN_BASELINE_WINDOWS, type ChangeWindows } from '../../changes/hotspots';

export const RECENT_DAYS = [7, 14, 28] as const;
export type RecentDays = (typeof RECENT_DAYS)[number];

export interface WindowInputs {
	/** The first and last day of the records loaded (null before any). */
	dayMin: number | null;
	dayMax: number | null;
	/** The date range set (the filter's), and the window a timeline step holds, if any. */
	dayFrom: number | null;
	dayTo: number | null;
	held: { dayFrom: number; dayTo: number } | null;
	days: RecentDays;
}

export type WindowChoice = { windows: ChangeWindows; recentLabel: string; baselineLabel: string; from: 'held' | 'range' } | { problem: string };

export function changeWindows(w: WindowInputs): WindowChoice {
	if (w.dayMin === null || w.dayMax === null) return { problem: 'No records have arrived yet.' };
	let recentFrom: number;
	let recentTo: number;
	if (w.held) {
		recentFrom = w.held.dayFrom;
		recentTo = w.held.dayTo;
	} else {
		recentTo = Math.min(w.dayTo ?? w.dayMax, w.dayMax);
		recentFrom = recentTo - w.days + 1;
	}
	const length = recentTo - recentFrom + 1;
	const covered = Math.floor((recentFrom - w.dayMin) / length);
	const baselineWindows = Math.min(BASELINE_WINDOWS, covered);
	if (baselineWindows < MIN_BASELINE_WINDOWS) {
		return {
			problem: `Too little history before ${daysLabel({ dayFrom: recentFrom, dayTo: recentTo })}: the records begin ${daysLabel({ dayFrom: w.dayMin, dayTo: w.dayMin })}, and a comparison needs at least ${MIN_BASELINE_WINDOWS} windows of ${length} days before the recent one.`
		};
	}
	const baselineFrom = recentFrom - baselineWindows * length;
	return {
		windows: { recentFrom, recentTo, baselineWindows },
		recentLabel: daysLabel({ dayFrom: recentFrom, dayTo: recentTo }),
		baselineLabel: `${baselineWindows} windows of ${length} days before it (${daysLabel({ dayFrom: baselineFrom, dayTo: recentFrom - 1 })})`,
		from: w.held ? 'held' : 'range'
	};
}
