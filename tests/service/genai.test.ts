import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { startServer, type TestServer } from '../helpers/server';
import { oracle, type Oracle } from '../helpers/oracle';
import { dropDatabase, ENGINE, newDatabase } from '../helpers/engine';
import { MINUTE, post, remove, testClock, type Turn } from '../helpers/genai';

const clock = testClock();
// Owned by this file (not the helper) so that the data (and the PostgreSQL database) outlive a server restart.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-genai-'));
let databaseUrl: string | undefined;
const start = () => startServer({ dataDir, databaseUrl, env: { NODE_ENV: 'test', TEST_CLOCK_FILE: clock.file } });
let server: TestServer;
let db: Oracle;
beforeAll(async () => {
	if (ENGINE === 'postgres') databaseUrl = newDatabase();
	server = await start();
	db = oracle(server);
});
afterAll(async () => {
	db?.close();
	await server?.stop();
	fs.rmSync(dataDir, { recursive: true, force: true });
	if (databaseUrl) dropDatabase(databaseUrl);
});

const ask = async (body: Record<string, unknown>, key?: string, dataset = 'icd'): Promise<Turn> => {
	const r = await post(server, dataset, body, key);
	expect(r.status, await r.clone().text()).toBe(200);
	return r.json();
};
const serverNow = () => Date.now() + clock.offset();
const unavailable = async (r: Response) => {
	const body = await expectProblem(r, 404, 'conversation_unavailable');
	delete body.instance;
	return body;
};

describe('Domain GenAI turn', () => {
	it('answers with grounded, cited sources, both deadlines and usage equal to its deprecated aliases', async () => {
		const { key } = await server.createKey(['--credits', '5']);
		const before = serverNow();
		const turn = await ask({ question: 'Where were roadblocks set up and by which groups?', top_k: 6 }, key);
		expect(turn.answer.length).toBeGreaterThan(50);
		expect(turn.sources.length).toBeGreaterThan(0);
		expect(turn.sources.length).toBeLessThanOrEqual(6);
		turn.sources.forEach((s, i) => {
			expect(s.citation).toBe(i + 1);
			expect(s.dataset).toBe('ICD');
			expect(s.match_chunk_id).toBe(`${s.uuid}:${s.section_type}`);
			expect(s.excerpt.length).toBeGreaterThan(0);
		});
		const cited = [...turn.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
		expect(cited.length).toBeGreaterThan(0);
		for (const n of cited) expect(n >= 1 && n <= turn.sources.length).toBe(true);
		// Every source is cited, and the answer states facts drawn from them.
		for (const s of turn.sources) expect(cited).toContain(s.citation);
		expect(turn.answer).toContain(turn.sources[0].primary_country!);
		expect(turn.usage.total_tokens).toBe(turn.usage.prompt_tokens + turn.usage.output_tokens);
		expect(turn.usage.output_tokens).toBeGreaterThan(10);
		expect(turn.usage.prompt_tokens).toBeGreaterThan(turn.usage.output_tokens);
		expect([turn.rag_prompt_tokens, turn.rag_output_tokens, turn.rag_total_tokens]).toEqual([
			turn.usage.prompt_tokens,
			turn.usage.output_tokens,
			turn.usage.total_tokens
		]);
		expect(turn.conversation_id).toMatch(/^conv_[A-Za-z0-9_-]{32}$/);
		expect(turn.response_id).toMatch(/^resp_/);
		const idle = Date.parse(turn.conversation_expires_at) - before;
		const absolute = Date.parse(turn.conversation_absolute_expires_at) - before;
		expect(idle).toBeGreaterThanOrEqual(60 * MINUTE);
		expect(idle).toBeLessThan(60 * MINUTE + 20_000);
		expect(absolute).toBeGreaterThanOrEqual(24 * 60 * MINUTE);
		expect(absolute).toBeLessThan(24 * 60 * MINUTE + 20_000);
		expect(turn.credits_remaining).toBe(4);
		expect(turn.answer_provider).toBe('offline');
	});

	it('refreshes only the inactivity deadline on a successful follow-up, which sees the earlier turn', async () => {
		const first = await ask({ question: 'Which funerals were filmed?' });
		clock.advance(30 * MINUTE);
		const second = await ask({ question: 'And in which months?', conversation_id: first.conversation_id });
		expect(second.conversation_id).toBe(first.conversation_id);
		expect(second.response_id).not.toBe(first.response_id);
		expect(second.conversation_absolute_expires_at).toBe(first.conversation_absolute_expires_at);
		expect(Date.parse(second.conversation_expires_at) - Date.parse(first.conversation_expires_at)).toBeGreaterThanOrEqual(30 * MINUTE);
		expect(second.answer).toMatch(/Following up on the earlier question \("Which funerals were filmed\?"\)/);
		// The earlier question feeds retrieval: a bare follow-up still finds funerals.
		const titles = second.sources.slice(0, 3).map((s) => db.one<{ t: string }>('SELECT title || summary AS t FROM records WHERE uuid = ?', s.uuid).t);
		expect(titles.join(' ')).toMatch(/funeral|burial|mourn|coffin/i);
		expect(db.rows('SELECT seq FROM conversation_turns WHERE conversation_id = ? ORDER BY seq', first.conversation_id)).toEqual([{ seq: 1 }, { seq: 2 }]);
	});

	it('expires after 60 minutes without a successful turn; a failed turn extends nothing', async () => {
		const turn = await ask({ question: 'Drone footage over towns' });
		clock.advance(50 * MINUTE);
		await expectProblem(await post(server, 'icd', { question: '', conversation_id: turn.conversation_id }), 400, 'invalid_parameter');
		await expectProblem(await post(server, 'icd', { question: 'x'.repeat(5000), conversation_id: turn.conversation_id }), 400, 'invalid_parameter');
		clock.advance(10 * MINUTE + 1000);
		await unavailable(await post(server, 'icd', { question: 'still there?', conversation_id: turn.conversation_id }));
		expect((await remove(server, 'icd', turn.conversation_id)).status).toBe(204);
		// Expired context is removed automatically.
		expect(db.rows('SELECT id FROM conversations WHERE id = ?', turn.conversation_id)).toEqual([]);
		expect(db.rows('SELECT response_id FROM conversation_turns WHERE conversation_id = ?', turn.conversation_id)).toEqual([]);
	});

	it('a turn blocked for credits consumes nothing and extends nothing', async () => {
		const { key } = await server.createKey(['--credits', '1']);
		const turn = await ask({ question: 'Checkpoints near the border' }, key);
		expect(turn.credits_remaining).toBe(0);
		clock.advance(50 * MINUTE);
		const blocked = await expectProblem(
			await post(server, 'icd', { question: 'More on that', conversation_id: turn.conversation_id }, key),
			402,
			'credits_exhausted'
		);
		expect(blocked.detail).toMatch(/0 left/);
		await expectProblem(await post(server, 'icd', { question: 'A new one' }, key), 402, 'credits_exhausted');
		expect(db.rows('SELECT count(*) n FROM conversations WHERE key_id = (SELECT key_id FROM conversations WHERE id = ?)', turn.conversation_id)).toEqual([
			{ n: 1 }
		]);
		expect(db.one<{ n: number }>('SELECT count(*) n FROM credit_ledger WHERE response_id = ?', turn.response_id).n).toBe(1);
		clock.advance(10 * MINUTE + 1000);
		// Had the refused turn extended the conversation, it would still be live 60 minutes after it.
		expect(db.rows('SELECT id FROM conversations WHERE id = ? AND expires_at > ?', turn.conversation_id, serverNow())).toEqual([]);
	});

	it('expires 24 hours after creation however active, and never extends the idle deadline past that', async () => {
		const first = await ask({ question: 'Military parades' });
		const absolute = Date.parse(first.conversation_absolute_expires_at);
		let last = first;
		while (serverNow() + 55 * MINUTE < absolute) {
			clock.advance(55 * MINUTE);
			last = await ask({ question: 'Any more parades?', conversation_id: first.conversation_id });
			expect(last.conversation_absolute_expires_at).toBe(first.conversation_absolute_expires_at);
			expect(Date.parse(last.conversation_expires_at)).toBeLessThanOrEqual(absolute);
		}
		expect(Date.parse(last.conversation_expires_at)).toBe(absolute);
		clock.advance(absolute - serverNow() + 1000);
		await unavailable(await post(server, 'icd', { question: 'And now?', conversation_id: first.conversation_id }));
	});

	it('answers the same conversation_unavailable body for expired, deleted, other-dataset, other-key and unknown ids', async () => {
		const { key: other } = await server.createKey();
		const expired = await ask({ question: 'Flooding in villages' });
		clock.advance(61 * MINUTE);
		const live = await ask({ question: 'Flooding in villages' });
		const deleted = await ask({ question: 'Aid distribution' });
		expect((await remove(server, 'icd', deleted.conversation_id)).status).toBe(204);

		const bodies = [
			await unavailable(await post(server, 'icd', { question: 'q', conversation_id: expired.conversation_id })),
			await unavailable(await post(server, 'icd', { question: 'q', conversation_id: deleted.conversation_id })),
			await unavailable(await post(server, 'icdb', { question: 'q', conversation_id: live.conversation_id })),
			await unavailable(await post(server, 'icd', { question: 'q', conversation_id: live.conversation_id }, other)),
			await unavailable(await post(server, 'icd', { question: 'q', conversation_id: 'conv_doesnotexist' }))
		];
		for (const b of bodies) expect(b).toEqual(bodies[0]);
		// None of those attempts touched the live conversation, which its owner can still use.
		expect((await ask({ question: 'and rivers?', conversation_id: live.conversation_id })).conversation_id).toBe(live.conversation_id);
	});

	it('keeps ICD and ICDB conversations apart', async () => {
		const icdb = await ask({ question: 'Protests in cities' }, undefined, 'icdb');
		expect(icdb.sources.every((s) => s.dataset === 'ICDB')).toBe(true);
		await unavailable(await post(server, 'icd', { question: 'more', conversation_id: icdb.conversation_id }));
		expect((await remove(server, 'icd', icdb.conversation_id)).status).toBe(204);
		expect((await ask({ question: 'more', conversation_id: icdb.conversation_id }, undefined, 'icdb')).conversation_id).toBe(icdb.conversation_id);
	});
});

describe('conversation deletion', () => {
	it('is idempotent, free, always 204, and deletes only the caller’s own conversation', async () => {
		const { key: owner } = await server.createKey(['--credits', '3']);
		const { key: stranger } = await server.createKey();
		const turn = await ask({ question: 'Weapons caches' }, owner);
		expect(turn.credits_remaining).toBe(2);
		const r = await remove(server, 'icd', turn.conversation_id, stranger);
		expect(r.status).toBe(204);
		expect(await r.text()).toBe('');
		expect((await ask({ question: 'more', conversation_id: turn.conversation_id }, owner)).credits_remaining).toBe(1);
		for (let i = 0; i < 3; i++) expect((await remove(server, 'icd', turn.conversation_id, owner)).status).toBe(204);
		expect((await remove(server, 'icd', 'conv_never_existed', owner)).status).toBe(204);
		await unavailable(await post(server, 'icd', { question: 'more', conversation_id: turn.conversation_id }, owner));
		expect(db.rows('SELECT id FROM conversations WHERE id = ?', turn.conversation_id)).toEqual([]);
		// Deleting cost nothing: one credit is left after two turns.
		expect((await ask({ question: 'new start' }, owner)).credits_remaining).toBe(0);
	});

	it('needs a key', async () => {
		await expectProblem(await remove(server, 'icd', 'conv_x', null as unknown as string), 401, 'unauthorized');
	});
});

describe('Domain GenAI permissions and focus', () => {
	it('refuses keys without the genai feature or the dataset', async () => {
		const { key } = await server.createKey(['--features', 'search,nl_search']);
		await expectProblem(await post(server, 'icd', { question: 'convoys' }, key), 403, 'forbidden');
		const icdOnly = (await server.createKey(['--datasets', 'icd'])).key;
		await expectProblem(await post(server, 'icdb', { question: 'convoys' }, icdOnly), 403, 'forbidden');
	});

	it('never draws on records outside a restricted key’s entities', async () => {
		const entities = db.rows<{ e: string }>("SELECT entity e FROM records WHERE dataset='icd' GROUP BY 1 ORDER BY count(*) DESC LIMIT 2").map((r) => r.e);
		const { key } = await server.createKey(['--entities', entities.join(',')]);
		const turn = await ask({ question: 'Who operates checkpoints and convoys?', top_k: 20 }, key);
		expect(turn.sources.length).toBeGreaterThan(0);
		for (const s of turn.sources) expect(entities).toContain(s.entity);
		const others = db
			.rows<{ e: string }>('SELECT DISTINCT entity e FROM records WHERE dataset = ? AND entity NOT IN (?, ?)', 'icd', ...entities)
			.map((r) => r.e);
		for (const e of others) expect(turn.answer).not.toContain(e);
	});

	it('focuses on primary_country and entity, and bounds the sources by top_k', async () => {
		const pick = db.one<{ c: string; e: string }>(
			"SELECT primary_country c, entity e FROM records WHERE dataset='icd' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1"
		);
		const turn = await ask({ question: 'What happened there?', primary_country: pick.c, entity: pick.e, top_k: 3 });
		expect(turn.sources).toHaveLength(3);
		for (const s of turn.sources) expect(s).toMatchObject({ primary_country: pick.c, entity: pick.e });
	});

	it('says plainly when the evidence is thin', async () => {
		const turn = await ask({ question: 'zzzqx qqqzz' });
		expect(turn.sources).toEqual([]);
		expect(turn.answer).toMatch(/evidence is too thin/);
	});

	it.each([
		['empty question', { question: '' }],
		['blank question', { question: '   ' }],
		['missing question', {}],
		['huge question', { question: 'convoy '.repeat(700) }],
		['top_k zero', { question: 'convoy', top_k: 0 }],
		['top_k too large', { question: 'convoy', top_k: 51 }],
		['top_k as text', { question: 'convoy', top_k: '5' }],
		['unknown field', { question: 'convoy', temperature: 1 }],
		['question not a string', { question: 42 }]
	])('answers %s with a 400 problem and consumes nothing', async (_name, body) => {
		const { key } = await server.createKey(['--credits', '1']);
		await expectProblem(await post(server, 'icd', body, key), 400, 'invalid_parameter');
		expect((await ask({ question: 'convoys' }, key)).credits_remaining).toBe(0);
	});

	it('refuses a body that is not JSON', async () => {
		const bad = await server.get('/v1/icd/domain-genai', undefined, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"question": ' });
		await expectProblem(bad, 400, 'invalid_parameter');
		const text = await server.get('/v1/icd/domain-genai', undefined, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'question' });
		await expectProblem(text, 400, 'invalid_parameter');
	});

	it('refuses a body over the size limit with a 413 problem, not a parse error', async () => {
		const big = JSON.stringify({ question: 'x'.repeat(2 * 1024 * 1024) });
		const r = await server.get('/v1/icd/domain-genai', undefined, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
		await expectProblem(r, 413, 'payload_too_large');
	});

	it('lists both operations in /openapi.json', async () => {
		const doc = await (await server.get('/openapi.json', null)).json();
		expect(doc.paths['/v1/icd/domain-genai'].post.operationId).toBe('icdDomainGenAiChat');
		expect(doc.paths['/v1/icdb/domain-genai'].post.operationId).toBe('icdbDomainGenAiChat');
		expect(doc.paths['/v1/icd/domain-genai/conversations/{conversation_id}'].delete.responses['204']).toBeDefined();
	});
});

describe('persistence', () => {
	it('keeps conversations and chunk ids across a restart and does not rebuild the index', async () => {
		const turn = await ask({ question: 'Mortar fire on the outskirts' });
		const chunks = async () =>
			((await (await server.get('/v1/icd/nl-search?search=mortar%20fire&per_page=20')).json()).items as { match_chunk_id: string }[]).map(
				(i) => i.match_chunk_id
			);
		const before = await chunks();
		db.close();
		await server.stop();
		server = await start();
		db = oracle(server);
		expect(server.output()).not.toMatch(/Building natural language search index/);
		const next = await ask({ question: 'And later?', conversation_id: turn.conversation_id });
		expect(next.conversation_id).toBe(turn.conversation_id);
		expect(await chunks()).toEqual(before);
	});
});
