// The MCP endpoints as an MCP client sees them: initialization, what tools/list shows for keys of
// different permissions, refusals, transport errors, and rate limits shared with REST.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, toolJson, toolProblem } from '../helpers/mcp';
import { expectProblem } from '../helpers/problem';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

// The spec's tools in its order.
const ICD_TOOLS = [
	'searchIcdVideos',
	'searchIcdImages',
	'getIcdVideoByComponentId',
	'getIcdImageByComponentId',
	'getOneIcdVideo',
	'getOneIcdImage',
	'getIcdVideoPlayer',
	'getIcdImageViewer',
	'getIcdVideoGeoManifest',
	'getIcdImageGeoManifest',
	'searchIcdNl',
	'icdDomainGenAiChat'
];
const ALL_TOOLS = [
	'searchIcdVideos',
	'searchIcdImages',
	'searchIcdbVideos',
	'searchIcdbImages',
	'getIcdVideoByComponentId',
	'getIcdImageByComponentId',
	'getIcdbVideoByComponentId',
	'getIcdbImageByComponentId',
	'getOneIcdVideo',
	'getOneIcdImage',
	'getOneIcdbVideo',
	'getOneIcdbImage',
	'getIcdVideoPlayer',
	'getIcdImageViewer',
	'getIcdbVideoPlayer',
	'getIcdbImageViewer',
	'getIcdVideoGeoManifest',
	'getIcdImageGeoManifest',
	'getIcdbVideoGeoManifest',
	'getIcdbImageGeoManifest',
	'searchIcdNl',
	'searchIcdbNl',
	'icdDomainGenAiChat',
	'icdbDomainGenAiChat'
];

const mcpPost = (path: string, key: string | null, body: unknown, headers: Record<string, string> = {}) =>
	server.get(path, key, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});

const names = (tools: Tool[]) => tools.map((t) => t.name);

describe('initialization', () => {
	it.each(['/mcp-icd', '/mcp-all'] as const)('%s initializes statelessly with the SDK client and offers tools', async (path) => {
		const mcp = await connectMcp(server, path);
		expect(mcp.client.getServerVersion()).toEqual({ name: 'icd-icdb-service', version: '1.3.1' });
		expect(mcp.client.getServerCapabilities()?.tools).toBeDefined();
		expect(mcp.client.getInstructions()).toMatch(/ICD and ICDB are independent/);
		await mcp.client.close();
	});

	it('answers initialize as JSON without a session id', async () => {
		const r = await mcpPost('/mcp-all', server.localKey, {
			jsonrpc: '2.0',
			id: 1,
			method: 'initialize',
			params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
		});
		expect(r.status).toBe(200);
		expect(r.headers.get('content-type')).toMatch(/^application\/json/);
		expect(r.headers.get('mcp-session-id')).toBeNull();
		// The edge's rate limit headers are on MCP answers too.
		expect(r.headers.get('ratelimit')).toMatch(/r=\d+/);
		const body = await r.json();
		expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', serverInfo: { name: 'icd-icdb-service' } } });
	});
});

describe('tools/list', () => {
	it('lists every ICD and ICDB tool on /mcp-all for an all-permission key, in the spec order', async () => {
		const mcp = await connectMcp(server, '/mcp-all');
		const { tools } = await mcp.client.listTools();
		expect(names(tools)).toEqual(ALL_TOOLS);
		expect(names(tools).some((n) => /delete|conversation/i.test(n))).toBe(false);
		for (const tool of tools) {
			// All four hints explicit, as in the spec's table: only Domain GenAI turns are neither read-only nor idempotent.
			const genai = /DomainGenAiChat$/.test(tool.name);
			expect(tool.annotations).toEqual(expect.objectContaining({ readOnlyHint: !genai, destructiveHint: false, idempotentHint: !genai, openWorldHint: false }));
			expect(typeof tool.annotations?.title).toBe('string');
			expect(tool.description!.length).toBeGreaterThan(80);
			expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
			expect(tool.outputSchema?.type).toBe('object');
			expect(tool.inputSchema).not.toHaveProperty('$schema');
		}
		await mcp.client.close();
	});

	it('lists only ICD tools on /mcp-icd', async () => {
		const mcp = await connectMcp(server, '/mcp-icd');
		expect(names((await mcp.client.listTools()).tools)).toEqual(ICD_TOOLS);
		await mcp.client.close();
	});

	it('generates input schemas from the REST parameters, with REST names and integer types', async () => {
		const mcp = await connectMcp(server, '/mcp-all');
		const tools = new Map((await mcp.client.listTools()).tools.map((t) => [t.name, t]));
		const search = tools.get('searchIcdbImages')!.inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
		expect(Object.keys(search.properties).sort()).toEqual(['country', 'date_from', 'date_to', 'entity', 'page', 'per_page', 'search', 'sort']);
		expect(search.properties.page).toMatchObject({ type: 'integer', minimum: 1 });
		expect(search.properties.per_page).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
		expect(search.properties.page).not.toHaveProperty('pattern');
		expect(search.properties.sort.enum).toEqual(['date_desc', 'date_asc', 'relevance', 'id_asc', 'id_desc']);
		expect(search.properties.date_from).toMatchObject({ type: 'string', format: 'date' });
		expect(search.required ?? []).toEqual([]);

		expect(tools.get('getIcdVideoByComponentId')!.inputSchema).toMatchObject({
			properties: { component_id: { type: 'integer', minimum: 1 } },
			required: ['component_id']
		});
		expect(tools.get('getOneIcdImage')!.inputSchema).toMatchObject({ properties: { uuid: { type: 'string', format: 'uuid' } }, required: ['uuid'] });
		const geo = tools.get('getIcdbVideoGeoManifest')!.inputSchema as { properties: Record<string, Record<string, unknown>> };
		expect(Object.keys(geo.properties).sort()).toEqual(['country', 'cursor', 'date_from', 'date_to', 'entity', 'limit']);
		expect(geo.properties.limit).toMatchObject({ type: 'integer', maximum: 5000 });

		// Output schemas are the REST response schemas.
		expect(tools.get('searchIcdVideos')!.outputSchema).toMatchObject({ properties: { itemsTotal: { type: 'integer' }, items: { type: 'array' } } });
		expect(tools.get('getIcdVideoPlayer')!.outputSchema?.required).toEqual(expect.arrayContaining(['embed_url', 'expires']));
		expect(tools.get('getIcdImageViewer')!.outputSchema?.required).toEqual(expect.arrayContaining(['signed_url']));
		expect(tools.get('getIcdImageGeoManifest')!.outputSchema?.required).toEqual(expect.arrayContaining(['items', 'next_cursor']));
		// The descriptions carry the spec's guidance.
		expect(tools.get('searchIcdVideos')!.description).toMatch(/getIcdVideoByComponentId instead/);
		expect(tools.get('getIcdVideoGeoManifest')!.description).toMatch(/without cursor/);
		expect(tools.get('getIcdbImageViewer')!.description).toMatch(/expires/);

		// Natural language search takes the REST query parameters; Domain GenAI the REST body fields.
		const nl = tools.get('searchIcdbNl')!.inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
		expect(Object.keys(nl.properties).sort()).toEqual([
			'country',
			'date_from',
			'date_to',
			'entity',
			'ignore',
			'page',
			'per_page',
			'search',
			'source_component',
			'top_k'
		]);
		expect(nl.required).toEqual(['search']);
		expect(nl.properties.top_k).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
		expect(nl.properties.source_component.enum).toEqual(['all', 'video', 'image']);
		const genai = tools.get('icdDomainGenAiChat')!;
		expect(genai.inputSchema).toMatchObject({
			required: ['question'],
			properties: { question: { type: 'string' }, conversation_id: { type: 'string' }, top_k: { type: 'integer' } }
		});
		expect(Object.keys(genai.inputSchema.properties!).sort()).toEqual([
			'conversation_id',
			'date_from',
			'date_to',
			'entity',
			'ignore',
			'primary_country',
			'question',
			'source_component',
			'top_k'
		]);
		expect(tools.get('searchIcdNl')!.outputSchema?.required).toEqual(expect.arrayContaining(['items', 'retrieval_question', 'top_k']));
		// The GenAI output schema admits further fields, so a client validating structured content accepts later additions.
		expect(genai.outputSchema?.required).toEqual(expect.arrayContaining(['answer', 'sources', 'conversation_id', 'credits_remaining']));
		expect(genai.outputSchema).not.toMatchObject({ additionalProperties: false });
		expect(tools.get('searchIcdNl')!.description).toMatch(/no answer/);
		expect(tools.get('searchIcdNl')!.description).toMatch(/getIcdVideoByComponentId/);
		expect(genai.description).toMatch(/billable/);
		expect(genai.description).toMatch(/never replay or retry/);
		expect(genai.description).toMatch(/omit conversation_id/);
		expect(genai.description).toMatch(/conversation_unavailable, start over/);
		expect(genai.description).toMatch(/dataset labels/);
		await mcp.client.close();
	});

	it('shows a key only the tools of its datasets and features', async () => {
		const icdOnly = await server.createKey(['--datasets', 'icd']);
		const mcp1 = await connectMcp(server, '/mcp-all', icdOnly.key);
		expect(names((await mcp1.client.listTools()).tools)).toEqual(ICD_TOOLS);

		const searchOnly = await server.createKey(['--features', 'search,mcp']);
		const mcp2 = await connectMcp(server, '/mcp-all', searchOnly.key);
		expect(names((await mcp2.client.listTools()).tools)).toEqual(['searchIcdVideos', 'searchIcdImages', 'searchIcdbVideos', 'searchIcdbImages']);

		const mixed = await server.createKey(['--datasets', 'icdb', '--features', 'geo,media,mcp']);
		const mcp3 = await connectMcp(server, '/mcp-all', mixed.key);
		expect(names((await mcp3.client.listTools()).tools)).toEqual([
			'getIcdbVideoPlayer',
			'getIcdbImageViewer',
			'getIcdbVideoGeoManifest',
			'getIcdbImageGeoManifest'
		]);
		await Promise.all([mcp1, mcp2, mcp3].map((m) => m.client.close()));
	});
});

describe('refusals', () => {
	it('refuses a call to a tool hidden by the key’s permissions with the REST 403 problem', async () => {
		const { key } = await server.createKey(['--datasets', 'icd', '--features', 'search,mcp']);
		const mcp = await connectMcp(server, '/mcp-all', key);
		const dataset = toolProblem(await mcp.call('searchIcdbVideos', {}), 403, 'forbidden');
		expect(dataset.detail).toMatch(/ICDB/);
		const feature = toolProblem(await mcp.call('getIcdVideoGeoManifest', {}), 403, 'forbidden');
		expect(feature.detail).toMatch(/geo manifests/);
		expect(feature.instance).toBe('/mcp-all');
		// The visible tool works with the same key.
		expect(toolJson(await mcp.call('searchIcdVideos', { per_page: 1 })).itemsReceived).toBe(1);
		await mcp.client.close();
	});

	it('refuses ICDB tools on /mcp-icd and unknown tools with a JSON-RPC error', async () => {
		const mcp = await connectMcp(server, '/mcp-icd');
		await expect(mcp.call('searchIcdbVideos', {})).rejects.toThrow(/not offered on \/mcp-icd; use \/mcp-all/);
		await expect(mcp.call('deleteIcdConversation', {})).rejects.toThrow(/Unknown tool: deleteIcdConversation/);
		await expect(mcp.call('getIcdVideoTranscript', { uuid: crypto.randomUUID() })).rejects.toMatchObject({ code: -32602 });
		await mcp.client.close();
	});

	it('needs the key: 401 problem JSON before any MCP handling', async () => {
		const r = await mcpPost('/mcp-all', null, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
		expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
		await expectProblem(r, 401, 'unauthorized');
		await expectProblem(await mcpPost('/mcp-icd', 'icd_000000000000_' + 'A'.repeat(43), {}), 401, 'unauthorized');
		const failed = connectMcp(server, '/mcp-icd', null);
		await expect(failed).rejects.toBeInstanceOf(StreamableHTTPError);
		await expect(failed).rejects.toMatchObject({ code: 401 });
	});

	it('needs the mcp feature, and the ICD dataset on /mcp-icd: 403 problem JSON', async () => {
		const noMcp = await server.createKey(['--features', 'search,detail']);
		const body = await expectProblem(await mcpPost('/mcp-all', noMcp.key, { jsonrpc: '2.0', id: 1, method: 'tools/list' }), 403, 'forbidden');
		expect(body.detail).toMatch(/MCP/);
		await expect(connectMcp(server, '/mcp-all', noMcp.key)).rejects.toMatchObject({ code: 403 });
		// The same key still has REST.
		expect((await server.get('/v1/icd/videos?per_page=1', noMcp.key)).status).toBe(200);

		const icdbOnly = await server.createKey(['--datasets', 'icdb']);
		const icd = await expectProblem(await mcpPost('/mcp-icd', icdbOnly.key, { jsonrpc: '2.0', id: 1, method: 'tools/list' }), 403, 'forbidden');
		expect(icd.detail).toMatch(/ICD dataset/);
		const mcp = await connectMcp(server, '/mcp-all', icdbOnly.key);
		expect(names((await mcp.client.listTools()).tools)).toEqual(ALL_TOOLS.filter((n) => /icdb/i.test(n)));
		await mcp.client.close();
	});

	it.each(['GET', 'DELETE', 'PUT'])('answers %s with 405 problem JSON and Allow: POST', async (method) => {
		for (const path of ['/mcp-icd', '/mcp-all']) {
			const r = await server.get(path, undefined, { method, headers: { accept: 'text/event-stream' } });
			expect(r.headers.get('allow')).toBe('POST');
			const body = await expectProblem(r, 405, 'method_not_allowed');
			expect(body.instance).toBe(path);
		}
	});

	it('answers malformed Streamable HTTP requests with problem JSON', async () => {
		const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
		await expectProblem(await mcpPost('/mcp-all', server.localKey, list, { accept: 'application/json' }), 406, 'not_acceptable');
		await expectProblem(await mcpPost('/mcp-all', server.localKey, list, { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
		const bad = await expectProblem(await mcpPost('/mcp-all', server.localKey, '{"jsonrpc":'), 400, 'invalid_request');
		expect(bad.detail).toMatch(/Parse error/);
		await expectProblem(await mcpPost('/mcp-all', server.localKey, { hello: 'world' }), 400, 'invalid_request');
	});
});

describe('rate limits', () => {
	/** Tokens left in the key's bucket, read from a REST answer's RateLimit header (the REST call itself costs one). */
	async function restRemaining(key: string): Promise<number> {
		const r = await server.get('/v1/icd/videos?per_page=1', key);
		expect(r.status).toBe(200);
		await r.body?.cancel();
		return Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')![1]);
	}

	it('charges a tools/call one token from the same bucket as REST, and refuses both when it is empty', async () => {
		// Refill of one token per 1000 s: nothing refills during the test.
		const { key } = await server.createKey(['--rate', '0.001', '--burst', '12']);
		const mcp = await connectMcp(server, '/mcp-all', key);
		await mcp.client.listTools();
		await mcp.settle();
		const before = await restRemaining(key);
		const sent = mcp.requests();
		toolJson(await mcp.call('searchIcdVideos', { per_page: 1 }));
		toolJson(await mcp.call('getIcdVideoGeoManifest', { limit: 1 }));
		await mcp.settle();
		// Two tools/call, two HTTP requests, two tokens: the same as the two REST calls.
		expect(mcp.requests() - sent).toBe(2);
		expect(await restRemaining(key)).toBe(before - 3);

		// Spend the rest over REST; then MCP is refused with the REST 429 problem, and REST too.
		let remaining = before - 3;
		while (remaining > 0) remaining = await restRemaining(key);
		const refused = await mcp.call('searchIcdVideos', {}).catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(StreamableHTTPError);
		expect((refused as StreamableHTTPError).code).toBe(429);
		expect(String(refused)).toMatch(/rate_limited/);
		const rest = await server.get('/v1/icd/videos', key);
		expect(rest.headers.get('retry-after')).toMatch(/^\d+$/);
		await expectProblem(rest, 429, 'rate_limited');
		await mcp.client.close();
	});

	it('charges every tools/call of a JSON-RPC batch in its order, refusing those past the bucket', async () => {
		const { key } = await server.createKey(['--rate', '0.001', '--burst', '5']);
		const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'searchIcdVideos', arguments: { per_page: 1 } } });
		const batch = Array.from({ length: 10 }, (_, i) => call(i + 1));
		const r = await mcpPost('/mcp-all', key, batch, { 'mcp-protocol-version': '2025-03-26' });
		expect(r.status).toBe(200);
		const answers = ((await r.json()) as { id: number; result: { isError?: boolean; content: { text: string }[] } }[]).sort((a, b) => a.id - b.id);
		// The HTTP request's token covers the first call, the bucket's other four the next four; the
		// last five are refused (taken in the batch's order, not in the order the database saw them).
		expect(answers.map((a) => Boolean(a.result.isError))).toEqual([false, false, false, false, false, true, true, true, true, true]);
		expect(JSON.parse(answers[9].result.content[0].text)).toMatchObject({ status: 429, code: 'rate_limited' });
		// One token for the HTTP request and one for each further call: the bucket is empty.
		await expectProblem(await server.get('/v1/icd/videos', key), 429, 'rate_limited');
	});
});

// Last: the server closes the connection of a refused oversized body.
describe('body size', () => {
	it('refuses a body over 256 KiB with 413 problem JSON and closes the connection', async () => {
		const huge = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'searchIcdVideos', arguments: { search: 'x'.repeat(300_000) } } };
		const r = await mcpPost('/mcp-all', server.localKey, huge);
		expect(r.headers.get('connection')).toBe('close');
		await expectProblem(r, 413, 'payload_too_large');
		expect((await server.get('/v1/icd/videos?per_page=1')).status).toBe(200);
	});
});
