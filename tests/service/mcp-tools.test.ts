// Every MCP tool called through the SDK client, with valid arguments (the answer is the REST
// answer) and with bad ones (the REST problem, as a tool error), and under entity restrictions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENTS, COMPONENT_PATH, DATASETS, type Component, type Dataset } from '../../src/lib/types/dataset';
import { connectMcp, toolJson, toolProblem, type McpSession } from '../helpers/mcp';
import { serverWithOracle } from '../helpers/server';

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
	t.db.one<Row>('SELECT uuid, primary_id, entity, title FROM records WHERE dataset = ? AND component = ? AND mappable = 1 ORDER BY id LIMIT 1 OFFSET ?', dataset, component, offset);

const combos = DATASETS.flatMap((dataset) => COMPONENTS.map((component) => ({ dataset, component, base: `/v1/${dataset}/${COMPONENT_PATH[component]}`, dc: `${P(dataset)}${P(component)}` })));

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
		toolProblem(await mcp.call(tool, { search: '"quoted"' }), 400, 'invalid_parameter');
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
		expect(toolProblem(await mcp.call(`get${dc}ByComponentId`, {}), 400, 'invalid_parameter').errors).toEqual([{ param: 'component_id', message: expect.any(String) }]);
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
		const hidden = t.db.one<Row>("SELECT uuid, primary_id, entity, title FROM records WHERE dataset='icd' AND component='video' AND mappable = 1 AND entity <> ? LIMIT 1", visible.entity);
		const { key } = t.server.createKey(['--entities', visible.entity]);
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
		await restricted.client.close();
	});
});
