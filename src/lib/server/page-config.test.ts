import { describe, expect, it } from 'vitest';
import { withPageConfig } from './page-config';

const HTML = '<html lang="en" data-theme="%explorer.theme%"><script type="application/json">%explorer.config%</script></html>';
const CONFIG = { mapStyleUrl: '', serviceLabel: 'embedded ICD service', access: { mode: 'single-user' as const }, streamCopy: null };

describe('the page with its config', () => {
	it('writes the theme asked for in the URL on <html>, so the first paint has its colours', () => {
		expect(withPageConfig(HTML, CONFIG, new URL('http://x/?theme=dark'))).toContain('data-theme="dark"');
		expect(withPageConfig(HTML, CONFIG, new URL('http://x/?theme=light'))).toContain('data-theme="light"');
		expect(withPageConfig(HTML, CONFIG, new URL('http://x/'))).toContain('data-theme="system"');
	});

	it('writes only a word it knows: the URL cannot put markup in the attribute', () => {
		const html = withPageConfig(HTML, CONFIG, new URL('http://x/?theme=%22%3E%3Cscript%3E'));
		expect(html).toContain('data-theme="system"');
		expect(html).not.toContain('"><script>');
	});

	it('escapes < in the config so no value can close its script element', () => {
		const html = withPageConfig(HTML, { ...CONFIG, serviceLabel: '</script><b>' }, new URL('http://x/'));
		expect(html).not.toContain('</script><b>');
	});
});
