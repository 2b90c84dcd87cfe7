// Dates as day numbers counted from FIRST_DATE. Records only carry dates, so integers are
// enough, and a table of the few thousand days in range makes formatting free.

export const FIRST_DATE = '2014-01-01';
export const LAST_DATE = '2026-10-31';

const MS_PER_DAY = 86_400_000;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const epochMs = Date.parse(`${FIRST_DATE}T00:00:00Z`);
const FIRST_YEAR = Number(FIRST_DATE.slice(0, 4));

/** Number of days in range; day numbers run 0 .. DAY_COUNT - 1. */
export const DAY_COUNT = Math.round((Date.parse(`${LAST_DATE}T00:00:00Z`) - epochMs) / MS_PER_DAY) + 1;

export interface Day {
	iso: string;
	/** "14 March 2019" */
	long: string;
	/** "March 2019" */
	month: string;
	weekday: string;
	year: number;
	/** Months since January of the first year; groups days into months cheaply. */
	monthIndex: number;
}

export const DAYS: readonly Day[] = Array.from({ length: DAY_COUNT }, (_, n) => {
	const d = new Date(epochMs + n * MS_PER_DAY);
	const year = d.getUTCFullYear();
	const month = d.getUTCMonth();
	return {
		iso: d.toISOString().slice(0, 10),
		long: `${d.getUTCDate()} ${MONTH_NAMES[month]} ${year}`,
		month: `${MONTH_NAMES[month]} ${year}`,
		weekday: WEEKDAY_NAMES[d.getUTCDay()],
		year,
		monthIndex: (year - FIRST_YEAR) * 12 + month
	};
});

export const MONTH_COUNT = DAYS[DAY_COUNT - 1].monthIndex + 1;

/** Day number of an ISO date, clamped into range. */
export function dayOf(iso: string): number {
	const n = Math.round((Date.parse(`${iso}T00:00:00Z`) - epochMs) / MS_PER_DAY);
	return Math.max(0, Math.min(DAY_COUNT - 1, n));
}

/** First day of a year (clamped into range). */
export function yearStart(year: number): number {
	return dayOf(`${year}-01-01`);
}

/** Last day of a year (clamped into range). */
export function yearEnd(year: number): number {
	return dayOf(`${year}-12-31`);
}
