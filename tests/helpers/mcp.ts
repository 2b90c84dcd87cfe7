// The SDK's own MCP client over Streamable HTTP, against a test server's /mcp-icd or /mcp-all.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import type { TestServer } from './server';

export interface McpSession {
	client: Client;
	/** HTTP requests the client has sent so far. */
	requests(): number;
	/** Waits until every HTTP request sent so far has been answered (the client fires some in the background). */
	settle(): Promise<void>;
	call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
}

export async function connectMcp(server: TestServer, path: '/mcp-icd' | '/mcp-all', key: string | null = server.localKey): Promise<McpSession> {
	const pending = new Set<Promise<unknown>>();
	let requests = 0;
	const tracked: typeof fetch = (input, init) => {
		requests++;
		const p = fetch(input, init);
		pending.add(p);
		p.catch(() => undefined).finally(() => pending.delete(p));
		return p;
	};
	const transport = new StreamableHTTPClientTransport(new URL(server.url + path), {
		requestInit: key === null ? {} : { headers: { authorization: `Bearer ${key}` } },
		fetch: tracked
	});
	const client = new Client({ name: 'icd-tests', version: '1.0.0' });
	await client.connect(transport);
	return {
		client,
		requests: () => requests,
		settle: async () => {
			await Promise.allSettled([...pending]);
		},
		call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult
	};
}

/** The JSON of a successful tool result, checked to be the same as text and as structured content. */
export function toolJson(result: CallToolResult): Record<string, unknown> {
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	const text = result.content[0];
	expect(text.type).toBe('text');
	const parsed = JSON.parse((text as { text: string }).text);
	expect(result.structuredContent).toEqual(parsed);
	return parsed;
}

/** Asserts a tool error result carrying a problem with this status and code, and returns the problem. */
export function toolProblem(result: CallToolResult, status: number, code: string): Record<string, unknown> {
	expect(result.isError, JSON.stringify(result)).toBe(true);
	expect(result.structuredContent).toBeUndefined();
	const text = result.content[0] as { type: string; text: string };
	expect(text.type).toBe('text');
	const body = JSON.parse(text.text);
	expect(body).toMatchObject({ status, code });
	expect(typeof body.type).toBe('string');
	expect(typeof body.title).toBe('string');
	expect(typeof body.remediation).toBe('string');
	for (const k of Object.keys(body)) expect(['type', 'title', 'status', 'detail', 'instance', 'code', 'remediation', 'errors']).toContain(k);
	return body;
}
