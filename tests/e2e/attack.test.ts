// The attacks of a foreign web page on the explorer's server-held key, made the way an attacker
// would: from real pages in real Chromium, whose resolver sends evil.example to this machine.
import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';
import { oracle, type Oracle } from '../helpers/oracle';
import { freePort, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let db: Oracle;
let browser: Browser;
let attacker: http.Server;
let port: number;
let attackerPort: number;

/** What the attacker's page finds out: each attempt's outcome as the page itself sees it. */
type Outcome = { status?: number; code?: string; bytes?: number; error?: string; type?: string };

const ASK = JSON.stringify({ dataset: 'icd', question: 'Which armed group was most active in Sudan?' });
const spent = () => db.one<{ n: number }>('SELECT count(*) n FROM conversations').n + db.one<{ n: number }>('SELECT count(*) n FROM credit_ledger').n;

beforeAll(async () => {
	server = await startServer();
	db = oracle(server);
	port = Number(new URL(server.url).port);
	// The attacker's own site: an empty page whose scripts the tests run.
	attackerPort = await freePort();
	attacker = http.createServer((_req, res) =>
		res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Cute cats</title><h1>Cute cats</h1>')
	);
	await new Promise<void>((resolve) => attacker.listen(attackerPort, '127.0.0.1', resolve));
	// Chromium's Local Network Access check would stop some of these requests itself; it is off
	// so that what is tested is the server's own defence, which other and older browsers rely on.
	browser = await launchChromium([
		'--host-resolver-rules=MAP evil.example 127.0.0.1',
		'--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights'
	]);
});
afterAll(async () => {
	db?.close();
	await browser?.close();
	await new Promise((r) => attacker?.close(r));
	await server?.stop();
});

async function newPage(): Promise<Page> {
	const page = await browser.newPage();
	page.on('pageerror', (e) => console.error('[attacker page error]', e.message));
	return page;
}

describe('DNS rebinding: evil.example now resolves to the explorer', () => {
	it('the rebound page reads no records, no status and spends no credit', async () => {
		const page = await newPage();
		// The page was served by evil.example before its name was rebound to this machine; from
		// here on its requests go to the explorer's port as same-origin requests of evil.example.
		await page.route(`http://evil.example:${port}/`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Cute cats</title>' }));
		await page.goto(`http://evil.example:${port}/`);
		const before = spent();
		const outcomes = await page.evaluate(async (ask) => {
			const attempt = async (path: string, init?: RequestInit): Promise<Outcome> => {
				try {
					const r = await fetch(path, init);
					const text = await r.text();
					let code: string | undefined;
					try {
						code = JSON.parse(text).code;
					} catch {
						/* not JSON */
					}
					return { status: r.status, code, bytes: text.length };
				} catch (e) {
					return { error: String(e) };
				}
			};
			return {
				stream: await attempt('/api/stream?datasets=icd,icdb&components=video,image'),
				status: await attempt('/api/status'),
				search: await attempt('/api/search?q=convoy'),
				ask: await attempt('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ask }),
				service: await attempt('/v1/icd/videos?per_page=100'),
				mcp: await attempt('/mcp-all', {
					method: 'POST',
					headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
					body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
				}),
				player: await attempt('/media/player/x')
			};
		}, ASK);
		for (const [name, o] of Object.entries(outcomes)) {
			expect(o.status, name).toBe(403);
			expect(o.code, name).toBe('host_not_allowed');
			expect(o.bytes!, name).toBeLessThan(600);
		}
		expect(spent()).toBe(before);
		await page.close();
	});
});

describe('cross-site requests from the attacker’s own site', () => {
	it('cannot read the record stream or the status', async () => {
		const page = await newPage();
		await page.goto(`http://evil.example:${attackerPort}/`);
		const outcomes = await page.evaluate(async (target) => {
			const attempt = async (path: string, init?: RequestInit): Promise<Outcome> => {
				try {
					const r = await fetch(target + path, init);
					return { status: r.status, type: r.type, bytes: (await r.arrayBuffer()).byteLength };
				} catch (e) {
					return { error: String(e) };
				}
			};
			return {
				cors: await attempt('/api/stream?datasets=icd&components=video'),
				noCors: await attempt('/api/stream?datasets=icd&components=video', { mode: 'no-cors' }),
				status: await attempt('/api/status', { mode: 'no-cors' })
			};
		}, `http://127.0.0.1:${port}`);
		expect(outcomes.cors.error).toMatch(/Failed to fetch/);
		for (const o of [outcomes.noCors, outcomes.status]) {
			expect(o.type).toBe('opaque');
			expect(o.bytes).toBe(0);
		}
		await page.close();
	});

	it('cannot make the explorer ask a question: no-cors text/plain, a form post, a JSON fetch', async () => {
		const page = await newPage();
		await page.goto(`http://evil.example:${attackerPort}/`);
		const before = spent();
		await page.evaluate(
			async ({ target, ask }) => {
				await fetch(`${target}/api/ask`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ask }).catch(() => undefined);
				await fetch(`${target}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ask }).catch(() => undefined);
				// The classic CSRF: an auto-submitted form (text/plain makes its body look like JSON).
				const frame = document.createElement('iframe');
				frame.name = 'sink';
				document.body.append(frame);
				const form = document.createElement('form');
				Object.assign(form, { method: 'POST', action: `${target}/api/ask`, enctype: 'text/plain', target: 'sink' });
				const field = document.createElement('input');
				Object.assign(field, { name: ask.slice(0, -1) + ',"x":"', value: '"}' });
				form.append(field);
				document.body.append(form);
				await new Promise<void>((resolve) => {
					frame.addEventListener('load', () => resolve(), { once: true });
					form.submit();
				});
			},
			{ target: `http://127.0.0.1:${port}`, ask: ASK }
		);
		expect(spent()).toBe(before);
		await page.close();
	});

	it('cannot frame the explorer', async () => {
		const page = await newPage();
		await page.goto(`http://evil.example:${attackerPort}/`);
		await page.evaluate(async (target) => {
			const frame = document.createElement('iframe');
			frame.src = target;
			document.body.append(frame);
			await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
		}, `http://127.0.0.1:${port}/`);
		const child = page.frames().find((f) => f !== page.mainFrame());
		expect(child).toBeDefined();
		// Blocked by frame-ancestors 'none' (and X-Frame-Options): Chromium shows its error page instead.
		const explorerInside = await child!.evaluate(() => document.querySelector('[data-testid="visible-count"]') !== null).catch(() => false);
		expect(explorerInside).toBe(false);
		expect(child!.url()).not.toBe(`http://127.0.0.1:${port}/`);
		await page.close();
	});
});
