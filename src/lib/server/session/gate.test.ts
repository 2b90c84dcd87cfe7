import { describe, expect, it } from 'vitest';
import { safeNext } from './gate';

describe('safeNext', () => {
	it('keeps a path of this site, with its query', () => {
		expect(safeNext('/?at=32,15,4&from=2020-01-01')).toBe('/?at=32,15,4&from=2020-01-01');
		expect(safeNext('/bench/naive')).toBe('/bench/naive');
	});

	it('sends anything else to the map: other sites, the sign-in pages, endpoints, non-strings', () => {
		for (const v of [
			'//evil.example/',
			'/\\evil.example',
			'https://evil.example/',
			'javascript:alert(1)',
			'/signin?next=/',
			'/signout',
			'/api/export?format=csv',
			'',
			null,
			42
		])
			expect(safeNext(v), String(v)).toBe('/');
	});
});
