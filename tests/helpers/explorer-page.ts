// The explorer open in Chromium on a fresh server, every mappable record loaded and clustered:
// the starting point of the browser suites.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, watchCsp } from './browser';
import { oracle, type Oracle } from './oracle';
import { explorerOn, type PageHandle } from './page-handle';
import { startServer, type TestServer } from './server';

export interface ExplorerPage {
	server: TestServer;
	db: Oracle;
	browser: Browser;
	page: Page;
	/** The page's handle (window.__explorer), typed. */
	handle: PageHandle;
	/** Content-Security-Policy violations the page has reported so far. */
	cspViolations(): string[];
	close(): Promise<void>;
}

/** Waits until the map has stopped and the clusters drawn come from the latest filter. */
export function settled(page: Page, timeout = 30_000): Promise<void> {
	return explorerOn(page).waitSettled(timeout);
}

/** Clicks the theme button round to `setting` (Auto → Light → Dark → Auto). */
export async function chooseTheme(page: Page, setting: 'system' | 'light' | 'dark'): Promise<void> {
	const button = page.getByTestId('theme');
	for (let i = 0; i < 3 && (await button.getAttribute('data-setting')) !== setting; i++) await button.click();
	expect(await button.getAttribute('data-setting')).toBe(setting);
}

export async function openExplorer(
	options: { size?: number; viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}
): Promise<ExplorerPage> {
	const server = await startServer({ size: options.size ?? 1500 });
	const db = oracle(server);
	const browser = await launchBrowser();
	// A context of its own (not browser.newPage()): @axe-core/playwright needs one to inject into frames.
	const page = await (
		await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, acceptDownloads: true, colorScheme: options.colorScheme ?? 'light' })
	).newPage();
	page.on('pageerror', (e) => console.error('[page error]', e.message));
	const cspViolations = watchCsp(page);
	await page.goto(server.url);
	const mappable = String(db.count('mappable = 1'));
	await page.waitForFunction((n) => document.querySelector('[data-testid="visible-count"]')?.getAttribute('data-total') === n, mappable, { timeout: 30_000 });
	await settled(page);
	return {
		server,
		db,
		browser,
		page,
		handle: explorerOn(page),
		cspViolations,
		async close() {
			db.close();
			await browser.close();
			await server.stop();
		}
	};
}
