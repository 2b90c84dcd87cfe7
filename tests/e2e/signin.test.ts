// Sign-in mode in real Chromium: two analysts in two browser contexts, under two keys that differ
// in datasets and entity restriction, see different records in the counts the service gives each
// key; the session cookie is out of the page's reach; no key in any request URL, response or
// console line; revoked keys and signing out lead back to the sign-in page, which says why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { settled } from '../helpers/explorer-page';
import { explorerOn } from '../helpers/page-handle';
import { oracle, type Oracle } from '../helpers/oracle';
import { runScript, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let db: Oracle;
let browser: Browser;
let entities: string[];
const keys: Record<'a' | 'b', { id: string; key: string }> = {} as never;
/** Every request URL, response body and console line of every page, for the leak checks. */
const traffic: { what: string; text: string }[] = [];

interface Analyst {
	context: BrowserContext;
	page: Page;
}

async function open(): Promise<Analyst> {
	const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
	const page = await context.newPage();
	page.on('pageerror', (e) => console.error('[page error]', e.message));
	page.on('console', (m) => traffic.push({ what: 'console line', text: m.text() }));
	page.on('request', (r) => traffic.push({ what: 'request URL', text: r.url() }));
	page.on('response', async (r) => {
		const body = await r.body().catch(() => null);
		if (body) traffic.push({ what: `response body of ${r.request().method()} ${r.url()} (${r.status()})`, text: body.toString('latin1') });
	});
	return { context, page };
}

async function signInThroughForm(page: Page, key: string): Promise<void> {
	await page.locator('#key').fill(key);
	await page.getByRole('button', { name: 'Sign in' }).click();
}

const total = (page: Page) => page.getByTestId('visible-count').getAttribute('data-total').then(Number);

beforeAll(async () => {
	server = await startServer({ env: { EXPLORER_AUTH: 'signin' } });
	db = oracle(server);
	entities = db
		.rows<{ entity: string }>(
			"SELECT entity FROM records WHERE dataset = 'icd' AND mappable = 1 AND entity IS NOT NULL GROUP BY entity ORDER BY count(*) DESC LIMIT 3"
		)
		.map((r) => r.entity);
	keys.a = await server.createKey(['--datasets', 'icd', '--entities', entities.join(',')]);
	keys.b = await server.createKey(['--datasets', 'icd,icdb']);
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
	db?.close();
	await server?.stop();
});

describe('two analysts, two keys', () => {
	let a: Analyst;
	let b: Analyst;
	const expected = {
		a: () => db.count(`mappable = 1 AND dataset = 'icd' AND entity IN (${entities.map(() => '?').join(',')})`, ...entities),
		b: () => db.count('mappable = 1')
	};

	beforeAll(async () => {
		[a, b] = await Promise.all([open(), open()]);
	});

	it('each signs in through the form and comes back to the view they asked for', async () => {
		for (const [who, analyst] of [
			['a', a],
			['b', b]
		] as const) {
			await analyst.page.goto(`${server.url}/?at=20,10,1.5`);
			expect(new URL(analyst.page.url()).pathname).toBe('/signin');
			await expect.poll(() => analyst.page.getByTestId('signin-notice').textContent()).toContain('Sign in with your service key');
			await signInThroughForm(analyst.page, keys[who].key);
			// The view asked for: as the link wrote it, or as the page writes its view back a moment after loading (20.0000,10.0000,1.50).
			await analyst.page.waitForURL((u) => u.pathname === '/' && (u.searchParams.get('at') ?? '').split(',').map(Number).join(',') === '20,10,1.5');
		}
	});

	it('each map holds exactly the records the service gives that key', async () => {
		expect(expected.a()).toBeLessThan(expected.b());
		await expect.poll(() => total(a.page), { timeout: 30_000 }).toBe(expected.a());
		await expect.poll(() => total(b.page), { timeout: 30_000 }).toBe(expected.b());
		await Promise.all([settled(a.page), settled(b.page)]);
		const status = (page: Page) => page.evaluate(() => fetch('/api/status').then((r) => r.json()));
		const sum = (s: { parts: { total?: number }[] }) => s.parts.reduce((n, p) => n + (p.total ?? 0), 0);
		expect(sum(await status(a.page))).toBe(expected.a());
		expect(sum(await status(b.page))).toBe(expected.b());
		const shown = await explorerOn(a.page).points(500);
		expect(shown.length).toBeGreaterThan(0);
		expect(new Set(shown.map((p) => p.dataset))).toEqual(new Set(['icd']));
	});

	it('the map offers, and says, only what the key may see', async () => {
		await expect.poll(() => a.page.getByTestId('access').textContent()).toBe('Your key sees ICD videos and images; not ICDB.');
		expect((await a.page.locator('.filters label.chip:not(.plain)').allTextContents()).map((t) => t.trim())).toEqual(['ICD']);
		expect(await b.page.getByTestId('access').textContent()).toBe('Your key sees ICD videos and images and ICDB videos and images.');
		expect((await b.page.locator('.filters label.chip:not(.plain)').allTextContents()).map((t) => t.trim())).toEqual(['ICD', 'ICDB']);
	});

	it('the session cookie is HttpOnly and SameSite=Strict: not in document.cookie', async () => {
		for (const { context, page } of [a, b]) {
			expect(await page.evaluate(() => document.cookie)).not.toContain('icd_session');
			const [cookie] = (await context.cookies()).filter((c) => c.name === 'icd_session');
			expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
		}
	});

	it('`npm run brief` signs in with the key from the environment or a file, never from its arguments', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brief-signin-'));
		const out = path.join(dir, 'brief.png');
		const view = `${server.url}/?at=20,10,1.5`;
		const r = runScript('scripts/brief.ts', ['--out', out, '--view', view, '--size', '640x480'], { ICD_ANALYST_KEY: keys.a.key });
		expect(r.status, r.stderr).toBe(0);
		expect(r.stderr).toContain('(sign-in mode)');
		expect(fs.statSync(out).size).toBeGreaterThan(10_000);
		const keyFile = path.join(dir, 'key');
		fs.writeFileSync(keyFile, `icd_0123456789ab_${'q'.repeat(43)}\n`, { mode: 0o600 });
		const refused = runScript('scripts/brief.ts', ['--out', out, '--view', view, '--key-file', keyFile], { ICD_ANALYST_KEY: '' });
		expect(refused.status).toBe(2);
		expect(refused.stderr).toContain('signing in failed (401): This key is not valid');
		for (const text of [r.stdout, r.stderr, refused.stdout, refused.stderr]) expect(text).not.toContain(keys.a.key);
		fs.rmSync(dir, { recursive: true, force: true });
	}, 240_000);

	it('signing out ends the session and says so', async () => {
		await b.page.getByTestId('signout').click();
		await b.page.waitForURL((u) => u.pathname === '/signin');
		expect(await b.page.getByTestId('signin-notice').textContent()).toContain('You have signed out');
		expect((await b.context.cookies()).filter((c) => c.name === 'icd_session')).toEqual([]);
		await b.page.goto(server.url);
		expect(new URL(b.page.url()).pathname).toBe('/signin');
		await signInThroughForm(b.page, keys.b.key);
		await b.page.waitForURL((u) => u.pathname === '/');
		await expect.poll(() => total(b.page), { timeout: 30_000 }).toBe(expected.b());
	});

	it("a revoked key's next request leads to the sign-in page, which says why", async () => {
		// a: the next request is the record stream of a reload (refused inside the stream).
		await server.keys(['revoke', keys.a.id]);
		await a.page.reload();
		await a.page.waitForURL((u) => u.pathname === '/signin', { timeout: 30_000 });
		await expect.poll(() => a.page.getByTestId('signin-notice').textContent()).toContain('the service no longer accepts your key');
		expect((await a.context.cookies()).filter((c) => c.name === 'icd_session')).toEqual([]);
		// b: the next request is one of the page's fetches (refused with a status).
		await server.keys(['revoke', keys.b.id]);
		await b.page.evaluate(() => void fetch('/api/status'));
		await b.page.waitForURL((u) => u.pathname === '/signin', { timeout: 30_000 });
		await expect.poll(() => b.page.getByTestId('signin-notice').textContent()).toContain('the service no longer accepts your key');
		// Back to the view after signing in again: the page's address as it last wrote it.
		expect(new URL(b.page.url()).searchParams.get('next')).toMatch(/^\/\?at=/);
	});

	it('no request URL, response or console line carried either key', () => {
		expect(traffic.length).toBeGreaterThan(50);
		/** Where a secret appears: what carried it, and the text around it. */
		const found = (haystack: { what: string; text: string }[], secret: string) =>
			haystack
				.filter((t) => t.text.includes(secret))
				.map((t) => `${t.what}: …${t.text.slice(Math.max(0, t.text.indexOf(secret) - 200), t.text.indexOf(secret) + secret.length + 100)}…`);
		for (const key of [keys.a.key, keys.b.key]) {
			// The secret is everything after icd_<id>_: base64url may itself hold '_' (split('_')[2] once
			// yielded a two-letter piece that matched minified code by chance).
			const secret = key.split('_').slice(2).join('_');
			expect(secret.length).toBe(43);
			expect(found(traffic, secret)).toEqual([]);
			expect(found([{ what: 'server output', text: server.output() }], secret)).toEqual([]);
		}
	});
});

describe('"Sign out everywhere" (a lost laptop)', () => {
	let key: { id: string; key: string };
	let other: Browser;
	let laptop: Analyst;
	let desk: Analyst;

	beforeAll(async () => {
		key = await server.createKey(['--datasets', 'icd']);
		// Two browsers, as two machines would be: nothing shared but the key.
		other = await launchBrowser();
		laptop = await open();
		const context = await other.newContext({ viewport: { width: 1280, height: 760 } });
		desk = { context, page: await context.newPage() };
	});
	afterAll(async () => {
		await other?.close();
	});

	it('ends the session in both browsers, from the keyboard, and says so in each', async () => {
		for (const { page } of [laptop, desk]) {
			await page.goto(server.url);
			await signInThroughForm(page, key.key);
			await page.waitForURL((u) => u.pathname === '/');
			await expect.poll(() => page.getByTestId('signout-everywhere').isVisible()).toBe(true);
		}
		const [stolen] = (await laptop.context.cookies()).filter((c) => c.name === 'icd_session');
		const everywhere = desk.page.getByRole('button', { name: 'Sign out everywhere' });
		await everywhere.focus();
		await desk.page.keyboard.press('Enter');
		await desk.page.waitForURL((u) => u.pathname === '/signin');
		expect(await desk.page.getByTestId('signin-notice').textContent()).toContain('You have signed out everywhere');
		expect((await desk.context.cookies()).filter((c) => c.name === 'icd_session')).toEqual([]);
		// The laptop still holds its cookie; its next request ends there.
		await laptop.page.evaluate(() => void fetch('/api/status'));
		await laptop.page.waitForURL((u) => u.pathname === '/signin', { timeout: 30_000 });
		await expect.poll(() => laptop.page.getByTestId('signin-notice').textContent()).toContain('This session has ended');
		// A copy of the laptop's cookie, taken before, opens nothing either.
		const replayed = await fetch(`${server.url}/api/status`, { headers: { cookie: `icd_session=${stolen.value}` } });
		expect(replayed.status).toBe(401);
		expect(replayed.headers.get('x-explorer-session')).toBe('ended');
		// The key itself still signs in.
		await signInThroughForm(laptop.page, key.key);
		await laptop.page.waitForURL((u) => u.pathname === '/');
	});
});
