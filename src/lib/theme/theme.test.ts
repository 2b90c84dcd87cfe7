import { describe, expect, it } from 'vitest';
import { parseThemeSetting, resolveTheme } from './theme';

describe('theme', () => {
	it('follows the system unless told otherwise', () => {
		expect(resolveTheme('system', true)).toBe('dark');
		expect(resolveTheme('system', false)).toBe('light');
		expect(resolveTheme('light', true)).toBe('light');
		expect(resolveTheme('dark', false)).toBe('dark');
	});

	it('reads only the words it knows from the URL', () => {
		expect(parseThemeSetting('dark')).toBe('dark');
		expect(parseThemeSetting('light')).toBe('light');
		for (const junk of [null, undefined, '', 'DARK', 'system', '"><script>']) expect(parseThemeSetting(junk)).toBe('system');
	});
});
