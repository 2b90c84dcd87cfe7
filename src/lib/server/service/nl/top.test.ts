import { describe, expect, it } from 'vitest';
import { topIndices } from './top';

describe('topIndices', () => {
	it('gives exactly the first `limit` of a full sort, in order', () => {
		let seed = 7;
		const random = () => ((seed = Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
		for (const [n, limit] of [
			[0, 5],
			[3, 5],
			[1000, 1],
			[5000, 100],
			[5000, 5000]
		]) {
			// Few distinct scores, so that the tie-break decides often.
			const score = Array.from({ length: n }, () => Math.floor(random() * 20) / 4);
			const tie = Array.from({ length: n }, (_, i) => Math.imul(i, 0x9e3779b1) >>> 0);
			const better = (a: number, b: number) => score[a] > score[b] || (score[a] === score[b] && tie[a] < tie[b]);
			const full = Array.from({ length: n }, (_, i) => i).sort((a, b) => score[b] - score[a] || tie[a] - tie[b]);
			expect(topIndices(n, limit, better)).toEqual(full.slice(0, limit));
		}
	});
});
