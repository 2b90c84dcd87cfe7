// One MCP request: a stateless Streamable HTTP exchange through the SDK's web-standard transport,
// with a fresh server and transport per HTTP request and JSON (not SSE) responses. The low-level
// Server is used rather than McpServer because tools validate their arguments with the REST
// schemas and answer failures with the REST problem JSON; McpServer validates by itself.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RateLimits } from '../auth/rate-limit';
import { requireAccess } from '../auth/permissions';
import { rateLimited } from '../http';
import { problem, problemResponse, type ProblemCode } from '../problems';
import { offeredTools, TOOLS, visibleTools, type McpScope } from './registry';
import { callTool, listing, problemResult, type ToolContext } from './tool';

export interface McpContext extends ToolContext {
	limiter: RateLimits;
	/** The endpoint path, used as the problem instance. */
	path: string;
}

const INSTRUCTIONS = [
	'ICD and ICDB are independent datasets, each with a video and an image component; tool names say which (searchIcdVideos, getOneIcdbImage, …). Keep dataset labels when reporting results.',
	'Use structured search for known keywords or filters, the by-component-id tools when a component id is known, getOne… for a full record (report, transcript), geo manifests (cursor paging) to map records, and the player/viewer tools for expiring media links meant for people.',
	'Use natural language search (searchIcdNl, searchIcdbNl) to find records by meaning from a descriptive phrase or question; Domain GenAI (icdDomainGenAiChat, icdbDomainGenAiChat) answers questions from cited sources, and each call is a billable turn: never retry or replay it automatically, and continue a conversation with the conversation_id of the previous successful turn.',
	'Results are limited to what the API key may see: an empty result does not prove that no content exists. Errors are problem JSON with a remediation to follow.'
].join('\n');

/** A JSON-RPC "invalid params" error, as MCP asks for unknown tools. (McpError would prefix its message twice on the client.) */
function unknownTool(message: string): Error {
	return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}

// Below adapter-node's BODY_SIZE_LIMIT (512 KiB), so an oversized body is the transport's clear
// 413 rather than a stream cut short; a tool call needs a few kilobytes.
const MAX_BODY_BYTES = 256 * 1024;

const TRANSPORT_PROBLEMS: Record<number, ProblemCode> = { 406: 'not_acceptable', 413: 'payload_too_large', 415: 'unsupported_media_type' };

function createServer(scope: McpScope, ctx: McpContext): Server {
	const offered = new Map(offeredTools(scope).map((tool) => [tool.name, tool]));
	const server = new Server({ name: 'icd-icdb-service', version: '1.3.1' }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });

	server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: visibleTools(scope, ctx.key).map(listing) }));

	let calls = 0;
	let charging: Promise<unknown> = Promise.resolve();
	server.setRequestHandler(CallToolRequestSchema, async (request) => {
		const { name, arguments: args = {} } = request.params;
		const tool = offered.get(name);
		if (!tool) {
			const elsewhere = TOOLS.some((t) => t.name === name);
			throw unknownTool(elsewhere ? `Tool ${name} is not offered on ${ctx.path}; use /mcp-all.` : `Unknown tool: ${name}`);
		}
		// The HTTP request paid one token at the edge, which covers one call. Further calls in a
		// JSON-RPC batch pay one each, so every tools/call costs what its REST request costs.
		// The batch's calls are taken in its order, each once the one before it was decided: on
		// PostgreSQL, concurrent takes reach the database in any order, and the calls refused
		// must be the last ones, not whichever lost the race.
		if (++calls > 1) {
			const turn = charging.then(() => ctx.limiter.take(ctx.key, ctx.deps.now()));
			charging = turn.catch(() => {});
			const decision = await turn;
			if (!decision.allowed) return problemResult(rateLimited(ctx.key, decision.retryAfter), ctx.path);
		}
		return callTool(tool, ctx, args, ctx.path);
	});
	return server;
}

/** Transport refusals (bad Accept, content type, JSON or JSON-RPC) become problem JSON like every service error. */
async function asProblem(response: Response, path: string): Promise<Response> {
	let detail = `The MCP request was refused (HTTP ${response.status}).`;
	try {
		const body = (await response.json()) as { error?: { message?: string } };
		if (body.error?.message) detail = body.error.message;
	} catch {
		/* keep the generic detail */
	}
	// An oversized body is refused unread: closing the connection keeps the client from reusing a
	// socket that still holds the rest of it.
	const headers: Record<string, string> = response.status === 413 ? { connection: 'close' } : {};
	return problemResponse(problem(TRANSPORT_PROBLEMS[response.status] ?? 'invalid_request', detail), path, headers);
}

/** Answers one POST to /mcp-icd or /mcp-all. Throws a ProblemError (403) when the key may not use the endpoint. */
export async function handleMcp(request: Request, scope: McpScope, ctx: McpContext): Promise<Response> {
	requireAccess(ctx.key, scope === 'icd' ? 'icd' : null, 'mcp');
	const server = createServer(scope, ctx);
	const transport = new WebStandardStreamableHTTPServerTransport({
		sessionIdGenerator: undefined,
		enableJsonResponse: true,
		maxRequestBodySize: MAX_BODY_BYTES
	});
	await server.connect(transport);
	try {
		const response = await transport.handleRequest(request);
		return response.ok ? response : await asProblem(response, ctx.path);
	} finally {
		await server.close();
	}
}
