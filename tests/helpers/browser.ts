// Debian's Chromium for the browser tests (see scripts/lib/chromium.ts), and where screenshots go.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';
import type { Oracle } from './oracle';
import { serverWithOracle, type ServerOptions, type TestServer } from './server';

export function launchBrowser(): Promise<Browser> {
	return launchChromium();
}

/**
 * A real server and a read-only view of its database (serverWithOracle), and Chromium, for a
 * whole test file. Read `t.server`, `t.db` and `t.browser` inside tests.
 */
export function browserAndServer(options: ServerOptions = {}): { server: TestServer; db: Oracle; browser: Browser } {
	const t = serverWithOracle(options) as { server: TestServer; db: Oracle; browser: Browser };
	beforeAll(async () => {
		t.browser = await launchBrowser();
	});
	afterAll(async () => {
		await t.browser?.close();
	});
	return t;
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
