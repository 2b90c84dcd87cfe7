// Every MCP tool called through the SDK client, with valid arguments (the answer is the REST
// answer) and with bad ones (the REST problem, as a tool error), and under entity restrictions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENTS, COMPONENT_PATH, DATASETS, type Component, type Dataset } from '../../src/lib/types/dataset';
import { post } from '../helpers/genai';
import { connectMcp, toolJson, toolProblem, type McpSession } from '../helpers/mcp';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

/** Two calls read relative dates against their own clocks: the reference time differs by the milliseconds between them. */
function withoutClock(body: unknown): unknown {
	const b = structuredClone(body) as { interpretation?: { reference_time?: string } };
	if (b.interpretation) delete b.interpretation.reference_time;
	return b;
}

const t = serverWithOracle();
let mcp: McpSession;
beforeAll(async () => {
	mcp = await connectMcp(t.server, '/mcp-all');
	// Listing first makes the SDK client check every structured result against the tool's output schema.
	await mcp.client.listTools();
});
afterAll(() => mcp?.client.close());

type Row = { uuid: string; primary_id: number; entity: string; title: string };

const P = (s: string) => s[0].toUpperCase() + s.slice(1);
const rest = async (path: string, key?: string) => {
	const r = await t.server.get(path, key);
	expect(r.status, path).toBe(200);
	return r.json();
};
const some = (dataset: Dataset, component: Component, offset = 0) =>
	t.db.one<Row>(
		'SELECT uuid, primary_id, entity, title FROM records WHERE dataset = ? AND component = ? AND mappable = 1 ORDER BY id LIMIT 1 OFFSET ?',
		dataset,
		component,
		offset
	);

/** A problem without its instance (the REST path or the MCP endpoint), to compare REST and MCP refusals. */
const sansInstance = ({ instance: _, ...p }: Record<string, unknown>) => p;
const nlPath = (dataset: Dataset, params: Record<string, string | number>) =>
	`/v1/${dataset}/nl-search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

const combos = DATASETS.flatMap((dataset) =>
	COMPONENTS.map((component) => ({ dataset, component, base: `/v1/${dataset}/${COMPONENT_PATH[component]}`, dc: `${P(dataset)}${P(component)}` }))
);

describe.each(combos)('$dataset $component tools', ({ dataset, component, base, dc }) => {
	it(`search${dc}s answers what REST answers, for the same arguments`, async () => {
		const word = (some(dataset, component).title.match(/[A-Za-z]{5,}/) ?? ['report'])[0].toLowerCase();
		const mcpPage = toolJson(await mcp.call(`search${dc}s`, { search: word, per_page: 3, page: 1 }));
		expect(mcpPage.itemsTotal).toBeGreaterThan(0);
		expect(mcpPage).toEqual(await rest(`${base}?search=${word}&per_page=3&page=1`));
		const row = some(dataset, component, 5);
		const filtered = toolJson(await mcp.call(`search${dc}s`, { entity: row.entity, sort: 'id_asc', per_page: 5, page: 2, date_from: '2000-01-01' }));
		expect(filtered).toEqual(await rest(`${base}?entity=${encodeURIComponent(row.entity)}&sort=id_asc&per_page=5&page=2&date_from=2000-01-01`));
	});

	it(`search${dc}s refuses bad arguments with the REST problem`, async () => {
		const tool = `search${dc}s`;
		const tooMany = toolProblem(await mcp.call(tool, { per_page: 101 }), 400, 'invalid_parameter');
		expect(tooMany.errors).toEqual([{ param: 'per_page', message: 'must be at most 100' }]);
		expect(toolProblem(await mcp.call(tool, { page: '2' }), 400, 'invalid_parameter').errors).toEqual([{ param: 'page', message: 'expected a number' }]);
		expect(toolProblem(await mcp.call(tool, { page: 1.5 }), 400, 'invalid_parameter').errors).toEqual([{ param: 'page', message: 'expected a whole number' }]);
		expect(toolProblem(await mcp.call(tool, { perpage: 5 }), 400, 'invalid_parameter').errors).toEqual([{ param: 'perpage', message: 'unknown parameter' }]);
		toolProblem(await mcp.call(tool, { search: 'a'.repeat(1001) }), 400, 'invalid_parameter');
		toolProblem(await mcp.call(tool, { search: 42 }), 400, 'invalid_parameter');
		toolProblem(await mcp.call(tool, { date_from: '2021-01-02', date_to: '2021-01-01' }), 400, 'invalid_parameter');
		toolProblem(await mcp.call(tool, { sort: 'newest' }), 400, 'invalid_parameter');
	});

	it(`get${dc}ByComponentId takes a number and answers the REST detail`, async () => {
		const row = some(dataset, component, 2);
		const detail = toolJson(await mcp.call(`get${dc}ByComponentId`, { component_id: row.primary_id }));
		expect(detail).toMatchObject({ uuid: row.uuid, primary_id: row.primary_id });
		expect(detail).toEqual(await rest(`${base}/by-component-id/${row.primary_id}`));
		expect(detail).toHaveProperty('report');
		toolProblem(await mcp.call(`get${dc}ByComponentId`, { component_id: 999_999_999 }), 404, 'not_found');
		expect(toolProblem(await mcp.call(`get${dc}ByComponentId`, { component_id: String(row.primary_id) }), 400, 'invalid_parameter').errors).toEqual([
			{ param: 'component_id', message: 'expected a number' }
		]);
		toolProblem(await mcp.call(`get${dc}ByComponentId`, { component_id: 0 }), 400, 'invalid_parameter');
		expect(toolProblem(await mcp.call(`get${dc}ByComponentId`, {}), 400, 'invalid_parameter').errors).toEqual([
			{ param: 'component_id', message: expect.any(String) }
		]);
	});

	it(`getOne${dc} answers the REST detail by uuid`, async () => {
		const row = some(dataset, component, 3);
		const detail = toolJson(await mcp.call(`getOne${dc}`, { uuid: row.uuid }));
		expect(detail).toEqual(await rest(`${base}/${row.uuid}`));
		expect(detail.title).toBe(row.title);
		toolProblem(await mcp.call(`getOne${dc}`, { uuid: crypto.randomUUID() }), 404, 'not_found');
		toolProblem(await mcp.call(`getOne${dc}`, { uuid: 'not-a-uuid' }), 400, 'invalid_parameter');
		toolProblem(await mcp.call(`getOne${dc}`, { uuid: row.uuid, extra: true }), 400, 'invalid_parameter');
	});

	it(`get${dc}GeoManifest pages like REST, with cursors REST accepts`, async () => {
		const first = toolJson(await mcp.call(`get${dc}GeoManifest`, { limit: 20 }));
		expect(first).toEqual(await rest(`${base}/geo-manifest?limit=20`));
		expect(first.itemsTotal).toBe(t.db.count('dataset = ? AND component = ? AND mappable = 1', dataset, component));
		const cursor = first.next_cursor as string;
		expect(typeof cursor).toBe('string');
		const second = toolJson(await mcp.call(`get${dc}GeoManifest`, { limit: 20, cursor }));
		expect(second).toEqual(await rest(`${base}/geo-manifest?limit=20&cursor=${encodeURIComponent(cursor)}`));
		expect((second.items as Row[])[0].uuid).not.toBe((first.items as Row[])[0].uuid);

		const changed = toolProblem(await mcp.call(`get${dc}GeoManifest`, { limit: 21, cursor }), 400, 'invalid_cursor');
		expect(changed.remediation).toMatch(/without the cursor/);
		toolProblem(await mcp.call(`get${dc}GeoManifest`, { cursor: cursor.slice(0, -2) + 'xx', limit: 20 }), 400, 'invalid_cursor');
		toolProblem(await mcp.call(`get${dc}GeoManifest`, { limit: 5001 }), 400, 'invalid_parameter');
		toolProblem(await mcp.call(`get${dc}GeoManifest`, { limit: '20' }), 400, 'invalid_parameter');
	});
});

describe.each(DATASETS)('%s media tools', (dataset) => {
	it('getXVideoPlayer hands out a working, expiring player link', async () => {
		const row = some(dataset, 'video');
		const player = toolJson(await mcp.call(`get${P(dataset)}VideoPlayer`, { uuid: row.uuid }));
		expect(player).toMatchObject({ status: 'ok', uuid: row.uuid, title: row.title });
		const now = Math.floor(Date.now() / 1000);
		expect(player.expires).toBeGreaterThan(now);
		expect(player.expires).toBeLessThanOrEqual(now + 3600);
		// Same origin as REST links, and usable without a key.
		expect(String(player.embed_url).startsWith(`${t.server.url}/media/player/`)).toBe(true);
		expect((await fetch(String(player.embed_url))).status).toBe(200);
		toolProblem(await mcp.call(`get${P(dataset)}VideoPlayer`, { uuid: some(dataset, 'image').uuid }), 404, 'not_found');
		toolProblem(await mcp.call(`get${P(dataset)}VideoPlayer`, { uuid: 12 }), 400, 'invalid_parameter');
	});

	it('getXImageViewer hands out a working, expiring image link', async () => {
		const row = some(dataset, 'image');
		const viewer = toolJson(await mcp.call(`get${P(dataset)}ImageViewer`, { uuid: row.uuid }));
		expect(viewer).toMatchObject({ status: 'ok', uuid: row.uuid, title: row.title });
		const image = await fetch(String(viewer.signed_url));
		expect(image.status).toBe(200);
		expect(image.headers.get('content-type')).toMatch(/^image\/png/);
		toolProblem(await mcp.call(`get${P(dataset)}ImageViewer`, { uuid: crypto.randomUUID() }), 404, 'not_found');
		toolProblem(await mcp.call(`get${P(dataset)}ImageViewer`, {}), 400, 'invalid_parameter');
	});
});

describe('entity restrictions', () => {
	it('limit every MCP tool to the key’s entities, exactly as REST does', async () => {
		const visible = some('icd', 'video');
		const hidden = t.db.one<Row>(
			"SELECT uuid, primary_id, entity, title FROM records WHERE dataset='icd' AND component='video' AND mappable = 1 AND entity <> ? LIMIT 1",
			visible.entity
		);
		const { key } = await t.server.createKey(['--entities', visible.entity]);
		const restricted = await connectMcp(t.server, '/mcp-icd', key);
		await restricted.client.listTools();

		const page = toolJson(await restricted.call('searchIcdVideos', { per_page: 100 }));
		expect(page.itemsTotal).toBe(t.db.count("dataset='icd' AND component='video' AND entity = ?", visible.entity));
		expect(page).toEqual(await rest('/v1/icd/videos?per_page=100', key));
		expect((page.items as Row[]).every((i) => i.entity === visible.entity)).toBe(true);
		// Filtering by a forbidden entity is an empty page, not a peek.
		expect(toolJson(await restricted.call('searchIcdVideos', { entity: hidden.entity })).itemsTotal).toBe(0);

		const geo = toolJson(await restricted.call('getIcdVideoGeoManifest', { limit: 5000 }));
		expect(geo.itemsTotal).toBe(t.db.count("dataset='icd' AND component='video' AND mappable = 1 AND entity = ?", visible.entity));
		expect((geo.items as Row[]).every((i) => i.entity === visible.entity)).toBe(true);

		toolJson(await restricted.call('getOneIcdVideo', { uuid: visible.uuid }));
		const a = toolProblem(await restricted.call('getOneIcdVideo', { uuid: hidden.uuid }), 404, 'not_found');
		const b = toolProblem(await restricted.call('getIcdVideoByComponentId', { component_id: hidden.primary_id }), 404, 'not_found');
		toolProblem(await restricted.call('getIcdVideoPlayer', { uuid: hidden.uuid }), 404, 'not_found');
		expect(a.title).toBe(b.title);

		const nl = toolJson(await restricted.call('searchIcdNl', { search: 'armed men at a roadblock', per_page: 50 }));
		expect(nl.itemsReceived).toBeGreaterThan(0);
		expect(withoutClock(nl)).toEqual(withoutClock(await rest(nlPath('icd', { search: 'armed men at a roadblock', per_page: 50 }), key)));
		expect((nl.items as Row[]).every((i) => i.entity === visible.entity)).toBe(true);
		await restricted.client.close();
	});
});

describe.each(DATASETS)('%s natural language search tool', (dataset) => {
	const tool = `search${P(dataset)}Nl`;

	it(`${tool} answers what REST answers, for the same arguments`, async () => {
		const paged = { search: 'armed men searching cars at a roadblock', per_page: 5, page: 2, top_k: 30 };
		const page = toolJson(await mcp.call(tool, paged));
		expect(page).toMatchObject({ status: 'ok', curPage: 2, itemsReceived: 5, top_k: 30, retrieval_question: paged.search });
		expect(withoutClock(page)).toEqual(withoutClock(await rest(nlPath(dataset, paged))));
		const label = dataset.toUpperCase();
		expect((page.items as { source_database: string }[]).every((i) => i.source_database === label)).toBe(true);

		const row = some(dataset, 'image', 4);
		const { country } = t.db.one<{ country: string }>(
			"SELECT primary_country AS country FROM records WHERE dataset = ? AND component = 'image' AND primary_country IS NOT NULL ORDER BY id LIMIT 1",
			dataset
		);
		const filtered = { search: 'people gathered in a street', source_component: 'image', country, date_from: '2000-01-01', date_to: '2030-12-31' };
		const narrowed = toolJson(await mcp.call(tool, filtered));
		expect(withoutClock(narrowed)).toEqual(withoutClock(await rest(nlPath(dataset, filtered))));
		expect(narrowed.itemsReceived).toBeGreaterThan(0);
		expect(narrowed.source_component_filter).toBe('image');
		expect(
			(narrowed.items as { source_component: string; primary_country?: string }[]).every((i) => i.source_component === 'image' && i.primary_country === country)
		).toBe(true);
		const byEntity = toolJson(await mcp.call(tool, { search: 'a report', entity: row.entity, per_page: 50 }));
		expect(byEntity.itemsReceived).toBeGreaterThan(0);
		expect((byEntity.items as Row[]).every((i) => i.entity === row.entity)).toBe(true);
	});

	it(`${tool} refuses bad arguments with the REST problem`, async () => {
		for (const bad of [
			{},
			{ search: '   ' },
			{ search: 'convoys', top_k: 201 },
			{ search: 'convoys', per_page: 51 },
			{ search: 'convoys', source_component: 'audio' },
			{ search: 'convoys', sort: 'relevance' }
		]) {
			const mcpProblem = toolProblem(await mcp.call(tool, bad), 400, 'invalid_parameter');
			const restProblem = await expectProblem(await t.server.get(nlPath(dataset, bad as Record<string, string | number>)), 400, 'invalid_parameter');
			expect(sansInstance(mcpProblem), JSON.stringify(bad)).toEqual(sansInstance(restProblem));
		}
		expect(toolProblem(await mcp.call(tool, {}), 400, 'invalid_parameter').errors).toEqual([{ param: 'search', message: expect.any(String) }]);
		expect(toolProblem(await mcp.call(tool, { search: 'convoys', top_k: 201 }), 400, 'invalid_parameter').errors).toEqual([
			{ param: 'top_k', message: 'must be at most 200' }
		]);
		// MCP arguments are typed: numbers as JSON numbers, the question as a string.
		expect(toolProblem(await mcp.call(tool, { search: 'convoys', page: '2' }), 400, 'invalid_parameter').errors).toEqual([
			{ param: 'page', message: 'expected a number' }
		]);
		expect(toolProblem(await mcp.call(tool, { search: 42 }), 400, 'invalid_parameter').errors).toEqual([{ param: 'search', message: 'expected a string' }]);
		expect(toolProblem(await mcp.call(tool, { search: 'convoys', topk: 5 }), 400, 'invalid_parameter').errors).toEqual([
			{ param: 'topk', message: 'unknown parameter' }
		]);
	});
});

describe('Domain GenAI tools', () => {
	type Turn = {
		answer: string;
		conversation_id: string;
		response_id: string;
		credits_charged: number;
		credits_remaining: number;
		sources: { dataset: string; citation: number }[];
	};
	const restTurn = async (dataset: Dataset, body: Record<string, unknown>, key: string): Promise<Turn> => {
		const r = await post(t.server, dataset, body, key);
		expect(r.status, await r.clone().text()).toBe(200);
		return r.json();
	};
	const unavailable = (result: Awaited<ReturnType<McpSession['call']>>) => toolProblem(result, 404, 'conversation_unavailable');

	it('continues one conversation across MCP calls and REST, each turn charging credits as REST does', async () => {
		const { key } = await t.server.createKey(['--credits', '4']);
		const session = await connectMcp(t.server, '/mcp-all', key);
		await session.client.listTools();

		const first = toolJson(
			await session.call('icdDomainGenAiChat', { question: 'Where were roadblocks set up and by which groups?', top_k: 4 })
		) as unknown as Turn;
		expect(first.conversation_id).toMatch(/^conv_/);
		expect(first.answer.length).toBeGreaterThan(50);
		expect(first.sources.length).toBeGreaterThan(0);
		expect(first.sources.length).toBeLessThanOrEqual(4);
		expect(first.sources.every((s) => s.dataset === 'ICD')).toBe(true);
		expect(first).toMatchObject({ credits_charged: 1, credits_remaining: 3 });

		const second = toolJson(
			await session.call('icdDomainGenAiChat', { question: 'And which of them were in Mali?', conversation_id: first.conversation_id })
		) as unknown as Turn;
		expect(second.conversation_id).toBe(first.conversation_id);
		expect(second.response_id).not.toBe(first.response_id);
		expect(second.credits_remaining).toBe(2);
		// The same conversation over REST: MCP and REST turns are one conversation and one credit balance.
		const third = await restTurn('icd', { question: 'When was that?', conversation_id: first.conversation_id }, key);
		expect(third.conversation_id).toBe(first.conversation_id);
		expect(third.credits_remaining).toBe(1);

		// An ICD conversation does not continue on ICDB: conversation_unavailable, and nothing is charged.
		const wrong = unavailable(await session.call('icdbDomainGenAiChat', { question: 'More?', conversation_id: first.conversation_id }));
		expect(wrong.remediation).toMatch(/conversation_id/);
		const fresh = toolJson(await session.call('icdbDomainGenAiChat', { question: 'Which funerals were filmed?' })) as unknown as Turn;
		expect(fresh.conversation_id).not.toBe(first.conversation_id);
		expect(fresh.sources.every((s) => s.dataset === 'ICDB')).toBe(true);
		expect(fresh.credits_remaining).toBe(0);

		// Out of credits: the REST 402 problem, as a tool error, on MCP and REST alike.
		const exhausted = toolProblem(
			await session.call('icdDomainGenAiChat', { question: 'Anything else?', conversation_id: first.conversation_id }),
			402,
			'credits_exhausted'
		);
		const restExhausted = await expectProblem(await post(t.server, 'icd', { question: 'Anything else?' }, key), 402, 'credits_exhausted');
		expect(sansInstance(exhausted)).toEqual(sansInstance(restExhausted));
		await session.client.close();
	});

	it('answers an unknown or foreign conversation with the REST conversation_unavailable problem', async () => {
		const { key } = await t.server.createKey(['--credits', '3']);
		const owner = await restTurn('icd', { question: 'Which convoys were filmed?' }, t.server.localKey);
		const session = await connectMcp(t.server, '/mcp-icd', key);
		for (const conversation_id of ['conv_' + 'A'.repeat(32), owner.conversation_id]) {
			const result = await session.call('icdDomainGenAiChat', { question: 'More on that', conversation_id });
			expect(result.isError).toBe(true);
			const body = unavailable(result);
			expect(body.instance).toBe('/mcp-icd');
			const rest = await expectProblem(await post(t.server, 'icd', { question: 'More on that', conversation_id }, key), 404, 'conversation_unavailable');
			expect(sansInstance(body)).toEqual(sansInstance(rest));
		}
		// Failed turns cost nothing: the first successful one leaves 2 of 3.
		expect((toolJson(await session.call('icdDomainGenAiChat', { question: 'Which convoys were filmed?' })) as unknown as Turn).credits_remaining).toBe(2);
		await session.client.close();
	});

	it('refuses bad arguments with the REST problem, before any charge', async () => {
		const { key } = await t.server.createKey(['--credits', '1']);
		const session = await connectMcp(t.server, '/mcp-all', key);
		const bads = [
			{},
			{ question: ' ' },
			{ question: 'convoys', top_k: '3' },
			{ question: 'convoys', top_k: 51 },
			{ question: 'convoys', conversation_id: 5 },
			{ question: 'convoys', extra: true }
		];
		for (const bad of bads) {
			const mcpProblem = toolProblem(await session.call('icdbDomainGenAiChat', bad), 400, 'invalid_parameter');
			const restProblem = await expectProblem(await post(t.server, 'icdb', bad, key), 400, 'invalid_parameter');
			expect(sansInstance(mcpProblem), JSON.stringify(bad)).toEqual(sansInstance(restProblem));
		}
		expect(toolProblem(await session.call('icdbDomainGenAiChat', { question: 'convoys', extra: true }), 400, 'invalid_parameter').errors).toEqual([
			{ param: 'extra', message: 'unknown parameter' }
		]);
		expect((toolJson(await session.call('icdbDomainGenAiChat', { question: 'convoys' })) as unknown as Turn).credits_remaining).toBe(0);
		await session.client.close();
	});

	it('hides and refuses Domain GenAI for a key without the genai feature, which keeps natural language search', async () => {
		const { key } = await t.server.createKey(['--features', 'search,nl_search,mcp', '--credits', '5']);
		const session = await connectMcp(t.server, '/mcp-all', key);
		const listed = (await session.client.listTools()).tools.map((tool) => tool.name);
		expect(listed).toEqual(['searchIcdVideos', 'searchIcdImages', 'searchIcdbVideos', 'searchIcdbImages', 'searchIcdNl', 'searchIcdbNl']);
		for (const tool of ['icdDomainGenAiChat', 'icdbDomainGenAiChat']) {
			const refused = toolProblem(await session.call(tool, { question: 'Which convoys were filmed?' }), 403, 'forbidden');
			expect(refused.detail).toMatch(/GenAI/i);
			// Refused before the body is read, as over REST.
			toolProblem(await session.call(tool, {}), 403, 'forbidden');
		}
		await expectProblem(await post(t.server, 'icd', { question: 'Which convoys were filmed?' }, key), 403, 'forbidden');
		expect(toolJson(await session.call('searchIcdNl', { search: 'convoys', per_page: 1 })).itemsReceived).toBe(1);
		await session.client.close();
	});
});
