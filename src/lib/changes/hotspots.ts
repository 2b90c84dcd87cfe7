// Emerging hotspots ("What changed"): for each cell of a grid, is the count of records in a recent
// window more (or less) than chance allows given the same cell's windows before it?
//
// The test. A cell's records per window are taken as Poisson with an unknown rate λ. Under "nothing
// changed", λ is the same in the recent window as in the k baseline windows, where B records were
// seen. With a Gamma(a₀, b₀) prior on λ (a₀ pseudo-records over b₀ pseudo-windows, below), λ given
// the baseline is Gamma(a₀ + B, b₀ + k), and the recent count X is then negative binomial:
// size a₀ + B, p = (b₀ + k) / (b₀ + k + 1). The p-value of an increase is P(X ≥ x), of a decrease
// P(X ≤ x): exact for small counts, and the uncertainty of a rate read from only k windows is in
// it (a cell with 1 record before is not "infinitely" surprised by 3 now). Both sides of every
// cell that had any record are one family, whose false discovery rate Benjamini–Hochberg holds at
// 5 %: of the cells flagged, at most one in twenty is expected to be chance.
//
// The prior is weak on purpose: a₀ = 0.5, b₀ = 1 (half a record in one window). It is what lets a
// cell with no baseline at all be tested: 3 records where none were in 8 windows has p ≈ 3·10⁻⁴,
// 5 records ≈ 10⁻⁵.
//
// What it assumes, and cannot say (docs/explorer.md says it to the analyst): windows are
// exchangeable when nothing changed (no weekly or seasonal rhythm is modelled), records are counts
// of reports, not of events (a burst of reporting is not necessarily a burst of activity), and a
// cell is a grid cell, not a place: a change split across two cells is weaker in each.
import { benjaminiHochberg, lowerTail, mean, upperTail, type NegativeBinomial } from './statistics';

export type ChangeKind = 'new' | 'intensifying' | 'persistent' | 'diminishing';
/** The kinds in the order legends list them: the changes, then the standing hotspots. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['new', 'intensifying', 'diminishing', 'persistent'];

/** The kinds among some cells, in legend order (a briefing's legend names only those drawn). */
export function kindsAmong(cells: readonly { kind: ChangeKind }[]): ChangeKind[] {
	const present = new Set(cells.map((c) => c.kind));
	return CHANGE_KINDS.filter((k) => present.has(k));
}

export interface ChangeWindows {
	/** The recent window, in days (inclusive). */
	recentFrom: number;
	recentTo: number;
	/** How many windows of the same length before it make the baseline (default 8). */
	baselineWindows: number;
}

export interface CellHistory {
	cell: number;
	/** Records in the recent window. */
	recent: number;
	/** Records in each baseline window, oldest first. */
	baseline: number[];
}

export interface Change {
	cell: number;
	kind: ChangeKind;
	recent: number;
	/** What the baseline leads one to expect in the recent window (the predictive mean). */
	expected: number;
	/** The test's p-value for the side flagged, and its Benjamini–Hochberg adjusted value. */
	p: number;
	q: number;
	/** How strong: −log10 of q, for ranking (larger is stronger). */
	strength: number;
}

export const PRIOR = { records: 0.5, windows: 1 };
/**
 * Baseline windows before the recent one, at most (as many as the records cover), and at least:
 * with fewer, a place's past says too little (the map's panel and the service's answer both refuse).
 */
export const BASELINE_WINDOWS = 8;
export const MIN_BASELINE_WINDOWS = 2;
export const FALSE_DISCOVERY_RATE = 0.05;

/** The days of the baseline: k windows of the recent window's length, just before it. */
export function baselineRange(w: ChangeWindows): { from: number; to: number; length: number } {
	const length = w.recentTo - w.recentFrom + 1;
	return { from: w.recentFrom - w.baselineWindows * length, to: w.recentFrom - 1, length };
}

/** Counts records into their cells' windows, one record at a time (records outside the windows, or with cell < 0, are left out). */
export class HistoryCounter {
	private readonly byCell = new Map<number, CellHistory>();
	private readonly from: number;
	private readonly length: number;

	constructor(private readonly w: ChangeWindows) {
		const { from, length } = baselineRange(w);
		this.from = from;
		this.length = length;
	}

	/** Whether a record of this day falls in any window (a caller can skip its cell when not). */
	covers(day: number): boolean {
		return day >= this.from && day <= this.w.recentTo;
	}

	add(day: number, cell: number): void {
		if (!this.covers(day) || cell < 0) return;
		let h = this.byCell.get(cell);
		if (!h) this.byCell.set(cell, (h = { cell, recent: 0, baseline: new Array<number>(this.w.baselineWindows).fill(0) }));
		if (day >= this.w.recentFrom) h.recent++;
		else h.baseline[Math.floor((day - this.from) / this.length)]++;
	}

	histories(): CellHistory[] {
		return [...this.byCell.values()];
	}
}

/** Each cell's counts per window, from every record's day and cell. */
export function cellHistories(days: ArrayLike<number>, cells: ArrayLike<number>, w: ChangeWindows): CellHistory[] {
	const counter = new HistoryCounter(w);
	for (let i = 0; i < days.length; i++) counter.add(days[i], cells[i]);
	return counter.histories();
}

/** −log10 of an adjusted p-value (a q of 0, below double precision, counts as 10⁻³⁰⁰). */
const strengthOf = (q: number) => -Math.log10(Math.max(q, 1e-300));

/** The recent count's distribution if nothing changed, given the cell's baseline (see the top). */
export function predictive(baselineTotal: number, windows: number): NegativeBinomial {
	return { size: PRIOR.records + baselineTotal, p: (PRIOR.windows + windows) / (PRIOR.windows + windows + 1) };
}

/**
 * The cells whose recent window differs from their baseline beyond chance, strongest first:
 * - new: records now, none in any baseline window;
 * - intensifying: more than the baseline allows;
 * - diminishing: fewer than the baseline allows;
 * - persistent: not changed, but active in every baseline window and now, at a rate well above
 *   the typical active cell's (a standing hotspot: context for the changes, not a change).
 */
export function emergingHotspots(histories: CellHistory[], options: { rate?: number } = {}): Change[] {
	const rate = options.rate ?? FALSE_DISCOVERY_RATE;
	const k = histories[0]?.baseline.length ?? 0;
	const tests = histories.map((h) => {
		const total = h.baseline.reduce((s, n) => s + n, 0);
		const d = predictive(total, k);
		return { h, total, expected: mean(d), up: upperTail(d, h.recent), down: lowerTail(d, h.recent) };
	});
	// One family: each cell's two one-sided tests.
	const family = tests.flatMap((t) => [t.up, t.down]);
	const { discovered, q } = benjaminiHochberg(family, rate);
	const changes: Change[] = [];
	const changed = new Set<number>();
	tests.forEach((t, i) => {
		const [upFound, downFound] = [discovered[2 * i], discovered[2 * i + 1]];
		if (!upFound && !downFound) return;
		const up = upFound && (!downFound || q[2 * i] <= q[2 * i + 1]);
		const qValue = up ? q[2 * i] : q[2 * i + 1];
		changed.add(t.h.cell);
		changes.push({
			cell: t.h.cell,
			kind: up ? (t.total === 0 ? 'new' : 'intensifying') : 'diminishing',
			recent: t.h.recent,
			expected: t.expected,
			p: up ? t.up : t.down,
			q: qValue,
			strength: strengthOf(qValue)
		});
	});
	changes.push(
		...persistent(
			tests.filter((t) => !changed.has(t.h.cell)),
			k,
			rate
		)
	);
	// Changes first, then the standing hotspots; within each, the strongest first.
	const rank = (c: Change) => (c.kind === 'persistent' ? 1 : 0);
	return changes.sort((a, b) => rank(a) - rank(b) || b.strength - a.strength || b.recent - a.recent);
}

/**
 * Standing hotspots among the unchanged cells: present in every window, and their whole history's
 * count beyond what the typical active cell's rate allows (a Poisson-Gamma test against the median
 * rate of cells with any record, Benjamini–Hochberg over these cells).
 */
function persistent(unchanged: { h: CellHistory; total: number }[], k: number, rate: number): Change[] {
	const windows = k + 1;
	const rates = unchanged.map((t) => (t.total + t.h.recent) / windows).sort((a, b) => a - b);
	if (rates.length === 0) return [];
	const typical = Math.max(rates[rates.length >> 1], PRIOR.records / PRIOR.windows);
	const steady = unchanged.filter((t) => t.h.recent > 0 && t.h.baseline.every((n) => n > 0));
	// The whole history against the typical rate over the same windows: a Poisson count with mean typical·windows.
	const pValues = steady.map((t) => upperTail({ size: 1e6, p: 1e6 / (1e6 + typical * windows) }, t.total + t.h.recent));
	const { discovered, q } = benjaminiHochberg(pValues, rate);
	return steady.flatMap((t, i) =>
		discovered[i]
			? [
					{
						cell: t.h.cell,
						kind: 'persistent' as const,
						recent: t.h.recent,
						expected: t.total / k,
						p: pValues[i],
						q: q[i],
						strength: strengthOf(q[i])
					}
				]
			: []
	);
}
