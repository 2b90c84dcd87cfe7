// Seeded randomness for the generator. Everything the dataset contains is drawn from these
// streams, never from Math.random or the clock, so (seed, size) fixes every byte.

/** cyrb128: spreads a string over four 32-bit words, the seed material sfc32 expects. */
function hashString(text: string): [number, number, number, number] {
	let h1 = 1779033703,
		h2 = 3144134277,
		h3 = 1013904242,
		h4 = 2773480762;
	for (let i = 0; i < text.length; i++) {
		const k = text.charCodeAt(i);
		h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
		h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
		h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
		h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
	}
	h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
	h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
	h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
	h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
	h1 ^= h2 ^ h3 ^ h4;
	h2 ^= h1;
	h3 ^= h1;
	h4 ^= h1;
	return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** sfc32 (Small Fast Counting): 128-bit state, fast in plain JS integer arithmetic. */
export class Random {
	private a: number;
	private b: number;
	private c: number;
	private d: number;

	/** Independent streams are named by labels, e.g. new Random(seed, 'icd', 'video'). */
	constructor(seed: string, ...labels: (string | number)[]) {
		[this.a, this.b, this.c, this.d] = hashString([seed, ...labels].join('\u001f'));
		// The first outputs of a freshly seeded sfc32 are poorly mixed.
		for (let i = 0; i < 15; i++) this.uint32();
	}

	uint32(): number {
		const t = (((this.a + this.b) | 0) + this.d) | 0;
		this.d = (this.d + 1) | 0;
		this.a = this.b ^ (this.b >>> 9);
		this.b = (this.c + (this.c << 3)) | 0;
		this.c = (this.c << 21) | (this.c >>> 11);
		this.c = (this.c + t) | 0;
		return t >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		return this.uint32() / 4294967296;
	}

	/** Uniform integer in [0, n). */
	int(n: number): number {
		return Math.floor(this.next() * n);
	}

	/** Uniform integer in [min, max]. */
	between(min: number, max: number): number {
		return min + this.int(max - min + 1);
	}

	uniform(min: number, max: number): number {
		return min + this.next() * (max - min);
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	pick<T>(items: readonly T[]): T {
		return items[this.int(items.length)];
	}

	/** A second item different from `first` when the list allows it. */
	pickOther<T>(items: readonly T[], first: T): T {
		if (items.length < 2) return first;
		const i = items.indexOf(first);
		const j = this.int(items.length - 1);
		return items[j >= i ? j + 1 : j];
	}

	/** k distinct items in random order (a partial Fisher–Yates shuffle of a copy). */
	sample<T>(items: readonly T[], k: number): T[] {
		const copy = items.slice();
		const n = Math.min(k, copy.length);
		for (let i = 0; i < n; i++) {
			const j = i + this.int(copy.length - i);
			[copy[i], copy[j]] = [copy[j], copy[i]];
		}
		return copy.slice(0, n);
	}

	/** Exponentially distributed with the given mean. */
	exponential(mean: number): number {
		return -Math.log(1 - this.next()) * mean;
	}

	/** RFC 4122 version 4 layout, with the random bits taken from this stream. */
	uuid(): string {
		const w0 = this.uint32(),
			w1 = this.uint32(),
			w2 = this.uint32(),
			w3 = this.uint32();
		const b = (w: number, shift: number) => HEX[(w >>> shift) & 0xff];
		const version = HEX[0x40 | ((w1 >>> 8) & 0x0f)];
		const variant = HEX[0x80 | ((w2 >>> 24) & 0x3f)];
		return (
			b(w0, 24) +
			b(w0, 16) +
			b(w0, 8) +
			b(w0, 0) +
			'-' +
			b(w1, 24) +
			b(w1, 16) +
			'-' +
			version +
			b(w1, 0) +
			'-' +
			variant +
			b(w2, 16) +
			'-' +
			b(w2, 8) +
			b(w2, 0) +
			b(w3, 24) +
			b(w3, 16) +
			b(w3, 8) +
			b(w3, 0)
		);
	}
}

/**
 * Draws indices in proportion to weights in O(log n): cumulative sums and a binary search.
 * Built once per list; the generator draws millions of times from a few fixed lists.
 */
export class WeightedPicker<T> {
	private readonly cumulative: Float64Array;
	readonly total: number;

	constructor(
		readonly items: readonly T[],
		weight: (item: T, index: number) => number
	) {
		this.cumulative = new Float64Array(items.length);
		let sum = 0;
		items.forEach((item, i) => {
			sum += Math.max(0, weight(item, i));
			this.cumulative[i] = sum;
		});
		this.total = sum;
	}

	index(random: Random): number {
		const target = random.next() * this.total;
		let lo = 0,
			hi = this.cumulative.length - 1;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.cumulative[mid] > target) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	}

	pick(random: Random): T {
		return this.items[this.index(random)];
	}
}
