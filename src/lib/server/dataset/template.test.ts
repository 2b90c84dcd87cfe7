import { describe, expect, it } from 'vitest';
import { formatProgress } from './progress';
import { Random } from './random';
import { compile, withArticle } from './template';

describe('templates', () => {
	const random = new Random('template');

	it('fills slots, capitalising on request', () => {
		const t = compile('{F} enters {place}; {sub} watches.');
		expect(t.fill({ f: 'convoy', place: 'Kassala', sub: 'a unit' }, random)).toBe('Convoy enters Kassala; a unit watches.');
	});

	it('chooses among alternatives, slots inside them included', () => {
		const t = compile('[at dawn|near {place}|]');
		const seen = new Set(Array.from({ length: 200 }, () => t.fill({ place: 'Gao' }, random)));
		expect(seen).toEqual(new Set(['at dawn', 'near Gao', '']));
	});

	it('refuses a slot without a value rather than writing "undefined"', () => {
		expect(() => compile('{missing}').fill({}, random)).toThrow(/missing/);
	});

	it('chooses a or an by sound', () => {
		expect(withArticle('convoy')).toBe('a convoy');
		expect(withArticle('armoured column')).toBe('an armoured column');
		expect(withArticle('UAV')).toBe('a UAV');
		expect(withArticle('IDP camp')).toBe('an IDP camp');
	});
});

describe('formatProgress', () => {
	it('reads as a sentence per phase, with grouped counts and a percentage', () => {
		expect(formatProgress({ phase: 'records', done: 12_345, total: 40_000 })).toBe('Generating ICD/ICDB dataset: 12,345 / 40,000 records (30%)');
		expect(formatProgress({ phase: 'search', done: 40_000, total: 40_000 })).toBe('Building search index: 40,000 / 40,000 records (100%)');
		expect(formatProgress({ phase: 'indexes', done: 2, total: 5 })).toMatch(/^Building search index: .*2 \/ 5 \(40%\)$/);
	});
});
