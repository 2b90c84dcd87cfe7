// The probability pieces of the emerging-hotspot test (hotspots.ts): the negative binomial's tails,
// computed in log space so that the tiny p-values of a real burst stay exact, and the
// Benjamini–Hochberg procedure that holds the false discovery rate across the cells tested.

const LANCZOS = [
	0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
	9.9843695780195716e-6, 1.5056327351493116e-7
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
	if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
	const z = x - 1;
	let a = LANCZOS[0];
	const t = z + 7.5;
	for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
	return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * A negative binomial count: the number of failures before the `size`-th success, each trial a
 * success with probability `p` (mean size·(1−p)/p). Here it is the Gamma–Poisson mixture: a Poisson
 * count whose rate is itself uncertain (Gamma-distributed), which is what a cell's next window is
 * when its rate is known only from a few windows before.
 */
export interface NegativeBinomial {
	size: number;
	p: number;
}

export function mean(d: NegativeBinomial): number {
	return (d.size * (1 - d.p)) / d.p;
}

function logPmf(d: NegativeBinomial, k: number): number {
	return logGamma(k + d.size) - logGamma(d.size) - logGamma(k + 1) + d.size * Math.log(d.p) + k * Math.log1p(-d.p);
}

/**
 * P(X ≥ x). Each tail is summed from x outwards, away from the mean, until its terms no longer
 * count (they fall geometrically past the mode); the side that holds the mean is 1 minus the
 * other side, whose terms are then the small ones.
 */
export function upperTail(d: NegativeBinomial, x: number): number {
	if (x <= 0) return 1;
	if (x <= mean(d)) return Math.max(0, 1 - sumDown(d, x - 1));
	let term = Math.exp(logPmf(d, x));
	let sum = 0;
	const q = 1 - d.p;
	for (let k = x; k < x + 100_000; k++) {
		sum += term;
		const next = (term * (k + d.size) * q) / (k + 1);
		if (next < sum * 1e-15 && (k + d.size) * q < k + 1) break;
		term = next;
	}
	return Math.min(1, sum);
}

/** P(X ≤ x). */
export function lowerTail(d: NegativeBinomial, x: number): number {
	if (x < 0) return 0;
	if (x >= mean(d)) return Math.max(0, 1 - upperTail(d, x + 1));
	return sumDown(d, x);
}

function sumDown(d: NegativeBinomial, x: number): number {
	if (x < 0) return 0;
	let term = Math.exp(logPmf(d, x));
	let sum = 0;
	for (let k = x; k >= 0; k--) {
		sum += term;
		if (k === 0) break;
		const previous = (term * k) / ((k - 1 + d.size) * (1 - d.p));
		if (previous < term && previous < sum * 1e-15) break;
		term = previous;
	}
	return Math.min(1, sum);
}

/**
 * Benjamini–Hochberg: which of the p-values are discoveries with the false discovery rate held at
 * `rate`, and each one's adjusted value (q). Every p-value of the family must be given, also those
 * of cells nobody will look at: leaving them out would spend the rate on fewer tests than were made.
 */
export function benjaminiHochberg(pValues: ArrayLike<number>, rate: number): { discovered: boolean[]; q: number[] } {
	const m = pValues.length;
	const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => pValues[a] - pValues[b]);
	const q = new Array<number>(m);
	let running = 1;
	for (let rank = m; rank >= 1; rank--) {
		const i = order[rank - 1];
		running = Math.min(running, (pValues[i] * m) / rank);
		q[i] = running;
	}
	return { discovered: q.map((v) => v <= rate), q };
}
