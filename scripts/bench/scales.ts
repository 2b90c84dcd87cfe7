// Growth with the data: the same measurements at several dataset sizes, and for each one how it
// grows from the smallest size to the largest, as an exponent k of "cost ∝ records^k":
// k ≈ 0 flat, k ≈ 1 linear, k > 1 worse than linear. Two sizes give the exponent; a third in
// between shows whether the growth is steady (the exponents of the two steps are given too).
import type { ComparisonRow } from './naive-compare';

// The fields of the service section's results (service.ts) that growth follows. Declared here so
// that this module, which the tests import, does not pull in the load generator.
interface LoadResult {
	readers?: 'pool' | 'single' | 'postgres' | 'postgres-2' | 'baseline' | 'postgres-baseline';
	scenario: string;
	connections: number;
	p50: number;
	p95: number;
}
interface WalkResult {
	readers?: 'pool' | 'single' | 'postgres' | 'postgres-2' | 'baseline' | 'postgres-baseline';
	component: string;
	seconds: number;
}

/** What one size's run produced (the sections that ran). */
export interface ScaleRun {
	recordsPerComponent: number;
	service?: { load: LoadResult[]; walks: WalkResult[] };
	stream?: { rows: ComparisonRow[] };
	browser?: { rows: ComparisonRow[] };
	/** Wall time of the whole run at this size, preparation included. */
	seconds: number;
}

export interface GrowthRow {
	metric: string;
	unit: string;
	/** Value per size, in the order of `sizes` (null: not measured or failed there). */
	values: (number | null)[];
	/** Exponent from the smallest to the largest size with a value; null with fewer than two. */
	exponent: number | null;
	/** Exponent of each step between consecutive sizes. */
	steps: (number | null)[];
	growth: string;
}

export interface GrowthTable {
	sizes: number[];
	rows: GrowthRow[];
}

/** k in value ∝ records^k between two sizes. */
export function growthExponent(a: { records: number; value: number }, b: { records: number; value: number }): number | null {
	if (!(a.value > 0) || !(b.value > 0) || a.records === b.records) return null;
	return Math.log(b.value / a.value) / Math.log(b.records / a.records);
}

/** A reading of the exponent for people. */
export function describeGrowth(k: number | null): string {
	if (k === null) return 'not enough data';
	if (k < 0.15) return 'flat';
	if (k < 0.85) return 'sub-linear';
	if (k <= 1.15) return 'linear';
	return `worse than linear (n^${k.toFixed(2)})`;
}

/** The metrics of one run, by name: what the growth table follows across sizes. */
function metricsOf(run: ScaleRun): Map<string, { unit: string; value: number | null }> {
	const out = new Map<string, { unit: string; value: number | null }>();
	const SUFFIX: Record<string, string> = { single: ', DB_READERS=0', postgres: ', PostgreSQL ×1', 'postgres-2': ', PostgreSQL ×2', baseline: ', baseline build', 'postgres-baseline': ', PostgreSQL ×1, baseline build' };
	const single = (r: { readers?: string }) => SUFFIX[r.readers ?? ''] ?? '';
	for (const l of run.service?.load ?? []) {
		out.set(`service ${l.scenario}, c=${l.connections}${single(l)}: p50`, { unit: 'ms', value: l.p50 });
		out.set(`service ${l.scenario}, c=${l.connections}${single(l)}: p95`, { unit: 'ms', value: l.p95 });
	}
	for (const w of run.service?.walks ?? []) out.set(`service full manifest walk (${w.component}${single(w)})`, { unit: 's', value: w.seconds });
	for (const [section, rows] of [['stream', run.stream?.rows], ['browser', run.browser?.rows]] as const) {
		for (const r of rows ?? []) {
			out.set(`${section} ${r.metric}: explorer`, { unit: r.unit, value: r.explorer });
			out.set(`${section} ${r.metric}: naive`, { unit: r.unit, value: r.baseline });
		}
	}
	out.set('whole run (preparation included)', { unit: 's', value: run.seconds });
	return out;
}

export function growthTable(runs: ScaleRun[]): GrowthTable {
	const sorted = [...runs].sort((a, b) => a.recordsPerComponent - b.recordsPerComponent);
	const sizes = sorted.map((r) => r.recordsPerComponent);
	const perRun = sorted.map(metricsOf);
	const names = [...new Set(perRun.flatMap((m) => [...m.keys()]))];
	const rows = names.map((metric): GrowthRow => {
		const unit = perRun.find((m) => m.has(metric))!.get(metric)!.unit;
		const values = perRun.map((m) => m.get(metric)?.value ?? null);
		const points = values.flatMap((value, i) => (value !== null ? [{ records: sizes[i], value }] : []));
		const exponent = points.length >= 2 ? growthExponent(points[0], points[points.length - 1]) : null;
		const steps = points.slice(1).map((p, i) => growthExponent(points[i], p));
		return { metric, unit, values, exponent: exponent === null ? null : Number(exponent.toFixed(2)), steps: steps.map((k) => (k === null ? null : Number(k.toFixed(2)))), growth: describeGrowth(exponent) };
	});
	return { sizes, rows };
}

/** A plain-text table: one column per size, then the exponent and its reading. */
export function formatGrowth(table: GrowthTable): string {
	const header = ['metric', ...table.sizes.map((s) => `${s.toLocaleString('en')}/component`), 'k (steps)', 'growth'];
	const lines = table.rows.map((r) => [
		`${r.metric} (${r.unit})`,
		...r.values.map((v) => (v === null ? '—' : v.toLocaleString('en', { maximumFractionDigits: 2 }))),
		r.exponent === null ? '—' : `${r.exponent} (${r.steps.map((k) => (k === null ? '—' : k)).join(', ')})`,
		r.growth
	]);
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
	const fmt = (l: string[]) => '  ' + l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
	return [fmt(header), ...lines.map(fmt)].join('\n');
}
