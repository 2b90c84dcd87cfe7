import { describe, expect, it } from 'vitest';
import { ftsExpression, parseSearch } from './search-text';

describe('ftsExpression', () => {
	it.each([
		['convoy night', '"convoy" "night"'],
		['"Rapid Support Forces"', '"rapid support forces"'],
		['"Rapid Support', '"rapid support"'],
		['convoy -training', '("convoy") NOT "training"'],
		['convoy -"road block" -x', '("convoy") NOT "road block" NOT "x"'],
		['drone*', '"drone"*'],
		['"drone stri"*', '"drone stri"*'],
		['al-Qasr 2016-05', '"al qasr" "2016 05"'],
		['Khartoum (Sudan)', '"khartoum" "sudan"'],
		['Mosul: attack', '"mosul" "attack"'],
		['title:convoy', '"title" "convoy"'],
		['NEAR(convoy drone)', '"near" "convoy" "drone"'],
		['^convoy +drone', '"convoy" "drone"'],
		['convoy - drone', '"convoy" "drone"'],
		['convoy🚚', '"convoy"'],
		['الخرطوم Хартум', '"الخرطوم" "хартум"'],
		['a"b"c', '"a" "b" "c"'],
		['"" convoy', '"convoy"']
	])('%s → %s', (text, expected) => {
		expect(ftsExpression(text)).toBe(expected);
	});

	it('is null when there is nothing to look for', () => {
		for (const text of ['', '   ', '!!!', '"', '🚚', '-convoy', '-"a b"', '*']) expect(ftsExpression(text), text).toBeNull();
		expect(parseSearch('-convoy').exclude).toEqual([{ words: ['convoy'], prefix: false }]);
	});

	it('never lets a double quote into a term, whatever is typed', () => {
		const nasty = ['"a""b"', '"*"*', 'x" OR "y', '-"-"-', 'NEAR("a" "b", 2)', '{col}: "x" AND y^'];
		for (const text of nasty) {
			const expr = ftsExpression(text);
			if (expr === null) continue;
			for (const term of expr.replace(/^\(|\)(?= NOT|$)/g, '').split(/ NOT | /)) if (term) expect(term, text).toMatch(/^"[^"]*"\*?$/);
		}
	});
});
