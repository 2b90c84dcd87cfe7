// The optional OpenAI-compatible providers, each against a fake on loopback that this file runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { startServer, type TestServer } from '../helpers/server';
import { post, type Turn } from '../helpers/genai';
import { oracle } from '../helpers/oracle';

interface Call {
	path: string;
	body: { model: string; messages?: { role: string; content: string }[]; input?: string[] };
	authorization: string | undefined;
}

const calls: Call[] = [];
const mode: Record<'chat' | 'embeddings', 'ok' | 'fail'> = { chat: 'ok', embeddings: 'ok' };
const fake = http.createServer((req, res) => {
	let raw = '';
	req.on('data', (d) => (raw += d));
	req.on('end', () => {
		calls.push({ path: req.url!, body: JSON.parse(raw), authorization: req.headers.authorization });
		if (mode[req.url === '/v1/chat/completions' ? 'chat' : 'embeddings'] === 'fail') {
			res.writeHead(500).end('{"error":"boom"}');
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json' });
		if (req.url === '/v1/chat/completions') {
			res.end(
				JSON.stringify({
					choices: [{ message: { role: 'assistant', content: 'Convoys were filmed in several towns [1], mostly at night [2][99].' } }],
					usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 }
				})
			);
		} else {
			// A toy embedding: letter frequencies, enough to rank texts differently.
			const input = JSON.parse(raw).input as string[];
			const data = input.map((text, index) => ({
				index,
				embedding: [...'aeioustrnl'].map((ch) => (text.toLowerCase().split(ch).length - 1) / (text.length + 1))
			}));
			res.end(JSON.stringify({ data }));
		}
	});
});

// Idle keep-alive sockets stay open past the service's gaps between requests (a keys CLI call can
// take seconds on a loaded machine): with Node's 5 s default the fake closed a socket just as the
// service reused it, and the embeddings call failed instead of the chat call under test.
fake.keepAliveTimeout = 65_000;

let server: TestServer;
beforeAll(async () => {
	await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
	server = await startServer({
		env: {
			LLM_BASE_URL: base,
			LLM_MODEL: 'fake-model',
			LLM_API_KEY: 'llm-secret',
			EMBEDDINGS_BASE_URL: base,
			EMBEDDINGS_MODEL: 'fake-embed',
			EMBEDDINGS_API_KEY: 'emb-secret'
		}
	});
});
afterAll(async () => {
	await server?.stop();
	await new Promise((resolve) => fake.close(resolve));
});

const chatCalls = () => calls.filter((c) => c.path === '/v1/chat/completions');

describe('OpenAI-compatible chat provider', () => {
	it('answers through the model, removes citations that name no source, and reports the model’s usage', async () => {
		const before = chatCalls().length;
		const r = await post(server, 'icd', { question: 'Where were convoys filmed?', top_k: 5 });
		expect(r.status, await r.clone().text()).toBe(200);
		const turn = (await r.json()) as Turn;
		expect(chatCalls().length).toBe(before + 1);
		const call = chatCalls().at(-1)!;
		expect(call.body.model).toBe('fake-model');
		expect(call.authorization).toBe('Bearer llm-secret');
		expect(call.body.messages!.at(-1)).toEqual({ role: 'user', content: 'Where were convoys filmed?' });
		expect(call.body.messages![0].content).toContain('[1] ICD');
		expect(turn.answer).toBe('Convoys were filmed in several towns [1], mostly at night [2].');
		expect(turn.answer_provider).toBe('llm:fake-model');
		expect(turn.usage).toEqual({ prompt_tokens: 321, output_tokens: 12, total_tokens: 333 });
		expect([turn.rag_prompt_tokens, turn.rag_output_tokens, turn.rag_total_tokens]).toEqual([321, 12, 333]);
		expect(turn.sources.length).toBe(5);
	});

	it('passes earlier turns to the model on a follow-up', async () => {
		const first = (await (await post(server, 'icd', { question: 'Convoys near borders?' })).json()) as Turn;
		await post(server, 'icd', { question: 'Which of them were at night?', conversation_id: first.conversation_id });
		const roles = chatCalls()
			.at(-1)!
			.body.messages!.map((m) => m.role);
		expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
	});

	it('fails with 502 after one attempt, consuming nothing and creating no conversation', async () => {
		const { id, key } = await server.createKey(['--credits', '1']);
		mode.chat = 'fail';
		const before = chatCalls().length;
		const problem = await expectProblem(await post(server, 'icd', { question: 'Convoys?' }, key), 502, 'upstream_unavailable');
		// The cause (which can name internal hosts) is logged on the server, never sent to the caller.
		expect(problem.detail).toBe('The configured language model did not answer.');
		expect(JSON.stringify(problem)).not.toMatch(/127\.0\.0\.1|HTTP 500|chat\/completions/);
		expect(server.output()).toMatch(/language model request failed: .*\/chat\/completions answered HTTP 500/);
		expect(chatCalls().length).toBe(before + 1);
		const db = oracle(server);
		expect(db.one<{ n: number }>('SELECT count(*) n FROM conversations WHERE key_id = ?', id).n).toBe(0);
		db.close();
		mode.chat = 'ok';
		const ok = (await (await post(server, 'icd', { question: 'Convoys?' }, key)).json()) as Turn;
		expect(ok.credits_remaining).toBe(0);
	});
});

describe('OpenAI-compatible embeddings endpoint', () => {
	it('scores natural language search candidates with the configured embeddings', async () => {
		const before = calls.filter((c) => c.path === '/v1/embeddings').length;
		const r = await server.get('/v1/icd/nl-search?search=convoy%20on%20the%20road&per_page=20');
		expect(r.status, await r.clone().text()).toBe(200);
		const body = await r.json();
		const embeds = calls.filter((c) => c.path === '/v1/embeddings');
		expect(embeds.length).toBe(before + 1);
		expect(embeds.at(-1)!.body.model).toBe('fake-embed');
		expect(embeds.at(-1)!.authorization).toBe('Bearer emb-secret');
		expect(embeds.at(-1)!.body.input![0]).toContain('convoy on the road');
		expect(embeds.at(-1)!.body.input!.length).toBeGreaterThan(1);
		const scores = body.items.map((i: { score: number }) => i.score);
		expect(scores.length).toBe(20);
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
	});

	it('answers 502 when the embeddings endpoint fails', async () => {
		mode.embeddings = 'fail';
		const problem = await expectProblem(await server.get('/v1/icd/nl-search?search=convoy'), 502, 'upstream_unavailable');
		expect(problem.detail).toBe('The configured embeddings endpoint did not answer.');
		expect(JSON.stringify(problem)).not.toMatch(/127\.0\.0\.1|HTTP 500|\/embeddings/);
		expect(server.output()).toMatch(/embeddings request failed: .*\/embeddings answered HTTP 500/);
		mode.embeddings = 'ok';
	});
});
