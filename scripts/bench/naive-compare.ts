// Rows that put the explorer beside its naive baseline, measured in the same run: the median of
// each side over repeated runs, and the ratio baseline / explorer. A run that failed (timed out,
// crashed, never got there) counts as the worst possible value, so a median over runs that mostly
// failed is reported as that failure ("> 120 s (timed out)") instead of a flattering number.
import { round } from './stats';

/** Why a run has no value: "> 120 s (timed out)", "crashed", … */
export interface Failure {
	failed: string;
}

/** One measurement of one run: a number, or why there is none. */
export type Sample = number | Failure;

export interface ComparisonRow {
	metric: string;
	unit: string;
	/** Which direction is better, to read the ratio: for 'lower', a ratio above 1 favours the explorer. */
	better: 'lower' | 'higher';
	explorer: number | null;
	baseline: number | null;
	/** baseline / explorer; null when either side has no value. */
	ratio: number | null;
	/** Why a side has no value, when it has none. */
	explorerNote?: string;
	baselineNote?: string;
	/** Every run's sample, in order (null where the run failed). */
	samples: { explorer: (number | null)[]; baseline: (number | null)[] };
}

export const failed = (why: string): Failure => ({ failed: why });
export const isFailure = (s: unknown): s is Failure => typeof s === 'object' && s !== null && 'failed' in s;

/**
 * The earlier failure to reuse when a side has already timed out at this size, else null. At a
 * million records per component the naive baseline cannot finish in the time limit; running it
 * again would add minutes per run to the harness for the same "> N s (timed out)". (The median
 * could only change if every later run finished.)
 */
export function timedOutBefore<T>(earlier: (T | Failure)[]): Failure | null {
	const timeout = earlier.find((r): r is Failure => isFailure(r) && r.failed.includes('timed out'));
	return timeout ? failed(`${timeout.failed}; not run again`) : null;
}

/** The median sample, failures ranking worst; with no samples at all, a failure saying so. */
export function medianSample(samples: Sample[], better: 'lower' | 'higher'): Sample {
	if (samples.length === 0) return failed('not measured');
	const worst = better === 'lower' ? Infinity : -Infinity;
	const rank = (s: Sample) => (isFailure(s) ? worst : s);
	const sorted = [...samples].sort((a, b) => (better === 'lower' ? rank(a) - rank(b) : rank(b) - rank(a)));
	// Upper median for an even count: of two middle values, the worse one.
	const mid = sorted[sorted.length >> 1];
	if (!isFailure(mid) && samples.length % 2 === 0) {
		const lower = sorted[(sorted.length >> 1) - 1];
		if (!isFailure(lower)) return (lower + mid) / 2;
	}
	return mid;
}

export function compare(metric: string, unit: string, better: 'lower' | 'higher', explorer: Sample[], baseline: Sample[], digits = 2): ComparisonRow {
	const e = medianSample(explorer, better);
	const b = medianSample(baseline, better);
	const value = (s: Sample) => (isFailure(s) ? null : round(s, digits));
	const row: ComparisonRow = {
		metric,
		unit,
		better,
		explorer: value(e),
		baseline: value(b),
		ratio: !isFailure(e) && !isFailure(b) && e !== 0 ? round(b / e, 2) : null,
		samples: { explorer: explorer.map(value), baseline: baseline.map(value) }
	};
	if (isFailure(e)) row.explorerNote = e.failed;
	if (isFailure(b)) row.baselineNote = b.failed;
	return row;
}

function cell(value: number | null, note: string | undefined, unit: string): string {
	if (value === null) return note ?? 'n/a';
	return `${value.toLocaleString('en', { maximumFractionDigits: 2 })} ${unit}`;
}

/** A plain-text table: metric, explorer, baseline, ratio, and which side the ratio favours. */
export function formatTable(title: string, rows: ComparisonRow[], baselineName = 'naive baseline'): string {
	const header = ['metric', 'explorer', baselineName, 'baseline/explorer'];
	const lines = rows.map((r) => {
		const verdict = r.ratio === null ? '' : r.ratio === 1 ? ' (same)' : (r.better === 'lower') === r.ratio > 1 ? ' (explorer better)' : ' (baseline better)';
		return [r.metric, cell(r.explorer, r.explorerNote, r.unit), cell(r.baseline, r.baselineNote, r.unit), r.ratio === null ? '—' : `${r.ratio}×${verdict}`];
	});
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
	const fmt = (l: string[]) => '  ' + l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
	return [`\n## ${title}`, fmt(header), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}
