// Sign-in mode over real HTTP: the mode at start, the form, the sealed cookie, every endpoint under
// the analyst's key (counts from the SQLite file), lifetimes, revocation, sign-out, the attempt
// limit, and explorer instances that share a secret accepting each other's sessions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, testClock } from '../helpers/genai';
import { oracle, type Oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';
import { signIn, streamUnder, withSession, answer } from '../helpers/signin';

const SECRET = 'integration-test-session-secret-0123456789';
const clock = testClock();
let server: TestServer;
let db: Oracle;
let analyst: { id: string; key: string };
let entities: string[];
/** Every response body and header block, to check that no key ever comes back. */
const seen: string[] = [];

async function record(r: Response): Promise<Response> {
	const body = await r.text();
	seen.push(JSON.stringify([...r.headers]), body);
	return new Response(body, { status: r.status, headers: r.headers });
}

const get = async (pathAndQuery: string, cookie?: string) =>
	record(await (cookie ? withSession(server.url + pathAndQuery, cookie) : fetch(server.url + pathAndQuery, { redirect: 'manual' })));

beforeAll(async () => {
	server = await startServer({ env: { EXPLORER_AUTH: 'signin', SESSION_SECRET: SECRET, NODE_ENV: 'test', TEST_CLOCK_FILE: clock.file } });
	db = oracle(server);
	entities = db
		.rows<{ entity: string }>("SELECT entity FROM records WHERE dataset = 'icd' AND entity IS NOT NULL GROUP BY entity ORDER BY count(*) DESC LIMIT 2")
		.map((r) => r.entity);
	analyst = await server.createKey(['--datasets', 'icd', '--features', 'geo,detail,media,search', '--entities', entities.join(',')]);
});
afterAll(async () => {
	db?.close();
	await server?.stop();
	for (const text of seen) expect(text.includes(analyst.key), 'a response carried the key').toBe(false);
	expect(server?.output().includes(analyst.key), 'the server logged the key').toBe(false);
});

describe('starting', () => {
	it('states sign-in mode, and where the sealing secret comes from', () => {
		expect(server.output()).toContain('Sign-in mode: each analyst signs in at /signin with their own service key');
		expect(server.output()).toContain('sealed with SESSION_SECRET');
	});

	it('refuses to listen beyond loopback with the server-held key, naming the setting', async () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-refused-'));
		try {
			const exposed: Record<string, string>[] = [
				{ HOST: '0.0.0.0' },
				{ HOST: '0.0.0.0', EXPLORER_AUTH: 'single-user' },
				{ ICD_API_KEY: analyst.key, ORIGIN: 'https://maps.example.org' }
			];
			for (const env of exposed) {
				const refusal = await startServer({ dataDir, env }).then(
					async (s) => (await s.stop(), null),
					(e: Error) => e.message
				);
				expect(refusal, JSON.stringify(env)).toContain('The explorer will not start');
				expect(refusal).toContain('EXPLORER_AUTH=signin');
				expect(refusal).not.toContain(analyst.key);
				expect(refusal).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
			}
		} finally {
			fs.rmSync(dataDir, { recursive: true, force: true });
		}
	});
});

describe('without a session', () => {
	it('sends pages to the sign-in page, keeping the view, and answers endpoints 401', async () => {
		const page = await get('/?at=32,15,4&from=2020-01-01');
		expect(page.status).toBe(303);
		expect(page.headers.get('location')).toBe('/signin?why=missing&next=%2F%3Fat%3D32%2C15%2C4%26from%3D2020-01-01');
		// (The benchmark's /bench/naive-stream is no longer one of them: it is not in the production build.)
		for (const endpoint of ['/api/status', '/api/stream', '/api/search?q=convoy', '/api/export?format=csv']) {
			const r = await get(endpoint);
			expect(r.status, endpoint).toBe(401);
			expect(r.headers.get('x-explorer-session')).toBe('missing');
			expect((await r.json()).signIn).toBe('/signin?why=missing');
		}
	});

	it('leaves the service to its own keys', async () => {
		expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
		expect((await server.get('/v1/icd/videos?per_page=1', analyst.key)).status).toBe(200);
		expect((await server.get('/v1/icd/videos?per_page=1', null)).status).toBe(401);
	});

	it('serves a sign-in page without any script', async () => {
		const r = await get('/signin?why=missing');
		expect(r.status).toBe(200);
		const html = await r.text();
		expect(html).toContain('Your service key');
		expect(html).toContain('Sign in with your service key to use the map.');
		expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/json" id="explorer-config">']);
		expect(html).toMatch(/<input id="key" name="key" type="password" autocomplete="off"/);
		expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
	});
});

describe('signing in', () => {
	it('refuses a key the service does not accept: "not valid", no cookie, the key not repeated', async () => {
		const fake = `icd_0123456789ab_${'x'.repeat(43)}`;
		const r = await signIn(server.url, fake);
		expect(r.status).toBe(401);
		expect(r.body).toContain('This key is not valid');
		expect(r.body).not.toContain(fake);
		expect(r.cookie).toBeNull();
	});

	it('refuses a key that may read no geo manifest: "may not use the map"', async () => {
		const noMap = await server.createKey(['--features', 'search,detail']);
		const r = await signIn(server.url, noMap.key);
		expect(r.status).toBe(403);
		expect(r.body).toContain('This key may not use the map');
		expect(r.cookie).toBeNull();
	});

	it("answers only this site's own form", async () => {
		const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
		for (const headers of foreign) {
			const r = await signIn(server.url, analyst.key, { headers });
			expect(r.status).toBe(403);
			expect(r.body).toContain('cross_site_request');
			expect(r.cookie).toBeNull();
		}
		// Chromium posts our own form with Origin: null (Referrer-Policy: no-referrer); its Sec-Fetch-Site vouches for it.
		expect((await signIn(server.url, analyst.key, { headers: { origin: 'null' } })).status).toBe(403);
		expect((await signIn(server.url, analyst.key, { headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } })).status).toBe(303);
	});

	it('sets a sealed HttpOnly, SameSite=Strict cookie and goes back to the view', async () => {
		const r = await signIn(server.url, analyst.key, { next: '/?at=32,15,4' });
		expect(r.status).toBe(303);
		expect(r.location).toBe('/?at=32,15,4');
		const line = r.setCookies.find((c) => c.startsWith('icd_session='))!;
		expect(line.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict']);
		expect(line).not.toContain(analyst.key);
		expect(line).not.toContain(analyst.key.split('_').slice(2).join('_'));
	});

	it('under https: Secure, with the __Host- prefix', async () => {
		const r = await signIn(server.url, analyst.key, { headers: { 'x-forwarded-proto': 'https', origin: server.url.replace('http:', 'https:') } });
		expect(r.status).toBe(303);
		expect(r.setCookies[0]).toMatch(/^__Host-icd_session=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/);
	});
});

describe("under the analyst's key", () => {
	let cookie: string;
	beforeAll(async () => {
		cookie = (await signIn(server.url, analyst.key)).cookie!;
	});
	const restricted = (component: string) => db.count(`mappable = 1 AND dataset = 'icd' AND component = ? AND entity IN (?, ?)`, component, ...entities);

	it('the page is told only the parts the key may see', async () => {
		const html = await (await get('/', cookie)).text();
		expect(html).toContain('"access":{"mode":"signin","parts":["icd/video","icd/image"]}');
	});

	it('status: what the key may see, with the totals of its entity restriction', async () => {
		const status = await (await get('/api/status', cookie)).json();
		expect(status.datasets).toEqual(['icd']);
		const totals = Object.fromEntries(status.parts.map((p: { part: string; visible: boolean; total?: number }) => [p.part, p.visible ? p.total : 'refused']));
		expect(totals).toEqual({ 'icd/video': restricted('video'), 'icd/image': restricted('image'), 'icdb/video': 'refused', 'icdb/image': 'refused' });
		expect(restricted('video')).toBeLessThan(db.count("mappable = 1 AND dataset = 'icd' AND component = 'video'"));
	});

	it('the stream: every record the key may see, once, and no part it may not', async () => {
		const { parts, controls, total } = await streamUnder(server.url, cookie);
		expect(controls[0]).toMatchObject({ type: 'start', parts: ['icd/video', 'icd/image'] });
		expect(Object.fromEntries(parts)).toEqual({ 'icd/video': restricted('video'), 'icd/image': restricted('image') });
		expect(total).toBe(restricted('video') + restricted('image'));
		expect(controls.filter((m) => m.type === 'error')).toEqual([]);
	});

	it('record detail, media and search follow the key: other entities and datasets are not there', async () => {
		const mine = db.one<{ uuid: string }>(`SELECT uuid FROM records WHERE dataset = 'icd' AND component = 'video' AND entity = ? LIMIT 1`, entities[0]);
		const other = db.one<{ uuid: string }>(
			`SELECT uuid FROM records WHERE dataset = 'icd' AND component = 'video' AND entity NOT IN (?, ?) LIMIT 1`,
			...entities
		);
		const icdb = db.one<{ uuid: string }>(`SELECT uuid FROM records WHERE dataset = 'icdb' AND component = 'video' LIMIT 1`);
		expect((await get(`/api/record/icd/video/${mine.uuid}`, cookie)).status).toBe(200);
		expect((await get(`/api/record/icd/video/${other.uuid}`, cookie)).status).toBe(404);
		expect((await get(`/api/record/icdb/video/${icdb.uuid}`, cookie)).status).toBe(403);
		expect((await get(`/api/media/icd/video/${mine.uuid}`, cookie)).status).toBe(200);
		const search = await (await get('/api/search?mode=keyword&q=the&datasets=icd,icdb&components=video', cookie)).json();
		expect(search.hits.length).toBeGreaterThan(0);
		expect(search.hits.every((h: { dataset: string; entity: string }) => h.dataset === 'icd' && entities.includes(h.entity))).toBe(true);
		expect(search.notes.join(' ')).toContain('ICDB');
	});

	it('records on the map open under the key: named by uuid without the lookup feature, by primary_id with it', async () => {
		const isUuid = (ref: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(ref);
		// This analyst's key has detail but not lookup: a primary_id would be refused (403) when opened.
		const withoutLookup = await streamUnder(server.url, cookie);
		const refs = withoutLookup.refs.get('icd/video')!;
		expect(refs.length).toBe(restricted('video'));
		expect(refs.every(isUuid)).toBe(true);
		for (const ref of [refs[0], refs.at(-1)!]) expect((await get(`/api/record/icd/video/${ref}`, cookie)).status).toBe(200);
		expect((await get(`/api/media/icd/video/${refs[0]}`, cookie)).status).toBe(200);

		const lookup = await server.createKey(['--datasets', 'icd', '--features', 'geo,detail,media,lookup', '--entities', entities.join(',')]);
		const session = (await signIn(server.url, lookup.key)).cookie!;
		const byId = (await streamUnder(server.url, session)).refs.get('icd/video')!;
		expect(byId.length).toBe(refs.length);
		expect(byId.every((ref) => /^\d+$/.test(ref))).toBe(true);
		const own = await get(`/api/record/icd/video/${byId[0]}`, session);
		expect(own.status).toBe(200);
		expect(entities).toContain((await own.json()).entity);
		expect((await get(`/api/media/icd/video/${byId[0]}`, session)).status).toBe(200);
		// Another entity's record, by its primary_id: not there for this key, as by uuid.
		const other = db.one<{ primary_id: number }>(
			`SELECT primary_id FROM records WHERE dataset = 'icd' AND component = 'video' AND entity NOT IN (?, ?) LIMIT 1`,
			...entities
		);
		expect((await get(`/api/record/icd/video/${other.primary_id}`, session)).status).toBe(404);
		expect((await get(`/api/media/icd/video/${other.primary_id}`, session)).status).toBe(404);
		expect(seen.some((t) => t.includes(lookup.key))).toBe(false);
	});

	it("Ask: under the analyst's key, and a conversation is that key's alone", async () => {
		const ask = async (c: string, body: Record<string, unknown>) =>
			record(await withSession(`${server.url}/api/ask`, c, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
		// This analyst's key has no genai feature (the server's own key has every feature).
		const refused = await ask(cookie, { dataset: 'icd', question: 'What happened recently?' });
		expect(refused.status).toBe(403);
		expect((await refused.json()).message).toContain('Domain GenAI');
		const [one, two] = [
			await server.createKey(['--datasets', 'icd', '--features', 'geo,genai']),
			await server.createKey(['--datasets', 'icd', '--features', 'geo,genai'])
		];
		const [first, second] = [(await signIn(server.url, one.key)).cookie!, (await signIn(server.url, two.key)).cookie!];
		const turn = await ask(first, { dataset: 'icd', question: 'What happened recently?' });
		expect(turn.status).toBe(200);
		const { conversationId } = await turn.json();
		const other = await ask(second, { dataset: 'icd', question: 'And before that?', conversationId });
		expect(other.status).toBe(404);
		expect((await other.json()).conversationGone).toBe(true);
		expect((await ask(first, { dataset: 'icd', question: 'And before that?', conversationId })).status).toBe(200);
		expect(seen.some((t) => t.includes(one.key) || t.includes(two.key))).toBe(false);
	});

	it("the export: the key's records only", async () => {
		const r = await get('/api/export?format=csv&datasets=icd&components=video', cookie);
		expect(r.status).toBe(200);
		expect((await r.text()).trim().split('\r\n').length - 1).toBe(restricted('video'));
	});
});

describe('session lifetimes', () => {
	it('a used session gets a new idle deadline; an idle one ends with a sentence', async () => {
		const { cookie } = await signIn(server.url, analyst.key);
		clock.advance(2 * MINUTE);
		const used = await get('/api/status', cookie!);
		expect(used.status).toBe(200);
		const refreshed = (await answer(used)).cookie;
		expect(refreshed).toMatch(/^icd_session=/);
		expect(refreshed).not.toBe(cookie);
		clock.advance(31 * MINUTE);
		const idle = await get('/api/status', refreshed!);
		expect(idle.status).toBe(401);
		expect(idle.headers.get('x-explorer-session')).toBe('expired');
		expect(idle.headers.getSetCookie()).toEqual(['icd_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict']);
		expect((await idle.json()).message).toContain('Your session has expired');
		const page = await get('/', refreshed!);
		expect(page.headers.get('location')).toBe('/signin?why=expired');
	});
});

describe('revocation and sign-out', () => {
	it("a revoked key's next request ends the session and says why", async () => {
		const doomed = await server.createKey(['--datasets', 'icd']);
		const { cookie } = await signIn(server.url, doomed.key);
		expect((await get('/api/status', cookie!)).status).toBe(200);
		await server.keys(['revoke', doomed.id]);
		const r = await get('/api/status', cookie!);
		expect(r.status).toBe(401);
		expect(r.headers.get('x-explorer-session')).toBe('refused');
		expect(r.headers.getSetCookie()[0]).toMatch(/^icd_session=; .*Max-Age=0/);
		expect((await r.json()).message).toContain('the service no longer accepts your key');
		// The page comes here when the stream was refused (its headers were sent already): checked, then ended.
		const signin = await get('/signin?why=refused', cookie!);
		expect(signin.status).toBe(200);
		expect(signin.headers.getSetCookie()[0]).toMatch(/^icd_session=; .*Max-Age=0/);
		expect(await signin.text()).toContain('the service no longer accepts your key');
		expect(seen.some((t) => t.includes(doomed.key))).toBe(false);
	});

	it('a link that says "refused" does not end a session whose key is still accepted', async () => {
		const { cookie } = await signIn(server.url, analyst.key);
		const r = await get('/signin?why=refused', cookie!);
		expect(r.status).toBe(303);
		expect(r.headers.get('location')).toBe('/');
		expect(r.headers.getSetCookie().some((c) => c.includes('Max-Age=0'))).toBe(false);
	});

	it("signing out clears the cookie; only this site's page can do it", async () => {
		const { cookie } = await signIn(server.url, analyst.key);
		const foreign = await record(await withSession(`${server.url}/signout`, cookie!, { method: 'POST', headers: { origin: 'https://evil.example' } }));
		expect(foreign.status).toBe(403);
		const r = await record(await withSession(`${server.url}/signout`, cookie!, { method: 'POST', headers: { origin: server.url } }));
		expect(r.status).toBe(303);
		expect(r.headers.get('location')).toBe('/signin?why=signed-out');
		expect(r.headers.getSetCookie()).toEqual(['icd_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict']);
	});
});

describe('sign-in attempts', () => {
	it('are limited per client address', async () => {
		let limited: Awaited<ReturnType<typeof signIn>> | null = null;
		for (let i = 0; i < 15 && !limited; i++) {
			const r = await signIn(server.url, `icd_0123456789ab_${'y'.repeat(43)}`);
			if (r.status === 429) limited = r;
			else expect(r.status).toBe(401);
		}
		expect(limited?.body).toContain('Too many sign-in attempts from your address');
		// A right key waits its turn too: the limit is on attempts, not on failures.
		expect((await signIn(server.url, analyst.key)).status).toBe(429);
	});
});

describe('several explorer instances with one secret', () => {
	let b: TestServer;
	let c: TestServer;
	beforeAll(async () => {
		// A team's set-up: explorers in front of one service (here the first server's), one SESSION_SECRET.
		const env = { EXPLORER_AUTH: 'signin', SESSION_SECRET: SECRET, ICD_BASE_URL: server.url };
		[b, c] = await Promise.all([startServer({ size: 50, env }), startServer({ size: 50, env })]);
	});
	afterAll(async () => {
		await Promise.all([b?.stop(), c?.stop()]);
	});

	it("accept each other's session cookie, and check keys with the remote service", async () => {
		const fromB = await signIn(b.url, analyst.key);
		expect(fromB.status).toBe(303);
		const statusAtC = await record(await withSession(`${c.url}/api/status`, fromB.cookie!));
		expect(statusAtC.status).toBe(200);
		const status = await statusAtC.json();
		expect(status.source).toBe('remote');
		expect(status.datasets).toEqual(['icd']);
		const fromC = await signIn(c.url, analyst.key);
		expect((await withSession(`${b.url}/api/status`, fromC.cookie!)).status).toBe(200);
		expect((await signIn(b.url, `icd_0123456789ab_${'z'.repeat(43)}`)).body).toContain('This key is not valid');
	});

	it('an instance with another secret opens none of them', async () => {
		const { cookie } = await signIn(b.url, analyst.key);
		const d = await startServer({ size: 50, env: { EXPLORER_AUTH: 'signin', SESSION_SECRET: SECRET.replace('0123', '9876'), ICD_BASE_URL: server.url } });
		try {
			const r = await withSession(`${d.url}/api/status`, cookie!);
			expect(r.status).toBe(401);
			expect(r.headers.get('x-explorer-session')).toBe('missing');
		} finally {
			await d.stop();
		}
	});
});
