import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/open';
import { sqliteSql } from '../../db/sqlite-sql';
import type { Settings } from '../../env';
import { createKey, findKey, type ApiKey, type NewKey } from '../auth/keys';
import { openApiDocument } from '../openapi';
import { inlineReads } from '../reads/reads';
import { offeredTools, TOOLS, visibleTools } from './registry';
import { argsToParams, callTool, listing, type McpTool, type ToolContext } from './tool';

const tool = (name: string): McpTool => TOOLS.find((t) => t.name === name)!;

describe('the tool registry', () => {
	type Operation = { operationId?: string; parameters?: { name: string }[]; requestBody?: { content: Record<string, { schema: { properties: object } }> } };
	const doc = openApiDocument('http://x') as { paths: Record<string, Record<string, Operation>> };
	// Named operations of every method (Domain GenAI is a POST; conversation deletion has no operationId).
	const operations = new Map(
		Object.values(doc.paths)
			.flatMap((p) => Object.values(p))
			.filter((op) => op.operationId)
			.map((op) => [op.operationId!, op])
	);

	it('names every tool after a REST operation and takes exactly its parameters', () => {
		expect(TOOLS).toHaveLength(24);
		expect(new Set(TOOLS.map((t) => t.name)).size).toBe(24);
		for (const t of TOOLS) {
			const op = operations.get(t.name);
			expect(op, t.name).toBeDefined();
			// Tools whose REST input is a JSON body (Domain GenAI) take its fields instead.
			if (t.args === 'query')
				expect(Object.keys(listing(t).inputSchema.properties ?? {}).sort(), t.name).toEqual((op!.parameters ?? []).map((p) => p.name).sort());
			else
				expect(Object.keys(listing(t).inputSchema.properties ?? {}).sort(), t.name).toEqual(
					Object.keys(op!.requestBody!.content['application/json'].schema.properties).sort()
				);
		}
	});

	it('sets all four behaviour hints on every tool', () => {
		for (const t of TOOLS) {
			const a = listing(t).annotations!;
			for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
				expect(typeof a[hint], `${t.name} ${hint}`).toBe('boolean');
		}
	});

	it('offers ICD tools on /mcp-icd and shows a key only what its datasets and features allow', () => {
		expect(offeredTools('icd').every((t) => t.dataset === 'icd')).toBe(true);
		expect(offeredTools('all')).toHaveLength(24);
		const key = { datasets: ['icdb'], features: ['detail', 'mcp'] } as unknown as ApiKey;
		expect(visibleTools('all', key).map((t) => t.name)).toEqual(['getOneIcdbVideo', 'getOneIcdbImage']);
		expect(visibleTools('icd', key)).toEqual([]);
	});
});

describe('tool arguments', () => {
	it('turns integer arguments into the digit text REST parses, and refuses other types by name', () => {
		expect(argsToParams(tool('searchIcdVideos'), { search: 'convoy', page: 2, per_page: 10 })).toEqual({ search: 'convoy', page: '2', per_page: '10' });
		expect(() => argsToParams(tool('searchIcdVideos'), { page: '2', search: 3 })).toThrow(/page: expected a number; search: expected a string/);
		// Unknown arguments are left for the strict schema to name.
		expect(argsToParams(tool('getOneIcdVideo'), { uuid: 'u', flag: true })).toEqual({ uuid: 'u', flag: 'true' });
		// Body tools (Domain GenAI) take the JSON body as it is: numbers stay numbers.
		expect(argsToParams(tool('icdDomainGenAiChat'), { question: 'q', top_k: 3 })).toEqual({ question: 'q', top_k: 3 });
	});
});

describe('callTool, apart from any transport', () => {
	let dir: string;
	let db: Db;
	const UUID = '7d3e5f10-2b4c-4d6e-8f90-a1b2c3d4e5f6';
	const ctx = async (spec: Partial<NewKey> = {}): Promise<ToolContext> => {
		const sql = sqliteSql(db);
		const { id } = await createKey(sql, { name: 't', rate: 1, burst: 1, credits: 0, ...spec }, 0);
		const settings = {} as Settings;
		return {
			deps: { sql, settings, now: () => 0, reads: inlineReads({ sql, settings }) },
			key: (await findKey(sql, id))!,
			origin: 'http://127.0.0.1:3000',
			at: 0
		};
	};

	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-tool-test-'));
		db = openDatabase(dir);
		db.prepare(
			`INSERT INTO records (dataset, component, uuid, primary_id, primary_date, entity, primary_country, dominant_lat, dominant_long, mappable, title, report, transcript)
			 VALUES ('icd', 'video', ?, 42, '2021-03-04', 'Some Group', 'Mali', 16.27, -0.04, 1, 'A title', 'A report', 'A transcript')`
		).run(UUID);
	});
	afterAll(() => {
		db.close();
		fs.rmSync(dir, { recursive: true, force: true });
	});

	it('answers the record as structured content and as the same JSON text', async () => {
		const result = await callTool(tool('getIcdVideoByComponentId'), await ctx(), { component_id: 42 }, '/mcp-all');
		expect(result.isError).toBeUndefined();
		expect(result.structuredContent).toMatchObject({ uuid: UUID, primary_id: 42, report: 'A report', transcript: 'A transcript' });
		expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
	});

	it('answers refusals as error results carrying the problem JSON', async () => {
		const forbidden = await callTool(tool('getOneIcdVideo'), await ctx({ features: ['search', 'mcp'] }), { uuid: UUID }, '/mcp-icd');
		expect(forbidden.isError).toBe(true);
		expect(JSON.parse((forbidden.content[0] as { text: string }).text)).toMatchObject({ status: 403, code: 'forbidden', instance: '/mcp-icd' });
		const hidden = await callTool(tool('getOneIcdVideo'), await ctx({ entities: ['Other Group'] }), { uuid: UUID }, '/mcp-icd');
		expect(JSON.parse((hidden.content[0] as { text: string }).text)).toMatchObject({ status: 404, code: 'not_found' });
	});
});
