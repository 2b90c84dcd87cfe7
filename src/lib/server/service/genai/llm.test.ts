import { describe, expect, it } from 'vitest';
import { checkCitations } from './llm';

describe('checkCitations', () => {
	it('keeps citations of existing sources and removes the others', () => {
		expect(checkCitations('A [1], B [2][3] and C [0] [4].', 3)).toEqual({ text: 'A [1], B [2][3] and C.', removed: 2 });
	});

	it('leaves text without citations alone', () => {
		expect(checkCitations('No sources matched.', 0)).toEqual({ text: 'No sources matched.', removed: 0 });
	});
});
