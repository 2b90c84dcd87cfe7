// A client generated from /openapi.json works unchanged (issue 43). Its types are what
// openapi-typescript generates from the running server's document (kept in the tree, compiled by
// the type check, and compared here), every operation is driven through openapi-fetch as a team
// integrating the service would, and every answer is checked against the document
// (tests/helpers/contract.ts): status, content type, body schema, required headers. Each
// operation's success and each error it declares, on both engines.
import fs from 'node:fs';
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../helpers/openapi-types.generated';
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/openapi/client-types';
import { Contract } from '../helpers/contract';
import { startServer, type TestServer } from '../helpers/server';

const DATASETS = ['icd', 'icdb'] as const;
const COMPONENTS = ['videos', 'images'] as const;
type Dataset = (typeof DATASETS)[number];
type Api = Client<paths>;

let server: TestServer;
/** Model endpoints that refuse and a reader queue of one: the 502s and a 503. */
let failing: TestServer;
let contract: Contract;
/** What the contract found wrong with each answer, by the answer. */
const findings = new WeakMap<Response, string[]>();
/** `operationId status` of every answer seen. */
const seen = new Set<string>();

/** A client as generated, with a middleware that checks each answer against the document. */
function client(url: string, key: string | null, headers: Record<string, string> = {}): Api {
	const api = createClient<paths>({ baseUrl: url, headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) } });
	api.use({
		async onResponse({ request, response, schemaPath }) {
			findings.set(response, contract.check(request.method, schemaPath, response.status, response.headers, await response.clone().text()));
			const op = contract.operation(request.method, schemaPath);
			if (op) seen.add(`${op.operationId} ${response.status}`);
		}
	});
	return api;
}

/** The answer has this status and nothing the document does not declare. */
function expectAnswer(r: { response: Response }, status: number): void {
	expect(findings.get(r.response), `${r.response.status} ${r.response.url}`).toEqual([]);
	expect(r.response.status, r.response.url).toBe(status);
}

/** A problem body's code (openapi-fetch puts an error body in `error`). */
const code = (r: { error?: unknown }) => (r.error as { code?: string } | undefined)?.code;

let api: Api;
const keys = {} as Record<'broke' | 'limited' | 'spent', string>;
/** A real record of each dataset and component, and a real conversation. */
const real = {} as Record<`${Dataset}/${(typeof COMPONENTS)[number]}`, { uuid: string; id: number }>;
const conversations = {} as Record<Dataset, string>;

beforeAll(async () => {
	[server, failing] = await Promise.all([
		startServer(),
		startServer({
			size: 300,
			env: {
				LLM_BASE_URL: 'http://127.0.0.1:9/v1',
				LLM_MODEL: 'refused',
				EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1',
				EMBEDDINGS_MODEL: 'refused',
				DB_READ_QUEUE: '1',
				DB_POOL_SIZE: '1'
			}
		})
	]);
	contract = new Contract(await (await fetch(`${server.url}/openapi.json`)).json());
	const { key } = await server.createKey(['--rate', '1000', '--burst', '1000']);
	api = client(server.url, key);
	keys.broke = (await server.createKey(['--rate', '1000', '--burst', '1000', '--credits', '0'])).key;
	// A key of ICD whose only feature is MCP: every REST operation is 403, by dataset or by feature.
	keys.limited = (await server.createKey(['--datasets', 'icd', '--features', 'mcp', '--rate', '1000', '--burst', '1000'])).key;
	// One token, refilled in 1,000 s: spent on its first request, every later one is 429.
	keys.spent = (await server.createKey(['--rate', '0.001', '--burst', '1'])).key;
});
afterAll(async () => {
	await Promise.all([server?.stop(), failing?.stop()]);
});

describe('the generated client', () => {
	it("has the types that the running server's document generates", async () => {
		const generated = (await clientTypes(contract.doc)).split('\n');
		const kept = fs.readFileSync(CLIENT_TYPES_FILE, 'utf8').split('\n');
		const line = kept.findIndex((l, i) => l !== generated[i]);
		// `npm run openapi -- types` writes them anew after a change to the contract.
		const stale = `${CLIENT_TYPES_FILE} is stale (npm run openapi -- types); line ${line + 1} would be: ${generated[line]}`;
		expect(line === -1 && kept.length === generated.length, stale).toBe(true);
	});

	it('finds what an answer does not match: status, content type, body, required header', () => {
		const ok = { 'content-type': 'application/json', ratelimit: '"burst";r=1;t=1', 'ratelimit-policy': '"burst";q=2;w=2' };
		const body = JSON.stringify({
			itemsReceived: 0,
			curPage: 1,
			nextPage: null,
			prevPage: null,
			offset: 0,
			perPage: 25,
			itemsTotal: 0,
			pageTotal: 0,
			items: []
		});
		expect(contract.check('GET', '/v1/icd/videos', 200, new Headers(ok), body)).toEqual([]);
		expect(contract.check('GET', '/v1/icd/videos', 418, new Headers(ok), body)).toEqual([expect.stringContaining('status not declared')]);
		expect(contract.check('GET', '/v1/icd/videos', 200, new Headers({ ...ok, 'content-type': 'text/html' }), body)).toEqual([
			expect.stringContaining('content type "text/html" not declared')
		]);
		expect(contract.check('GET', '/v1/icd/videos', 200, new Headers(ok), JSON.stringify({ items: 5 }))).toEqual(
			expect.arrayContaining([expect.stringContaining("must have required property 'curPage'"), expect.stringContaining('/items must be array')])
		);
		expect(contract.check('GET', '/v1/icd/videos', 200, new Headers({ 'content-type': 'application/json' }), body)).toEqual([
			expect.stringContaining('required header RateLimit missing'),
			expect.stringContaining('required header RateLimit-Policy missing')
		]);
		const problem = JSON.stringify({ type: '/problems/rate-limited', title: 'Too many requests', status: 429 });
		expect(contract.check('GET', '/v1/icd/videos', 429, new Headers({ ...ok, 'retry-after': 'soon' }), problem)).toEqual([
			expect.stringContaining('header Retry-After')
		]);
		expect(contract.check('DELETE', '/v1/icd/videos', 204, new Headers(ok), '')).toEqual([expect.stringContaining('no such operation')]);
	});

	it('publishes a document that the contract checker reads: every operation named, with errors declared', () => {
		const ops = contract.operations();
		expect(ops.length).toBe(26);
		for (const op of ops) {
			expect(op.operationId, `${op.method} ${op.path}`).toMatch(/^[a-zA-Z]+$/);
			expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
		}
		expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
	});
});

describe('structured search, records and geo manifests', () => {
	it('searches every dataset and component, and refuses a bad page size and text with nothing to look for', async () => {
		for (const d of DATASETS)
			for (const c of COMPONENTS) {
				const r = await api.GET(`/v1/${d}/${c}`, { params: { query: { per_page: 5, sort: 'id_asc' } } });
				expectAnswer(r, 200);
				expect(r.data!.items.length).toBe(5);
				const first = r.data!.items[0];
				real[`${d}/${c}`] = { uuid: first.uuid!, id: first.primary_id! };
				const words = await api.GET(`/v1/${d}/${c}`, { params: { query: { search: 'convoy', date_from: '2000-01-01', date_to: '2100-01-01' } } });
				expectAnswer(words, 200);
				expectAnswer(await api.GET(`/v1/${d}/${c}`, { params: { query: { per_page: 0 } } }), 400);
				const nothing = await api.GET(`/v1/${d}/${c}`, { params: { query: { search: '!!!' } } });
				expectAnswer(nothing, 400);
				expect(code(nothing)).toBe('invalid_parameter');
				const backwards = await api.GET(`/v1/${d}/${c}`, { params: { query: { date_from: '2024-02-01', date_to: '2024-01-01' } } });
				expectAnswer(backwards, 400);
			}
	});

	it('reads a record by uuid and by component id; a malformed id is 400, an unknown one 404', async () => {
		for (const d of DATASETS)
			for (const c of COMPONENTS) {
				const { uuid, id } = real[`${d}/${c}`];
				const byUuid = await api.GET(`/v1/${d}/${c}/{uuid}`, { params: { path: { uuid } } });
				expectAnswer(byUuid, 200);
				expect(byUuid.data!.primary_id).toBe(id);
				const byId = await api.GET(`/v1/${d}/${c}/by-component-id/{component_id}`, { params: { path: { component_id: id } } });
				expectAnswer(byId, 200);
				expect(byId.data!.uuid).toBe(uuid);
				expectAnswer(await api.GET(`/v1/${d}/${c}/{uuid}`, { params: { path: { uuid: 'not-a-uuid' } } }), 400);
				expectAnswer(await api.GET(`/v1/${d}/${c}/{uuid}`, { params: { path: { uuid: '00000000-0000-4000-8000-000000000000' } } }), 404);
				expectAnswer(await api.GET(`/v1/${d}/${c}/by-component-id/{component_id}`, { params: { path: { component_id: 0 } } }), 400);
				expectAnswer(await api.GET(`/v1/${d}/${c}/by-component-id/{component_id}`, { params: { path: { component_id: 9_999_999_999 } } }), 404);
			}
	});

	it('walks a geo manifest by its cursor; a bad limit and a foreign cursor are 400', async () => {
		for (const d of DATASETS)
			for (const c of COMPONENTS) {
				const first = await api.GET(`/v1/${d}/${c}/geo-manifest`, { params: { query: { limit: 3 } } });
				expectAnswer(first, 200);
				expect(first.data!.next_cursor).toEqual(expect.any(String));
				const next = await api.GET(`/v1/${d}/${c}/geo-manifest`, { params: { query: { limit: 3, cursor: first.data!.next_cursor! } } });
				expectAnswer(next, 200);
				expect(next.data!.items[0].uuid).not.toBe(first.data!.items[0].uuid);
				expectAnswer(await api.GET(`/v1/${d}/${c}/geo-manifest`, { params: { query: { limit: 0 } } }), 400);
				const foreign = await api.GET(`/v1/${d}/${c}/geo-manifest`, { params: { query: { limit: 4, cursor: first.data!.next_cursor! } } });
				expectAnswer(foreign, 400);
				expect(code(foreign)).toBe('invalid_cursor');
			}
	});

	it('signs player and viewer links; a malformed uuid is 400, an unknown one 404', async () => {
		for (const d of DATASETS) {
			const player = await api.GET(`/v1/${d}/videos/{uuid}/player`, { params: { path: { uuid: real[`${d}/videos`].uuid } } });
			expectAnswer(player, 200);
			expect(player.data!.embed_url).toContain('/media/player/');
			const viewer = await api.GET(`/v1/${d}/images/{uuid}/viewer`, { params: { path: { uuid: real[`${d}/images`].uuid } } });
			expectAnswer(viewer, 200);
			expect(viewer.data!.signed_url).toContain('/media/image/');
			for (const uuid of ['nope', '00000000-0000-4000-8000-000000000000']) {
				expectAnswer(await api.GET(`/v1/${d}/videos/{uuid}/player`, { params: { path: { uuid } } }), uuid === 'nope' ? 400 : 404);
				expectAnswer(await api.GET(`/v1/${d}/images/{uuid}/viewer`, { params: { path: { uuid } } }), uuid === 'nope' ? 400 : 404);
			}
		}
	});
});

describe('natural language search', () => {
	it('takes ignore as a generated client sends an array: the parameter repeated', async () => {
		for (const d of DATASETS) {
			const r = await api.GET(`/v1/${d}/nl-search`, { params: { query: { search: 'convoys in Sudan in 2023', ignore: ['date', 'place'], per_page: 5 } } });
			expect(new URL(r.response.url).searchParams.getAll('ignore')).toEqual(['date', 'place']);
			expectAnswer(r, 200);
			expect(r.data!.interpretation!.ignored_groups).toEqual(['date', 'place']);
			const parts = r.data!.interpretation!.parts.filter((p) => p.group === 'date' || p.group === 'place');
			expect(parts.length).toBeGreaterThan(0);
			for (const p of parts) expect(p.status).toBe('ignored');
			// The comma-separated form of a hand-written URL reads the same.
			const comma = await server.get(`/v1/${d}/nl-search?search=${encodeURIComponent('convoys in Sudan in 2023')}&ignore=date,place&per_page=5`);
			expect((await comma.json()).interpretation.ignored_groups).toEqual(['date', 'place']);
		}
	});

	it('refuses a blank question, a question with no letter or digit, a part that is not one, and top_k out of range', async () => {
		for (const d of DATASETS) {
			for (const search of ['   ', '?!', 'x']) {
				const r = await api.GET(`/v1/${d}/nl-search`, { params: { query: { search, top_k: search === 'x' ? 0 : 5 } } });
				expectAnswer(r, 400);
			}
			// What the generated types refuse to compile, sent all the same: the service says 400.
			const planet = await api.GET(`/v1/${d}/nl-search`, { params: { query: { search: 'convoy', ignore: ['planet' as 'date'] } } });
			expectAnswer(planet, 400);
			expect(JSON.stringify(planet.error)).toContain('unknown part \\"planet\\"');
		}
	});
});

describe('Domain GenAI', () => {
	it('answers a turn and a follow-up, then deletes the conversation, twice (idempotent)', async () => {
		for (const d of DATASETS) {
			const first = await api.POST(`/v1/${d}/domain-genai`, { body: { question: 'Where were convoys filmed?', ignore: ['date'] } });
			expectAnswer(first, 200);
			conversations[d] = first.data!.conversation_id;
			const follow = await api.POST(`/v1/${d}/domain-genai`, { body: { question: 'And in 2023?', conversation_id: conversations[d], top_k: 3 } });
			expectAnswer(follow, 200);
			expect(follow.data!.conversation_id).toBe(conversations[d]);
			for (let i = 0; i < 2; i++)
				expectAnswer(
					await api.DELETE(`/v1/${d}/domain-genai/conversations/{conversation_id}`, { params: { path: { conversation_id: conversations[d] } } }),
					204
				);
		}
	});

	it('refuses a blank question (400), an unavailable conversation (404), a body too large (413), a key without credits (402)', async () => {
		for (const d of DATASETS) {
			expectAnswer(await api.POST(`/v1/${d}/domain-genai`, { body: { question: '  ' } }), 400);
			const gone = await api.POST(`/v1/${d}/domain-genai`, { body: { question: 'More?', conversation_id: conversations[d] } });
			expectAnswer(gone, 404);
			expect(code(gone)).toBe('conversation_unavailable');
			expectAnswer(await api.POST(`/v1/${d}/domain-genai`, { body: { question: 'x'.repeat(2 * 1024 * 1024) } }), 413);
			expectAnswer(await client(server.url, keys.broke).POST(`/v1/${d}/domain-genai`, { body: { question: 'Where were convoys filmed?' } }), 402);
		}
	});

	it('refuses a query parameter on DELETE with 400, as every route does', async () => {
		for (const d of DATASETS) {
			// The document declares no query parameter for DELETE; a client sending one anyway gets the declared 400.
			const init = { params: { path: { conversation_id: 'conv_x' }, query: { force: 'yes' } } } as unknown as { params: { path: { conversation_id: string } } };
			expectAnswer(await api.DELETE(`/v1/${d}/domain-genai/conversations/{conversation_id}`, init), 400);
		}
	});
});

/** One well-formed request of every operation, made by the given client. */
function everyOperation(c: Api): Promise<{ response: Response }>[] {
	return DATASETS.flatMap((d) => [
		...COMPONENTS.flatMap((k) => [
			c.GET(`/v1/${d}/${k}`, {}),
			c.GET(`/v1/${d}/${k}/{uuid}`, { params: { path: { uuid: real[`${d}/${k}`].uuid } } }),
			c.GET(`/v1/${d}/${k}/by-component-id/{component_id}`, { params: { path: { component_id: real[`${d}/${k}`].id } } }),
			c.GET(`/v1/${d}/${k}/geo-manifest`, { params: { query: { limit: 1 } } })
		]),
		c.GET(`/v1/${d}/videos/{uuid}/player`, { params: { path: { uuid: real[`${d}/videos`].uuid } } }),
		c.GET(`/v1/${d}/images/{uuid}/viewer`, { params: { path: { uuid: real[`${d}/images`].uuid } } }),
		c.GET(`/v1/${d}/nl-search`, { params: { query: { search: 'convoy' } } }),
		c.POST(`/v1/${d}/domain-genai`, { body: { question: 'Where were convoys filmed?' } }),
		c.DELETE(`/v1/${d}/domain-genai/conversations/{conversation_id}`, { params: { path: { conversation_id: 'conv_x' } } })
	]);
}

describe('every operation refuses as it declares', () => {
	it('401 without a key and with a wrong one, with WWW-Authenticate', async () => {
		for (const key of [null, 'icd_000000000000_wrong']) {
			for (const r of await Promise.all(everyOperation(client(server.url, key)))) {
				expectAnswer(r, 401);
				expect(r.response.headers.get('www-authenticate')).toMatch(/^Bearer /);
			}
		}
	});

	it('403 for a key without the dataset or the feature', async () => {
		for (const r of await Promise.all(everyOperation(client(server.url, keys.limited)))) expectAnswer(r, 403);
	});

	it('403 at the edge for a cross-site browser request, without RateLimit headers (not required there)', async () => {
		const r = await client(server.url, keys.limited, { 'sec-fetch-site': 'cross-site' }).GET('/v1/icd/videos', {});
		expectAnswer(r, 403);
		expect(code(r)).toBe('cross_site_request');
		expect(r.response.headers.get('ratelimit')).toBeNull();
	});

	it('429 with Retry-After once the bucket is empty', async () => {
		const spent = client(server.url, keys.spent);
		expectAnswer(await spent.GET('/v1/icd/videos', {}), 200);
		for (const r of await Promise.all(everyOperation(spent))) {
			expectAnswer(r, 429);
			expect(Number(r.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		}
	});

	it('502 when the configured model endpoints fail, 503 when the reader queue is full', async () => {
		const { key } = await failing.createKey(['--rate', '1000', '--burst', '1000']);
		const c = client(failing.url, key);
		for (const d of DATASETS) {
			const turn = await c.POST(`/v1/${d}/domain-genai`, { body: { question: 'Where were convoys filmed?' } });
			expectAnswer(turn, 502);
			expect(code(turn)).toBe('upstream_unavailable');
			const nl = await c.GET(`/v1/${d}/nl-search`, { params: { query: { search: 'convoy' } } });
			expectAnswer(nl, 502);
			expect(code(nl)).toBe('upstream_unavailable');
		}
		// One reader, one connection and a queue of one: of questions sent at once, those past the
		// queue are 503. A burst again, at most twice more, if the reader kept up with one.
		const statuses: number[] = [];
		for (let burst = 0; burst < 3 && !statuses.includes(503); burst++) {
			const answers = await Promise.all(
				Array.from({ length: 12 }, (_, i) => c.GET('/v1/icd/nl-search', { params: { query: { search: `convoy road ${i}` } } }))
			);
			for (const r of answers) expect(findings.get(r.response)).toEqual([]);
			statuses.push(...answers.map((r) => r.response.status));
		}
		expect(statuses).toContain(502);
		expect(statuses).toContain(503);
		expect(statuses.every((s) => s === 502 || s === 503)).toBe(true);
	});
});

describe('the sweep', () => {
	it('saw every operation answer its success and every error it declares (503 on one operation: it needs a full queue)', () => {
		const missing = contract
			.operations()
			.flatMap((op) => Object.keys(op.responses).map((status) => `${op.operationId} ${status}`))
			.filter((k) => !seen.has(k))
			.filter((k) => !k.endsWith(' 503') || k === 'searchIcdNl 503');
		expect(missing).toEqual([]);
	});
});
