// The best `limit` of n candidates without sorting all n: a bounded heap whose root is the worst
// kept so far, so most candidates are refused by one comparison. `better` must be a strict total
// order (no two candidates equal); the result is then exactly the first `limit` of a full sort.
export function topIndices(n: number, limit: number, better: (a: number, b: number) => boolean): number[] {
	const heap: number[] = [];
	const worse = (a: number, b: number) => better(b, a);
	const up = (at: number) => {
		while (at > 0) {
			const parent = (at - 1) >> 1;
			if (!worse(heap[at], heap[parent])) break;
			[heap[at], heap[parent]] = [heap[parent], heap[at]];
			at = parent;
		}
	};
	const down = (at: number) => {
		for (;;) {
			const l = 2 * at + 1;
			const r = l + 1;
			let w = at;
			if (l < heap.length && worse(heap[l], heap[w])) w = l;
			if (r < heap.length && worse(heap[r], heap[w])) w = r;
			if (w === at) return;
			[heap[at], heap[w]] = [heap[w], heap[at]];
			at = w;
		}
	};
	for (let i = 0; i < n && limit > 0; i++) {
		if (heap.length < limit) {
			heap.push(i);
			up(heap.length - 1);
		} else if (better(i, heap[0])) {
			heap[0] = i;
			down(0);
		}
	}
	return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
