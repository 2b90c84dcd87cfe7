// Histogram bins of the timeline. The worker counts records per day; the bins adapt to the span
// shown and the room there is to draw it: days while they stay wider than a few pixels, then
// weeks (starting Mondays), then calendar months.
import type { DayHistogram } from '../worker/protocol';

export type BinUnit = 'day' | 'week' | 'month';

export interface Bin {
	/** First day of the bin (days since 1970-01-01, UTC). */
	start: number;
	/** First day after the bin. */
	end: number;
	count: number;
}

const MIN_BIN_PX = 3;

export function chooseBinUnit(spanDays: number, widthPx: number): BinUnit {
	const bins = Math.max(1, widthPx / MIN_BIN_PX);
	if (spanDays <= bins) return 'day';
	if (spanDays / 7 <= bins) return 'week';
	return 'month';
}

/** Day 0 (1970-01-01) was a Thursday: Monday-based weeks start 3 days before day 4 steps of 7. */
export function weekStart(day: number): number {
	return day - ((((day + 3) % 7) + 7) % 7);
}

export function monthStart(day: number): number {
	const d = new Date(day * 86_400_000);
	return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000);
}

export function nextMonth(day: number): number {
	const d = new Date(day * 86_400_000);
	return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 86_400_000);
}

function binStart(day: number, unit: BinUnit): number {
	return unit === 'day' ? day : unit === 'week' ? weekStart(day) : monthStart(day);
}

function binEnd(start: number, unit: BinUnit): number {
	return unit === 'day' ? start + 1 : unit === 'week' ? start + 7 : nextMonth(start);
}

/** Groups the per-day counts into bins of the unit; empty bins inside the span are kept. */
export function binHistogram(histogram: DayHistogram, unit: BinUnit): Bin[] {
	const { startDay, counts } = histogram;
	if (counts.length === 0) return [];
	const bins: Bin[] = [];
	let current: Bin | null = null;
	for (let i = 0; i < counts.length; i++) {
		const day = startDay + i;
		if (!current || day >= current.end) {
			const start = binStart(day, unit);
			current = { start, end: binEnd(start, unit), count: 0 };
			bins.push(current);
		}
		current.count += counts[i];
	}
	return bins;
}

/** Records in the inclusive day range [from, to] (fractional edges are rounded inwards). */
export function countInRange(histogram: DayHistogram, from: number, to: number): number {
	const first = Math.max(0, Math.ceil(from) - histogram.startDay);
	const last = Math.min(histogram.counts.length - 1, Math.floor(to) - histogram.startDay);
	let n = 0;
	for (let i = first; i <= last; i++) n += histogram.counts[i];
	return n;
}
