// The service's reads in reader workers (DB_READERS, src/lib/server/service/reads), through the
// real server: the same bytes as the single-threaded path, a bounded queue that answers 503, a
// reader that dies and is replaced, a point read and a cheap search that do not wait behind slow queries, the main
// thread raised above the readers in CPU priority, and a shutdown that finishes the requests in flight.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { ENGINE } from '../helpers/engine';
import { oracle } from '../helpers/oracle';
import { expectProblem } from '../helpers/problem';

const SIZE = 1500;

/**
 * A legitimately slow request: natural language search over many distinct words of the corpus (the
 * question may be 4,000 characters), each its own ranked list: hundreds of milliseconds of work.
 * PostgreSQL ranks each word's list in a query of its own, about ten times SQLite's time per word:
 * a question of 200 words takes there what one of 500 (the most that fit) takes on SQLite, a few
 * hundred milliseconds, where the longest took four seconds and eight of them made the slowest file
 * of the run.
 */
const SLOW_WORDS = ENGINE === 'postgres' ? 200 : 800;

function slowQuestion(server: TestServer, words: number): string {
	const db = oracle(server);
	try {
		const terms = db
			.rows<{ term: string }>("SELECT term FROM nl_terms WHERE dataset = 'icd' AND df BETWEEN 5 AND 200 ORDER BY df DESC LIMIT ?", words)
			.map((r) => r.term);
		let question = '';
		for (const t of terms) {
			if (question.length + t.length + 1 > 3990) break;
			question += (question ? ' ' : '') + t;
		}
		return `/v1/icd/nl-search?search=${encodeURIComponent(question)}&top_k=200`;
	} finally {
		db.close();
	}
}

/** The server's threads: id, nice value and CPU time so far (clock ticks), from /proc (Linux). */
function threadsOf(pid: number): { tid: number; nice: number; cpu: number }[] {
	return fs.readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
		try {
			// Fields after the command name: state is field 3, utime 14, stime 15, nice 19 (man 5 proc).
			const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
			return [{ tid: Number(tid), nice: Number(f[16]), cpu: Number(f[11]) + Number(f[12]) }];
		} catch {
			return []; // ended meanwhile
		}
	});
}

/** The thread that used the most CPU while `work` ran. */
async function busiestDuring(pid: number, work: () => Promise<unknown>): Promise<{ tid: number; nice: number; cpu: number }> {
	const before = new Map(threadsOf(pid).map((t) => [t.tid, t.cpu]));
	await work();
	const used = threadsOf(pid).map((t) => ({ ...t, cpu: t.cpu - (before.get(t.tid) ?? 0) }));
	return used.sort((a, b) => b.cpu - a.cpu)[0];
}

async function read(response: Response): Promise<{ status: number; type: string | null; body: string }> {
	return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('the same bytes with and without reader workers', () => {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-readers-'));
	const clockFile = path.join(dataDir, 'clock');
	let pool: TestServer;
	let single: TestServer;
	// Both servers see the same stopped clock (media links, relative dates) and the same public origin (links).
	const env = { TEST_CLOCK_FILE: clockFile, ORIGIN: 'http://icd.localhost' };

	beforeAll(async () => {
		fs.writeFileSync(clockFile, `@${Date.parse('2026-06-01T12:00:00Z')}`);
		// DB_READ_INLINE_MS=0: every query read in a reader, none on the main thread when it is idle
		// (reads/placement.ts); that path is the single-threaded one's, compared below as `single`.
		pool = await startServer({ dataDir, size: SIZE, env: { ...env, DB_READERS: '2', DB_READ_INLINE_MS: '0' } });
		// The same data: the same SQLite file, or the same PostgreSQL database.
		single = await startServer({ dataDir, size: SIZE, env: { ...env, DB_READERS: '0' }, databaseUrl: pool.databaseUrl });
	});
	afterAll(async () => {
		await single?.stop();
		await pool?.stop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});

	it('answers search, detail, lookup, media, manifest pages and NL search identically', async () => {
		const db = oracle(pool);
		const video = db.one<{ uuid: string; primary_id: number; primary_country: string }>(
			"SELECT uuid, primary_id, primary_country FROM records WHERE dataset = 'icd' AND component = 'video' ORDER BY id LIMIT 1 OFFSET 7"
		);
		const image = db.one<{ uuid: string }>("SELECT uuid FROM records WHERE dataset = 'icdb' AND component = 'image' ORDER BY id LIMIT 1 OFFSET 3");
		db.close();
		const first = JSON.parse((await read(await pool.get('/v1/icd/videos/geo-manifest?limit=500'))).body);
		expect(first.next_cursor).toEqual(expect.any(String));
		const paths = [
			'/v1/icd/videos?per_page=50',
			'/v1/icd/videos?search=convoy&per_page=20&page=2',
			`/v1/icdb/images?country=${encodeURIComponent(video.primary_country)}&date_from=2019-01-01&sort=date_asc`,
			'/v1/icd/videos?search=-convoy', // a 400 problem: the same one
			`/v1/icd/videos/${video.uuid}`,
			`/v1/icd/videos/by-component-id/${video.primary_id}`,
			'/v1/icd/videos/by-component-id/1', // a 404 problem
			`/v1/icd/videos/${video.uuid}/player`,
			`/v1/icdb/images/${image.uuid}/viewer`,
			'/v1/icd/videos/geo-manifest?limit=500',
			`/v1/icd/videos/geo-manifest?limit=500&cursor=${encodeURIComponent(first.next_cursor)}`,
			'/v1/icdb/images/geo-manifest?limit=5000',
			'/v1/icd/videos/geo-manifest?limit=10&cursor=forged', // invalid_cursor
			'/v1/icd/nl-search?search=funeral%20procession%20in%20Sudan%20last%20year',
			'/v1/icdb/nl-search?search=weapons%20cache&source_component=image&per_page=50',
			'/v1/icd/nl-search?search=videos%20from%20Syria%20in%202023'
		];
		for (const p of paths) {
			const [a, b] = await Promise.all([pool.get(p).then(read), single.get(p).then(read)]);
			expect(a.body.length, p).toBeGreaterThan(50);
			expect(a, p).toEqual(b);
		}
	});

	it('walks a manifest with pages read ahead, page for page the bytes of the walk without, and shows no other key a page read ahead', async () => {
		// With readers, once a client follows a cursor the next page is read before it asks (reads/read-ahead.ts).
		const walk = async (s: TestServer, key?: string) => {
			const pages: string[] = [];
			let cursor: string | null = null;
			do {
				const r = await read(await s.get(`/v1/icdb/videos/geo-manifest?limit=150${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key));
				expect(r.status).toBe(200);
				pages.push(r.body);
				cursor = (JSON.parse(r.body) as { next_cursor: string | null }).next_cursor;
			} while (cursor);
			return pages;
		};
		const [ahead, plain] = [await walk(pool), await walk(single)];
		expect(ahead.length).toBeGreaterThan(3);
		expect(ahead).toEqual(plain);

		// An attacker holding another key and the cursor of a page that was read ahead gets the
		// cursor refused, not that page; its owner then gets the page, unchanged.
		const other = await pool.createKey();
		const first = JSON.parse((await read(await pool.get('/v1/icdb/videos/geo-manifest?limit=150'))).body);
		const second = JSON.parse((await read(await pool.get(`/v1/icdb/videos/geo-manifest?limit=150&cursor=${encodeURIComponent(first.next_cursor)}`))).body);
		const thirdPath = `/v1/icdb/videos/geo-manifest?limit=150&cursor=${encodeURIComponent(second.next_cursor)}`;
		await expectProblem(await pool.get(thirdPath, other.key), 400, 'invalid_cursor');
		expect((await read(await pool.get(thirdPath))).body).toBe(plain[2]);
	});

	it('answers MCP tool calls identically', async () => {
		const db = oracle(pool);
		const video = db.one<{ uuid: string; primary_id: number }>(
			"SELECT uuid, primary_id FROM records WHERE dataset = 'icd' AND component = 'video' ORDER BY id LIMIT 1 OFFSET 11"
		);
		db.close();
		const calls: [string, Record<string, unknown>][] = [
			['searchIcdVideos', { search: 'drone', per_page: 5 }],
			['getIcdVideoByComponentId', { component_id: video.primary_id }],
			['getOneIcdVideo', { uuid: video.uuid }],
			['getIcdVideoPlayer', { uuid: video.uuid }],
			['getIcdbImageGeoManifest', { limit: 200 }],
			['searchIcdbNl', { search: 'protest outside a hospital' }],
			['getOneIcdVideo', { uuid: '00000000-0000-4000-8000-000000000000' }] // a not_found tool error
		];
		for (const [name, args] of calls) {
			const post = (s: TestServer) =>
				s
					.get('/mcp-all', s.localKey, {
						method: 'POST',
						headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
						body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
					})
					.then(read);
			const [a, b] = await Promise.all([post(pool), post(single)]);
			expect(a.status, name).toBe(200);
			expect(a.body.length, name).toBeGreaterThan(100);
			expect(a, name).toEqual(b);
		}
	});
});

describe('reader workers under load', () => {
	let server: TestServer;
	let slow: string;
	let lookup: string;

	beforeAll(async () => {
		// One query reader running one read at a time (on PostgreSQL a reader runs as many as it has
		// connections) and room for one waiting read: the bound is easy to reach.
		// A query read that took at most 50 ms runs on the main thread when that thread is idle (the
		// default 2 ms could be missed on a busy test machine); the slow questions take hundreds.
		server = await startServer({ size: SIZE, env: { DB_READERS: '1', DB_READ_QUEUE: '1', DB_POOL_SIZE: '1', DB_READ_INLINE_MS: '50' } });
		slow = slowQuestion(server, SLOW_WORDS);
		const db = oracle(server);
		lookup = `/v1/icd/videos/by-component-id/${db.one<{ primary_id: number }>("SELECT primary_id FROM records WHERE dataset = 'icd' AND component = 'video' LIMIT 1").primary_id}`;
		db.close();
	});
	afterAll(async () => {
		await server?.stop();
	});

	it('refuses reads past the queue bound with 503 overloaded and retry-after, and answers the rest', async () => {
		const responses = await Promise.all(Array.from({ length: 8 }, () => server.get(slow)));
		const refused = responses.filter((r) => r.status === 503);
		// One running and one waiting: at least six of eight are refused at once.
		expect(refused.length).toBeGreaterThanOrEqual(6);
		expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
		expect(responses.every((r) => r.status === 200 || r.status === 503)).toBe(true);
		for (const r of refused) {
			expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
			await expectProblem(r, 503, 'overloaded');
		}
		for (const r of responses.filter((r) => r.status === 200)) expect((await r.json()).status).toBe('ok');
	});

	it('answers a lookup while slow queries occupy the reader: it completes before any of them', async () => {
		const order: string[] = [];
		const slowOnes = [0, 1].map((i) => server.get(slow).then(async (r) => (await r.text(), order.push(`slow ${i}: ${r.status}`))));
		// Sent once the slow ones have reached the server; its place in `order` is the assertion.
		await new Promise((r) => setTimeout(r, 100));
		const quick = server.get(lookup).then(async (r) => (await r.text(), order.push(`lookup: ${r.status}`)));
		await Promise.all([...slowOnes, quick]);
		expect(order[0]).toBe('lookup: 200');
		expect(order.slice(1).sort()).toEqual(['slow 0: 200', 'slow 1: 200']);
	});

	it('answers a cheap search on the main thread while slow queries fill the reader and its queue', async () => {
		const search = '/v1/icd/videos?per_page=20&sort=date_asc';
		// Asked once: the service learns what a structured search costs (a kind never measured goes to a reader).
		const first = await server.get(search);
		expect(first.status).toBe(200);
		const expected = await first.text();
		const order: string[] = [];
		// One runs in the reader, one waits in its queue (DB_READ_QUEUE=1): a read sent to the reader now would be refused.
		const slowOnes = [0, 1].map((i) => server.get(slow).then(async (r) => (await r.text(), order.push(`slow ${i}: ${r.status}`))));
		await new Promise((r) => setTimeout(r, 100));
		const quick = server.get(search).then(async (r) => {
			expect(await r.text()).toBe(expected);
			order.push(`search: ${r.status}`);
		});
		await Promise.all([...slowOnes, quick]);
		expect(order[0]).toBe('search: 200');
		expect(order.slice(1).sort()).toEqual(['slow 0: 200', 'slow 1: 200']);
	});

	it.runIf(process.platform === 'linux')('runs the main thread above the readers in CPU priority, and the readers at the default', async () => {
		const main = threadsOf(server.pid()).find((t) => t.tid === server.pid())!;
		if (process.getuid?.() === 0) expect(main.nice).toBe(-10);
		else expect(main.nice === -10 || /priority was not raised to nice -10/.test(server.output())).toBe(true);
		// The reader is the thread that works while a slow question is answered: it did not inherit the main thread's priority.
		const reader = await busiestDuring(server.pid(), () => server.get(slow).then((r) => r.text()));
		expect(reader.tid).not.toBe(server.pid());
		expect(reader.nice).toBe(0);
	});

	it('replaces a reader that dies: its request gets 503 read_interrupted, the service keeps answering', async () => {
		const pending = server.get(slow);
		// Sent while the slow read runs (it takes hundreds of milliseconds); the reader stops at once.
		await new Promise((r) => setTimeout(r, 100));
		process.kill(server.pid(), 'SIGUSR2');
		const interrupted = await pending;
		expect(Number(interrupted.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		await expectProblem(interrupted, 503, 'read_interrupted');
		// A new reader takes its place: queries and lookups are answered again.
		for (const p of [slow, '/v1/icd/videos?search=convoy', lookup, '/v1/icd/videos/geo-manifest?limit=100']) {
			const r = await server.get(p);
			expect(r.status, p).toBe(200);
			await r.arrayBuffer();
		}
		expect(server.output()).toMatch(/reader running nlSearch stopped/);
		// The replacement was created by the raised main thread, and set itself back to the default.
		if (process.platform === 'linux') expect((await busiestDuring(server.pid(), () => server.get(slow).then((r) => r.text()))).nice).toBe(0);
	});

	it('finishes the requests in flight before it stops', async () => {
		const inFlight = [server.get(slow), server.get(lookup)];
		await new Promise((r) => setTimeout(r, 100));
		const stopped = server.stop();
		const answers = await Promise.all(inFlight.map((p) => p.then(read)));
		await stopped;
		expect(answers.map((a) => a.status)).toEqual([200, 200]);
		expect(JSON.parse(answers[0].body).status).toBe('ok');
	});
});
