// Debian's Chromium for the browser tests (see scripts/lib/chromium.ts), and where screenshots go.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';
import { oracle, type Oracle } from './oracle';
import { startServer, type ServerOptions, type TestServer } from './server';

export function launchBrowser(): Promise<Browser> {
	return launchChromium();
}

/**
 * A real server, a read-only view of its database and Chromium for a whole test file: started
 * before the first test, stopped after the last. Read `t.server`, `t.db` and `t.browser` inside tests.
 */
export function browserAndServer(options: ServerOptions = {}): { server: TestServer; db: Oracle; browser: Browser } {
	const t = {} as { server: TestServer; db: Oracle; browser: Browser };
	beforeAll(async () => {
		t.server = await startServer(options);
		t.db = oracle(t.server);
		t.browser = await launchBrowser();
	}, 180_000);
	afterAll(async () => {
		t.db?.close();
		await t.browser?.close();
		await t.server?.stop();
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
