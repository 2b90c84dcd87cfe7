// The page refuses a record stream it cannot read, with a message people can act on, rather than
// misread it: a stream of format 1 (before the lean stream: no version header) and one of a
// version from a later release. The explorer's real server serves the page; only /api/stream is
// answered as an explorer of another release would answer it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeControl, encodeHeader } from '../../src/lib/server/explorer/encode';
import { STREAM_CONTENT_TYPE, STREAM_FORMAT_VERSION } from '../../src/lib/types/stream';
import { launchBrowser } from '../helpers/browser';
import { settled } from '../helpers/explorer-page';
import { oracle, type Oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let db: Oracle;
let browser: Browser;

beforeAll(async () => {
	server = await startServer({ size: 300 });
	db = oracle(server.dataDir);
	browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
	db?.close();
	await browser?.close();
	await server?.stop();
});

const start = encodeControl({ type: 'start', parts: ['icd/video'], source: 'embedded' });
const done = encodeControl({ type: 'done', received: 0, ms: 1 });

/** The page with /api/stream answered by `body`; the progress line's text once it shows a notice. */
async function openWith(body: Uint8Array | null): Promise<Page> {
	const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
	if (body)
		await page
			.context()
			.route('**/api/stream*', (route) => route.fulfill({ status: 200, headers: { 'content-type': STREAM_CONTENT_TYPE }, body: Buffer.from(body) }));
	await page.goto(server.url);
	return page;
}

const notice = (page: Page) => page.getByTestId('progress').locator('.error').innerText({ timeout: 30_000 });
const total = (page: Page) => page.getByTestId('visible-count').getAttribute('data-total').then(Number);

describe('a record stream of another format version', () => {
	it('format 1 (no version header) is refused with a readable message, and no record is drawn', async () => {
		const page = await openWith(Buffer.concat([start, done]));
		await expect
			.poll(() => notice(page), { timeout: 30_000 })
			.toMatch(/^The explorer's server sent the records in an older format \(version 1, without a version header\) than this page reads \(version 2\)\./);
		expect(await total(page)).toBe(0);
		await page.context().close();
	});

	it('a later version is refused, naming both versions', async () => {
		const page = await openWith(Buffer.concat([encodeHeader(STREAM_FORMAT_VERSION + 1), start, done]));
		await expect
			.poll(() => notice(page), { timeout: 30_000 })
			.toContain(`format version ${STREAM_FORMAT_VERSION + 1}; this page reads version ${STREAM_FORMAT_VERSION}`);
		expect(await total(page)).toBe(0);
		await page.context().close();
	});

	it('the current version loads every mappable record, without a notice', async () => {
		const page = await openWith(null);
		await expect.poll(() => total(page), { timeout: 30_000 }).toBe(db.count('mappable = 1'));
		await settled(page);
		expect(await page.getByTestId('progress').locator('.error').count()).toBe(0);
		await page.context().close();
	});
});
