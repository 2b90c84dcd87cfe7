import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { artifact, launchBrowser } from '../helpers/browser';
import { oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
	server = await startServer({ size: 500 });
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
	await server?.stop();
});

it('shows the embedded service with the generated record counts', async () => {
	const db = oracle(server.dataDir);
	const icdVideos = db.count("dataset='icd' AND component='video'");
	db.close();
	const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
	await page.goto(server.url);
	await expect.poll(() => page.locator('table tbody tr').count()).toBe(4);
	const firstRow = await page.locator('table tbody tr').first().innerText();
	expect(firstRow).toContain('ICD');
	expect(firstRow.replace(/,/g, '')).toContain(String(icdVideos));
	await page.screenshot({ path: artifact('landing.png') });
	// The local key must never reach the browser.
	expect(await page.content()).not.toContain(server.localKey);
});
