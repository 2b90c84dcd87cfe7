// Two instances, one service: two production servers on two ports over one PostgreSQL database,
// as behind a load balancer. Whatever one instance does to shared state (a rate-limit bucket, a
// conversation, a key's credits, the cursor secret) the other sees at once. Always on PostgreSQL,
// whatever TEST_ENGINE says: on SQLite each process is its own service.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { freePort, startServer, type TestServer } from '../helpers/server';
import { oracle, type Oracle } from '../helpers/oracle';
import { MINUTE, post, remove, testClock, type Turn } from '../helpers/genai';

const clock = testClock();
// Every instance must be started with the same dataset settings, or it would load its own.
const SIZE = 1000;
const SEED = 'test-seed';
let a: TestServer;
let b: TestServer;
let db: Oracle;

beforeAll(async () => {
	const env = { NODE_ENV: 'test', TEST_CLOCK_FILE: clock.file, CONVERSATION_IDLE_SECONDS: '600', DATASET_SEED: SEED };
	a = await startServer({ engine: 'postgres', size: SIZE, env });
	b = await startServer({ databaseUrl: a.databaseUrl, size: SIZE, env });
	db = oracle(a);
});
afterAll(async () => {
	await b?.stop();
	await a?.stop();
});

const json = async (r: Response) => {
	expect(r.status, await r.clone().text()).toBe(200);
	return r.json();
};

describe('two instances over one PostgreSQL database', () => {
	it('share a key’s rate-limit bucket: a burst spent on A is refused on B', async () => {
		// Five tokens, refilled at one per hundred seconds: the test outruns the refill.
		const { key } = await a.createKey(['--burst', '5', '--rate', '0.01']);
		for (let i = 0; i < 3; i++) expect((await a.get('/v1/icd/videos?per_page=1', key)).status).toBe(200);
		const onB = await b.get('/v1/icd/videos?per_page=1', key);
		expect(onB.status).toBe(200);
		expect(onB.headers.get('ratelimit')).toMatch(/r=1;/);
		expect((await a.get('/v1/icd/videos?per_page=1', key)).status).toBe(200);
		const refused = await b.get('/v1/icd/videos?per_page=1', key);
		await expectProblem(refused, 429, 'rate_limited');
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		await expectProblem(await a.get('/v1/icd/videos?per_page=1', key), 429, 'rate_limited');
	});

	it('share conversations: begun on A, continued on B, deleted on B, unavailable on A; deadlines hold on both', async () => {
		const { key } = await a.createKey(['--credits', '10']);
		const first: Turn = await json(await post(a, 'icd', { question: 'Which armed group was most active in 2023?' }, key));
		const second: Turn = await json(await post(b, 'icd', { question: 'and in 2022?', conversation_id: first.conversation_id }, key));
		expect(second.conversation_id).toBe(first.conversation_id);
		expect(db.rows('SELECT seq FROM conversation_turns WHERE conversation_id = ? ORDER BY seq', first.conversation_id)).toEqual([{ seq: 1 }, { seq: 2 }]);
		expect((await remove(b, 'icd', first.conversation_id, key)).status).toBe(204);
		await expectProblem(await post(a, 'icd', { question: 'and in 2021?', conversation_id: first.conversation_id }, key), 404, 'conversation_unavailable');

		// The inactivity deadline set by A's turn is enforced by B.
		const other: Turn = await json(await post(a, 'icd', { question: 'What happened in Sudan?' }, key));
		clock.advance(11 * MINUTE);
		await expectProblem(await post(b, 'icd', { question: 'and in Chad?', conversation_id: other.conversation_id }, key), 404, 'conversation_unavailable');
	});

	it('never spend more credits than the key has: 32 asks at once, half on each instance', async () => {
		const { id, key } = await a.createKey(['--credits', '5']);
		const asks = Array.from({ length: 32 }, (_, i) => post(i % 2 ? b : a, 'icd', { question: `Where were roadblocks reported? (${i})`, top_k: 2 }, key));
		const answers = await Promise.all(asks);
		const statuses = answers.map((r) => r.status).sort();
		expect(statuses.filter((s) => s === 200)).toHaveLength(5);
		expect(statuses.filter((s) => s === 402)).toHaveLength(27);
		const remaining = await Promise.all(answers.filter((r) => r.status === 200).map(async (r) => ((await r.json()) as Turn).credits_remaining));
		expect(remaining.sort()).toEqual([0, 1, 2, 3, 4]);
		expect(db.one<{ credits: number }>('SELECT credits FROM api_keys WHERE id = ?', id).credits).toBe(0);
		expect(db.one<{ n: number }>('SELECT count(*) AS n FROM credit_ledger WHERE key_id = ?', id).n).toBe(5);
		expect(db.one<{ n: number }>('SELECT count(*) AS n FROM conversations WHERE key_id = ?', id).n).toBe(5);
	});

	it('accept each other’s geo cursors, page for page', async () => {
		const { key } = await a.createKey();
		const first = await json(await a.get('/v1/icd/videos/geo-manifest?limit=100', key));
		expect(first.next_cursor).toBeTruthy();
		const cursor = encodeURIComponent(first.next_cursor);
		const onB = await json(await b.get(`/v1/icd/videos/geo-manifest?limit=100&cursor=${cursor}`, key));
		const onA = await json(await a.get(`/v1/icd/videos/geo-manifest?limit=100&cursor=${cursor}`, key));
		expect(onB).toEqual(onA);
		expect(onB.items[0].primary_date <= first.items[99].primary_date).toBe(true);
		expect(onB.items.map((i: { uuid: string }) => i.uuid)).not.toContain(first.items[99].uuid);
		// B's next cursor goes back to A.
		expect((await a.get(`/v1/icd/videos/geo-manifest?limit=100&cursor=${encodeURIComponent(onB.next_cursor)}`, key)).status).toBe(200);
	});

	it('show an entity-restricted key the same on both, and nothing outside its entities', async () => {
		const entity = db.one<{ e: string }>(
			"SELECT entity AS e FROM records WHERE dataset = 'icd' AND entity IS NOT NULL GROUP BY entity ORDER BY count(*) DESC, entity LIMIT 1"
		).e;
		const hidden = db.one<{ uuid: string }>(
			"SELECT uuid FROM records WHERE dataset = 'icd' AND component = 'video' AND entity <> ? ORDER BY id LIMIT 1",
			entity
		).uuid;
		const { key } = await a.createKey(['--entities', entity]);
		const paths = [
			'/v1/icd/videos?per_page=50',
			'/v1/icd/images?search=convoy&per_page=50',
			'/v1/icd/videos/geo-manifest?limit=500',
			`/v1/icd/nl-search?search=${encodeURIComponent('damaged buildings after shelling')}&per_page=50`
		];
		// The clock each instance read a question against (interpretation.reference_time) differs by the request's time.
		const stable = (body: { interpretation?: { reference_time?: string } }) => ({
			...body,
			interpretation: body.interpretation && { ...body.interpretation, reference_time: '' }
		});
		for (const path of paths) {
			const [onA, onB] = [await json(await a.get(path, key)), await json(await b.get(path, key))];
			expect(stable(onB), path).toEqual(stable(onA));
			for (const item of onA.items) expect(item.entity, path).toBe(entity);
		}
		const total = (await json(await b.get('/v1/icd/videos?per_page=1', key))).itemsTotal;
		expect(total).toBe(db.count("dataset = 'icd' AND component = 'video' AND entity = ?", entity));
		await expectProblem(await a.get(`/v1/icd/videos/${hidden}`, key), 404, 'not_found');
		await expectProblem(await b.get(`/v1/icd/videos/${hidden}`, key), 404, 'not_found');
	});

	it('see a key revoked through either one at once', async () => {
		const { id, key } = await a.createKey();
		expect((await b.get('/v1/icd/videos?per_page=1', key)).status).toBe(200);
		await b.keys(['revoke', id]);
		await expectProblem(await a.get('/v1/icd/videos?per_page=1', key), 401, 'unauthorized');
		await expectProblem(await b.get('/v1/icd/videos?per_page=1', key), 401, 'unauthorized');
	});
});

/** The process ids of a process's children (Linux). */
function children(pid: number): number[] {
	return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

describe('npm start -- --workers N', () => {
	let primary: ChildProcessByStdio<null, Readable, Readable> | undefined;
	let workers: number[] = [];
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-workers-'));
	afterAll(() => {
		// Whatever the test reached: nothing it started outlives it.
		if (primary?.exitCode === null) primary.kill('SIGKILL');
		for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL');
		fs.rmSync(dataDir, { recursive: true, force: true });
	});

	it('runs two instances on one port over the database, as one service, and stops both', async () => {
		const port = await freePort();
		const env = {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			DATABASE_URL: a.databaseUrl!,
			DATASET_SIZE: String(SIZE),
			DATASET_SEED: SEED
		};
		const child = spawn(process.execPath, ['scripts/start.mjs', '--workers', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		primary = child;
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
		const deadline = Date.now() + 200_000;
		while (!out.includes('All 2 instances are serving')) {
			if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start -- --workers 2 did not start:\n${out}`);
			await new Promise((r) => setTimeout(r, 250));
		}
		workers = children(child.pid!);
		expect(workers).toHaveLength(2);
		for (const pid of workers) expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toMatch(/scripts\/serve\.mjs/);
		// Each instance has the fast path of the frequent requests (src/lib/server/fast-path.ts) attached.
		expect(out).not.toMatch(/fast path could not be attached/);
		// A key issued through A answers the same through the workers' port.
		const { key } = await a.createKey();
		const viaWorkers = await json(await fetch(`http://127.0.0.1:${port}/v1/icd/videos?per_page=5`, { headers: { authorization: `Bearer ${key}` } }));
		expect(viaWorkers).toEqual(await json(await a.get('/v1/icd/videos?per_page=5', key)));
		const lookup = `/v1/icd/videos/by-component-id/${(viaWorkers as { items: { primary_id: number }[] }).items[0].primary_id}`;
		expect(await json(await fetch(`http://127.0.0.1:${port}${lookup}`, { headers: { authorization: `Bearer ${key}` } }))).toEqual(
			await json(await a.get(lookup, key))
		);
		child.kill('SIGTERM');
		expect(await exited, out).toBe(0);
		for (const pid of workers) expect(alive(pid), `instance ${pid} still running`).toBe(false);
	}, 300_000);

	it('refuses several instances on SQLite, whose rate limits would not be shared', () => {
		const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-workers-'));
		try {
			const r = spawnSync(process.execPath, ['scripts/start.mjs', '--workers', '2'], {
				env: { ...process.env, DATA_DIR: empty, DATABASE_URL: '' },
				encoding: 'utf8'
			});
			expect(r.status).toBe(2);
			expect(r.stderr).toMatch(/--workers 2 needs DATABASE_URL/);
			expect(fs.readdirSync(empty)).toEqual([]);
		} finally {
			fs.rmSync(empty, { recursive: true, force: true });
		}
	});
});
