// Sign-in benchmark: what a session costs per request, and whether the map starts as fast signed in.
//  - unseal: SessionSeal.open() of a real sealed cookie, in process, many times (p50/p90/p99);
//  - ended check: EndedSessions.isEnded() of a live session, in process, on SQLite with 10,000
//    ended sessions and keys recorded (what every signed-in request asks since issue 44);
//  - per request: GET /api/record/… through the whole server, the same record, alternating a
//    single-user server and a sign-in server (same dataset, same process build): the difference
//    of the medians is what the session gate adds (unseal, the ended-session lookup, refresh,
//    locals); with --baseline, a sign-in server of the earlier build in the same rounds, so that
//    what this build's gate costs is set beside the earlier gate's on the same machine and minute;
//  - first points: the explorer page in headless Chromium, alternating single-user and signed-in
//    pages (fresh context each, one discarded warm-up load of each first), time to first points
//    and to all points drawn (the browser bench's draw probe), medians and the ratio.
// The signed-in key has the limits of the embedded local key (rate 200/s, burst 400) so that only
// the sign-in differs, not the pacing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../src/lib/server/db/open';
import { sqliteSql } from '../../src/lib/server/db/sqlite-sql';
import { createKey } from '../../src/lib/server/service/auth/keys';
import { newSessionId, SessionSeal } from '../../src/lib/server/session/seal';
import { EndedSessions } from '../../src/lib/server/session/ended';
import type { PartId } from '../../src/lib/types/stream';
import { launchChromium } from '../lib/chromium';
import { installDrawProbe, type LoadMarks } from './browser';
import { startProductionServer, type RunningServer } from './server';
import { median, percentile, round } from './stats';

const SECRET = 'bench-session-secret-0123456789abcdef';
const UNSEALS = 20_000;
const REQUESTS = 400;

export interface SigninBench {
	/** Per batch percentiles (median over batches) of opening never-seen cookies, and of one opened before. */
	unsealMicroseconds: Record<'decrypt' | 'cached', { p50: number; p90: number; p99: number; runs: number }>;
	endedCheckMicroseconds: { p50: number; p90: number; p99: number; runs: number; rows: number };
	perRequestMs: { singleUser: number; signin: number; added: number; requests: number; baseline?: { entry: string; signin: number; ratio: number } };
	firstPointsMs: { singleUser: number | null; signin: number | null; ratio: number | null; samples: { singleUser: (number | null)[]; signin: (number | null)[] } };
	allPointsMs: { singleUser: number | null; signin: number | null; ratio: number | null };
}

export async function benchSignin(
	single: RunningServer,
	dataDir: string,
	records: number,
	options: { runs: number; timeoutSeconds: number; log: (s: string) => void; baseline?: string }
): Promise<SigninBench> {
	const { log } = options;
	const unseal = await benchUnseal();
	for (const [what, u] of [['a new cookie (decrypt)', unseal.decrypt], ['a cookie opened before', unseal.cached]] as const) {
		log(`  unseal ${what}: p50 ${u.p50} µs, p90 ${u.p90} µs, p99 ${u.p99} µs (${u.runs.toLocaleString('en')} opens)`);
	}
	const check = await benchEndedCheck();
	log(`  ended-session check (SQLite, ${check.rows.toLocaleString('en')} rows): p50 ${check.p50} µs, p90 ${check.p90} µs, p99 ${check.p99} µs (${check.runs.toLocaleString('en')} checks)`);

	const sql = sqliteSql(openDatabase(dataDir));
	const { key } = await createKey(sql, { name: 'bench analyst', rate: 200, burst: 400, credits: 100_000 }, Date.now());
	const uuid = (await sql.pluck<string>("SELECT uuid FROM records WHERE dataset = 'icd' AND component = 'video' AND mappable = 1 LIMIT 1"))!.toLowerCase();
	await sql.close();
	const env = { EXPLORER_AUTH: 'signin', SESSION_SECRET: SECRET };
	const signin = await startProductionServer(dataDir, records, env);
	const earlier = options.baseline ? await startProductionServer(dataDir, records, env, options.baseline) : null;
	try {
		const cookie = await signIn(signin.url, key);
		const before = earlier && { url: earlier.url, cookie: await signIn(earlier.url, key), entry: options.baseline! };
		const perRequest = await benchRequests(single.url, { url: signin.url, cookie }, before, `/api/record/icd/video/${uuid}`);
		log(`  GET /api/record through the server: single-user ${perRequest.singleUser} ms, signed in ${perRequest.signin} ms (median of ${REQUESTS}): +${perRequest.added} ms`);
		if (perRequest.baseline) {
			log(`    signed in on the earlier build: ${perRequest.baseline.signin} ms; this build / earlier ${perRequest.baseline.ratio}`);
		}
		const load = await benchFirstPoints(single.url, signin.url, cookie, options);
		log(`  first points: single-user ${load.firstPointsMs.singleUser} ms, signed in ${load.firstPointsMs.signin} ms, signed in / single-user ${load.firstPointsMs.ratio}`);
		log(`    runs: single-user ${load.firstPointsMs.samples.singleUser.join(', ')}; signed in ${load.firstPointsMs.samples.signin.join(', ')}`);
		log(`  all points: single-user ${load.allPointsMs.singleUser} ms, signed in ${load.allPointsMs.signin} ms, ratio ${load.allPointsMs.ratio}`);
		return { unsealMicroseconds: unseal, endedCheckMicroseconds: check, perRequestMs: perRequest, ...load };
	} finally {
		await Promise.all([signin.stop(), earlier?.stop()]);
	}
}

/** Opening cookies never seen (decryption), and one seen before (the seal's cache of opened cookies). */
async function benchUnseal(): Promise<SigninBench['unsealMicroseconds']> {
	const now = Math.floor(Date.now() / 1000);
	const parts: PartId[] = ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'];
	const tokens = async (seal: SessionSeal, n: number) =>
		Promise.all(Array.from({ length: n }, (_, i) => seal.seal({ id: newSessionId(), key: `icd_0123456789ab_${'k'.repeat(43)}`, parts, signedInAt: now - i, issuedAtMs: (now - i) * 1000, seenAt: now })));
	const time = async (seal: SessionSeal, list: string[]) => {
		const times: number[] = [];
		for (const token of list) {
			const t = performance.now();
			const opened = await seal.open(token, now);
			times.push((performance.now() - t) * 1000);
			if (!opened.ok) throw new Error('the bench session did not open');
		}
		return { p50: round(percentile(times, 50), 1), p90: round(percentile(times, 90), 1), p99: round(percentile(times, 99), 1), runs: times.length };
	};
	const settings = { idleSeconds: 1800, maxSeconds: 43_200 };
	// A new seal per batch: its cache (5,000 cookies) must not hold the "never seen" ones.
	await time(await SessionSeal.create(SECRET, 'embedded', settings), await tokens(await SessionSeal.create(SECRET, 'embedded', settings), 2000)); // warm-up (JIT)
	const cold: number[][] = [];
	let decrypt = { p50: 0, p90: 0, p99: 0, runs: 0 };
	for (let batch = 0; batch < UNSEALS / 4000; batch++) {
		const seal = await SessionSeal.create(SECRET, 'embedded', settings);
		const r = await time(seal, await tokens(seal, 4000));
		cold.push([r.p50, r.p90, r.p99]);
		decrypt = { p50: round(median(cold.map((c) => c[0])), 1), p90: round(median(cold.map((c) => c[1])), 1), p99: round(median(cold.map((c) => c[2])), 1), runs: (batch + 1) * 4000 };
	}
	const seal = await SessionSeal.create(SECRET, 'embedded', settings);
	const [token] = await tokens(seal, 1);
	const cached = await time(seal, Array.from({ length: UNSEALS }, () => token));
	return { decrypt, cached };
}

/** The ended-session check of a session that has not ended (every request's case), in a database of its own. */
async function benchEndedCheck(): Promise<SigninBench['endedCheckMicroseconds']> {
	const ROWS = 10_000;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ended-'));
	const sql = sqliteSql(openDatabase(dir));
	try {
		const now = Date.now();
		const ended = new EndedSessions(sql, () => now, 43_200);
		const session = (key: string) => ({ id: newSessionId(), key, parts: [], signedInAt: Math.floor(now / 1000), issuedAtMs: now, seenAt: Math.floor(now / 1000) });
		await sql.transaction(async (tx) => {
			const inTx = new EndedSessions(tx, () => now, 43_200);
			for (let i = 0; i < ROWS / 2; i++) {
				await inTx.end(session(`icd_${i}`));
				await inTx.endAll(session(`icd_other_${i}`));
			}
		});
		const live = session(`icd_0123456789ab_${'k'.repeat(43)}`);
		const times: number[] = [];
		for (let i = 0; i < UNSEALS + 2000; i++) {
			const t = performance.now();
			if (await ended.isEnded(live)) throw new Error('a live session was found ended');
			if (i >= 2000) times.push((performance.now() - t) * 1000); // the first 2,000: warm-up (JIT)
		}
		return { p50: round(percentile(times, 50), 1), p90: round(percentile(times, 90), 1), p99: round(percentile(times, 99), 1), runs: times.length, rows: ROWS };
	} finally {
		await sql.close();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function signIn(url: string, key: string): Promise<string> {
	const r = await fetch(`${url}/signin`, {
		method: 'POST',
		redirect: 'manual',
		headers: { accept: 'text/html', origin: url, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ key, next: '/' })
	});
	const cookie = r.headers.getSetCookie().find((c) => c.startsWith('icd_session='));
	if (r.status !== 303 || !cookie) throw new Error(`signing in to the bench server failed (${r.status})`);
	return cookie.split(';')[0];
}

type SignedIn = { url: string; cookie: string };

/** The same request on each server in turn, round after round: drift on a shared machine falls on all of them. */
async function benchRequests(singleUrl: string, signin: SignedIn, earlier: (SignedIn & { entry: string }) | null, path: string): Promise<SigninBench['perRequestMs']> {
	const time = async (url: string, headers: Record<string, string>) => {
		const t = performance.now();
		const r = await fetch(url + path, { headers });
		await r.arrayBuffer();
		if (!r.ok) throw new Error(`${path} answered ${r.status}`);
		return performance.now() - t;
	};
	const single: number[] = [];
	const signed: number[] = [];
	const before: number[] = [];
	for (let i = 0; i < 50; i++)
		await Promise.all([time(singleUrl, {}), time(signin.url, { cookie: signin.cookie }), ...(earlier ? [time(earlier.url, { cookie: earlier.cookie })] : [])]);
	for (let i = 0; i < REQUESTS; i++) {
		single.push(await time(singleUrl, {}));
		signed.push(await time(signin.url, { cookie: signin.cookie }));
		if (earlier) before.push(await time(earlier.url, { cookie: earlier.cookie }));
	}
	const a = median(single);
	const b = median(signed);
	const out: SigninBench['perRequestMs'] = { singleUser: round(a, 3), signin: round(b, 3), added: round(b - a, 3), requests: REQUESTS };
	if (earlier) out.baseline = { entry: earlier.entry, signin: round(median(before), 3), ratio: round(b / median(before), 3) };
	return out;
}

async function benchFirstPoints(singleUrl: string, signinUrl: string, cookie: string, options: { runs: number; timeoutSeconds: number; log: (s: string) => void }) {
	const [name, value] = cookie.split('=');
	const browser: Browser = await launchChromium();
	const samples = { singleUser: [] as (number | null)[], signin: [] as (number | null)[] };
	const all = { singleUser: [] as number[], signin: [] as number[] };
	const load = async (url: string, signedIn: boolean): Promise<LoadMarks | null> => {
		const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
		try {
			if (signedIn) await context.addCookies([{ name, value, url, httpOnly: true, sameSite: 'Strict' }]);
			await context.addInitScript('globalThis.__name = (f) => f;');
			const page = await context.newPage();
			await page.addInitScript(installDrawProbe);
			await page.goto(url + '/');
			const handle = await page.waitForFunction(() => (window.__benchMarks?.allDrawn != null ? window.__benchMarks : null), null, { timeout: options.timeoutSeconds * 1000, polling: 200 });
			const marks = (await handle.jsonValue()) as LoadMarks;
			if (signedIn && new URL(page.url()).pathname !== '/') throw new Error('the signed-in page was sent to sign in');
			await new Promise((r) => setTimeout(r, 1000)); // its last frame done before the next page starts
			return marks;
		} catch (error) {
			options.log(`    ${signedIn ? 'signed in' : 'single-user'}: ${(error as Error).message.split('\n')[0]}`);
			return null;
		} finally {
			await context.close().catch(() => {});
		}
	};
	try {
		await load(singleUrl, false);
		await load(signinUrl, true);
		for (let i = 0; i < options.runs; i++) {
			// Alternating, and each pair in the other order than the last: drift on a shared machine falls on both.
			const order: [string, boolean][] = i % 2 ? [[signinUrl, true], [singleUrl, false]] : [[singleUrl, false], [signinUrl, true]];
			for (const [url, signedIn] of order) {
				const m = await load(url, signedIn);
				samples[signedIn ? 'signin' : 'singleUser'].push(m?.firstDraw != null ? Math.round(m.firstDraw) : null);
				if (m?.allDrawn != null) all[signedIn ? 'signin' : 'singleUser'].push(Math.round(m.allDrawn));
			}
		}
	} finally {
		await browser.close();
	}
	const med = (xs: (number | null)[]) => (xs.some((x) => x === null) || xs.length === 0 ? null : Math.round(median(xs as number[])));
	const ratio = (a: number | null, b: number | null) => (a && b ? round(b / a, 3) : null);
	const first = { singleUser: med(samples.singleUser), signin: med(samples.signin) };
	const allMs = { singleUser: med(all.singleUser), signin: med(all.signin) };
	return {
		firstPointsMs: { ...first, ratio: ratio(first.singleUser, first.signin), samples },
		allPointsMs: { ...allMs, ratio: ratio(allMs.singleUser, allMs.signin) }
	};
}
