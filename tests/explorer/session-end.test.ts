// Sign-out is final (issue 44): a copy of the session cookie taken before "Sign out" is refused
// afterwards, on the instance that signed out and on any other over the same database; "Sign out
// everywhere" and the keys CLI's end-sessions end every session of a key; an idle session stays
// ended; the ended set is swept. On SQLite and on PostgreSQL (vite.config.ts runs this file on both):
// the second instance is a restart over the same DATA_DIR on SQLite (one machine), a second
// server over the same database on PostgreSQL (a team).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../helpers/engine';
import { MINUTE, testClock } from '../helpers/genai';
import { oracle, type Oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';
import { signIn as postSignIn, streamUnder, withSession } from '../helpers/signin';
import { keysCommand } from '../../src/lib/server/service/auth/keys-command';

const SECRET = 'integration-test-session-secret-0123456789';
const env = { EXPLORER_AUTH: 'signin', SESSION_SECRET: SECRET, NODE_ENV: 'test' };
const clock = testClock();
let dataDir: string;
let a: TestServer;
let db: Oracle;
let analyst: { id: string; key: string };

/** Signs in on `server`; the clock moves on first, so that the attempt limit (10 a minute) never counts these. */
async function signIn(server: TestServer, key = analyst.key): Promise<string> {
	clock.advance(6_000);
	const r = await postSignIn(server.url, key);
	expect(r.status, r.body).toBe(303);
	return r.cookie!;
}

function signOut(server: TestServer, cookie: string, scope?: 'everywhere'): Promise<Response> {
	return withSession(`${server.url}/signout`, cookie, {
		method: 'POST',
		headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(scope ? { scope } : {})
	});
}

/** What a replayed cookie gets from the record stream: its status, why, and how many bytes of records. */
async function replay(server: TestServer, cookie: string): Promise<{ status: number; why: string | null; body: string }> {
	const r = await withSession(`${server.url}/api/stream`, cookie);
	return { status: r.status, why: r.headers.get('x-explorer-session'), body: await r.text() };
}

const endedRows = () => db.rows<{ id: string; until: number }>('SELECT id, until FROM ended_sessions ORDER BY id');

beforeAll(async () => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-session-end-'));
	a = await startServer({ dataDir, env: { ...env, TEST_CLOCK_FILE: clock.file } });
	db = oracle(a);
	analyst = await a.createKey(['--datasets', 'icd', '--features', 'geo,detail,search']);
});
afterAll(async () => {
	db?.close();
	await a?.stop();
	fs.rmSync(dataDir, { recursive: true, force: true });
	expect(a?.output().includes(analyst.key), 'the server logged the key').toBe(false);
});

describe(`sign-out is final (${ENGINE})`, () => {
	let second: TestServer | undefined;
	/** The other instance: a second server over the same PostgreSQL database, or this one restarted over the same DATA_DIR. */
	async function otherInstance(): Promise<TestServer> {
		if (ENGINE === 'postgres') return (second ??= await startServer({ databaseUrl: a.databaseUrl, env: { ...env, TEST_CLOCK_FILE: clock.file } }));
		await a.stop();
		a = await startServer({ dataDir, env: { ...env, TEST_CLOCK_FILE: clock.file } });
		return a;
	}
	afterAll(async () => {
		await second?.stop();
	});

	it('a cookie replayed after Sign out gets 401 and no records, on the same instance', async () => {
		const cookie = await signIn(a);
		const before = await streamUnder(a.url, cookie);
		expect(before.total).toBeGreaterThan(0);
		const out = await signOut(a, cookie);
		expect(out.status).toBe(303);
		expect(out.headers.get('location')).toBe('/signin?why=signed-out');
		const r = await replay(a, cookie);
		expect(r.status).toBe(401);
		expect(r.why).toBe('ended');
		expect(JSON.parse(r.body).message).toContain('This session has ended');
		expect((await withSession(`${a.url}/api/status`, cookie)).status).toBe(401);
		const page = await withSession(`${a.url}/`, cookie);
		expect(page.status).toBe(303);
		expect(page.headers.get('location')).toBe('/signin?why=ended');
		// A new sign-in is a new session, with a new cookie that works.
		const again = await signIn(a);
		expect(again).not.toBe(cookie);
		expect((await streamUnder(a.url, again)).total).toBe(before.total);
	});

	it(ENGINE === 'postgres' ? 'and on a second instance over the same PostgreSQL' : 'and after a restart over the same DATA_DIR', async () => {
		const cookie = await signIn(a);
		const other = await otherInstance();
		expect((await withSession(`${other.url}/api/status`, cookie)).status).toBe(200);
		expect((await signOut(a, cookie)).status).toBe(303);
		const elsewhere = ENGINE === 'postgres' ? other : await otherInstance();
		const r = await replay(elsewhere, cookie);
		expect(r.status).toBe(401);
		expect(r.why).toBe('ended');
		expect(r.body).not.toContain('"part-done"');
	});

	it('keeps only ids and key hashes: never a key', () => {
		const stored = JSON.stringify(endedRows());
		expect(endedRows().length).toBeGreaterThan(0);
		expect(stored).not.toContain(analyst.key.split('_').slice(2).join('_'));
		expect(stored).not.toContain(analyst.id);
	});

	it('"Sign out everywhere" ends every session of the key, on every instance, and no other key\'s', async () => {
		const other = ENGINE === 'postgres' ? await otherInstance() : a;
		const someoneElse = await a.createKey(['--datasets', 'icd', '--features', 'geo']);
		const [here, there, theirs] = [await signIn(a), await signIn(other), await signIn(a, someoneElse.key)];
		const out = await signOut(a, here, 'everywhere');
		expect(out.headers.get('location')).toBe('/signin?why=signed-out-everywhere');
		for (const [server, cookie] of [
			[a, here],
			[other, there],
			[a, there]
		] as const) {
			const r = await replay(server, cookie);
			expect(r.status).toBe(401);
			expect(r.why).toBe('ended');
		}
		expect((await withSession(`${a.url}/api/status`, theirs)).status).toBe(200);
		// The key itself still works: signing in again starts a session that is not ended.
		expect((await withSession(`${other.url}/api/status`, await signIn(other))).status).toBe(200);
	});

	it("the keys CLI's end-sessions does the same for an operator, by the key's id", async () => {
		const [one, two] = [await signIn(a), await signIn(a)];
		// As `npm run keys -- end-sessions ID` with the servers' settings (their test clock among them).
		const ended = await keysCommand(['end-sessions', analyst.id], {
			DATA_DIR: a.dataDir,
			DATABASE_URL: a.databaseUrl ?? '',
			NODE_ENV: 'test',
			TEST_CLOCK_FILE: clock.file
		});
		expect(ended.status, ended.stderr).toBe(0);
		expect(JSON.parse(ended.stdout)).toEqual({ id: analyst.id, sessionsEnded: true });
		for (const cookie of [one, two]) expect((await replay(a, cookie)).status).toBe(401);
		expect((await withSession(`${a.url}/api/status`, await signIn(a))).status).toBe(200);
		await expect(a.keys(['end-sessions', '000000000000'])).rejects.toThrow(/no key with id 000000000000/);
	});

	it('an idle-expired session is ended for good: refused when replayed, and recorded', async () => {
		const cookie = await signIn(a);
		clock.advance(2 * MINUTE);
		const used = await withSession(`${a.url}/api/status`, cookie);
		expect(used.status).toBe(200);
		const refreshed = used.headers.getSetCookie()[0].split(';')[0];
		const count = endedRows().length;
		clock.advance(31 * MINUTE);
		for (const copy of [refreshed, cookie]) {
			const r = await replay(a, copy);
			expect(r.status).toBe(401);
			expect(r.why).toBe('expired');
		}
		expect(endedRows().length).toBe(count + 1);
	});

	it('does not grow without bound: rows are swept once every session they concern has expired', async () => {
		expect(endedRows().length).toBeGreaterThanOrEqual(4);
		clock.advance(13 * 60 * MINUTE);
		const cookie = await signIn(a);
		await signOut(a, cookie);
		// Everything before ended more than 12 h (SESSION_MAX_SECONDS) ago: only the last sign-out is left.
		expect(endedRows().map((r) => r.id)).toHaveLength(1);
		expect(endedRows()[0].id).toMatch(/^s:/);
		expect((await replay(a, cookie)).status).toBe(401);
	});
});

describe('the cookie behind a proxy that terminates TLS (ORIGIN with https)', () => {
	it('is Secure, with the __Host- prefix, though the proxy reaches the server over http', async () => {
		if (ENGINE === 'postgres') return; // nothing here depends on the engine
		const proxied = await startServer({ env: { EXPLORER_AUTH: 'signin', SESSION_SECRET: SECRET, ORIGIN: 'https://maps.example.org' } });
		try {
			const key = (await proxied.createKey(['--datasets', 'icd', '--features', 'geo'])).key;
			const r = await postSignIn(proxied.url, key, { headers: { origin: 'https://maps.example.org' } });
			expect(r.status).toBe(303);
			expect(r.setCookies[0]).toMatch(/^__Host-icd_session=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/);
		} finally {
			await proxied.stop();
		}
	});
});
