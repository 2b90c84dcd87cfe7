// One record stream per page load, read to its end: the network log of a page load must not show
// a second /api/stream request, nor an aborted one, although every record arrived (issue 16).
// Several fresh loads, because a race (a second mount, a reload of the stream on a settled
// filter) would show in some loads only; and a filter change afterwards must not ask again.
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { settled } from '../helpers/explorer-page';
import { explorerOn } from '../helpers/page-handle';
import { oracle, type Oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';

// 40,000 records (about 1.4 MB): enough for the server to finish well before the worker has read it all,
// which is when Chromium reported the aborted stream (one load in three or four; six loads miss it
// about one time in ten).
const SIZE = 10_000;
const LOADS = 6;

let server: TestServer;
let db: Oracle;
let browser: Browser;

beforeAll(async () => {
	server = await startServer({ size: SIZE });
	db = oracle(server.dataDir);
	browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
	db?.close();
	await browser?.close();
	await server?.stop();
});

describe('the record stream', () => {
	it(`is requested exactly once per page load and read to its end, never aborted (${LOADS} loads)`, async () => {
		const mappable = String(db.count('mappable = 1'));
		for (let load = 1; load <= LOADS; load++) {
			const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
			const page = await context.newPage();
			const log: string[] = [];
			const isStream = (r: Request) => new URL(r.url()).pathname === '/api/stream';
			// The context hears the worker's requests too (the stream is fetched by the points worker).
			context.on('request', (r) => isStream(r) && log.push('request'));
			context.on('requestfailed', (r) => isStream(r) && log.push(`failed: ${r.failure()?.errorText}`));
			context.on('requestfinished', (r) => isStream(r) && log.push('finished'));
			await page.goto(server.url);
			await page.waitForFunction((n) => document.querySelector('[data-testid="visible-count"]')?.getAttribute('data-total') === n, mappable, {
				timeout: 60_000
			});
			await settled(page, 60_000);
			// The response's end reaches the network log a moment after the last record.
			await expect.poll(() => log.join(', '), { timeout: 15_000 }).toBe('request, finished');
			// A filter change is applied in the browser: no new stream.
			await explorerOn(page).setDateRange(18_000, 19_000);
			await settled(page, 60_000);
			await explorerOn(page).setDateRange(null, null);
			await settled(page, 60_000);
			expect(log, `load ${load}`).toEqual(['request', 'finished']);
			await context.close();
		}
	}, 600_000);
});
