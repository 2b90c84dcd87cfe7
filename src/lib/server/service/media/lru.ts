// Least-recently-used cache bounded by entry count and by total size. A Map keeps insertion
// order, so re-inserting on read moves an entry to the young end; eviction takes the oldest.
export class Lru<V> {
	private readonly entries = new Map<string, { value: V; size: number }>();
	private bytes = 0;

	constructor(
		private readonly maxEntries: number,
		private readonly maxBytes = Number.POSITIVE_INFINITY,
		private readonly sizeOf: (value: V) => number = () => 0
	) {}

	get size(): number {
		return this.entries.size;
	}

	get totalBytes(): number {
		return this.bytes;
	}

	get(key: string): V | undefined {
		const hit = this.entries.get(key);
		if (!hit) return undefined;
		this.entries.delete(key);
		this.entries.set(key, hit);
		return hit.value;
	}

	set(key: string, value: V): void {
		const old = this.entries.get(key);
		if (old) {
			this.bytes -= old.size;
			this.entries.delete(key);
		}
		const size = this.sizeOf(value);
		this.entries.set(key, { value, size });
		this.bytes += size;
		for (const [k, e] of this.entries) {
			if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
			if (k === key) continue;
			this.entries.delete(k);
			this.bytes -= e.size;
		}
	}

	/** Returns the cached value or computes, stores and returns it. */
	through(key: string, make: () => V): V {
		const hit = this.get(key);
		if (hit !== undefined) return hit;
		const value = make();
		this.set(key, value);
		return value;
	}
}
