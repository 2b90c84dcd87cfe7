// Debian's Chromium for the browser tests (see scripts/lib/chromium.ts), and where screenshots go.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/chromium';

export function launchBrowser(): Promise<Browser> {
	return launchChromium();
}

export const ARTIFACTS = 'test-results';
export function artifact(name: string): string {
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	return `${ARTIFACTS}/${name}`;
}

/**
 * Content-Security-Policy violations reported on a page from now on (Chromium reports each one on
 * the console of the document or frame it happened in), for asserting that there are none.
 */
export function watchCsp(page: Page): () => string[] {
	const seen: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
	});
	return () => seen;
}
