import { describe, expect, it } from 'vitest';
import { UuidSet } from './uuid-set';

describe('UuidSet', () => {
	it('knows exactly the uuids added, in any case and with or without dashes', () => {
		const set = new UuidSet(16);
		const ids = Array.from({ length: 5000 }, () => crypto.randomUUID());
		for (const id of ids) expect(set.add(id)).toBe(true);
		expect(set.size).toBe(5000);
		for (const id of ids) expect(set.add(id.toUpperCase().replace(/-/g, ''))).toBe(false);
		for (let i = 0; i < 5000; i++) expect(set.has(crypto.randomUUID())).toBe(false);
		expect(set.size).toBe(5000);
	});

	it('holds a million uuids in 16 MiB', () => {
		const set = new UuidSet();
		let added = 0;
		for (let i = 0; i < 1_000_000; i++) if (set.add(crypto.randomUUID())) added++;
		expect(added).toBe(1_000_000);
		expect(set.bytes).toBe(16 * 1024 * 1024);
	});

	it('refuses text that is not a uuid', () => {
		const set = new UuidSet();
		expect(set.addIfUuid('not-a-uuid')).toBe(false);
		expect(set.addIfUuid('0123456789abcdef0123456789abcdef00')).toBe(false);
		expect(set.size).toBe(0);
		const id = crypto.randomUUID();
		expect(set.addIfUuid(id)).toBe(true);
		expect(set.addIfUuid(id)).toBe(false);
		expect(set.size).toBe(1);
		expect(() => new UuidSet().add('not-a-uuid')).toThrow(TypeError);
		expect(() => new UuidSet().add('0123456789abcdef0123456789abcdef00')).toThrow(TypeError);
	});
});
