// What an MCP tool is here: one REST operation of the service, offered to models. A tool names
// the REST request schema (so arguments validate exactly as REST parameters do, and its input
// schema is generated from it), the response schema (its output schema) and the service
// function both REST and MCP call, so permissions, entity restrictions and credits are one path.
import type { z } from 'zod';
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Dataset } from '../../../types/dataset';
import type { ApiKey, Feature } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ServiceDeps } from '../service-deps';
import { problem, ProblemError, type Problem } from '../problems';
import { jsonSchema, parseParams } from '../schemas';

export interface ToolContext {
	deps: ServiceDeps;
	key: ApiKey;
	/** The origin callers reach this server at, for the media links the service hands out. */
	origin: string;
	/** The request's time: what its reads see as now. */
	at: number;
}

/** The behaviour annotations, every hint explicit (spec, MCP endpoints). */
type Hints = Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;

/** Search, lookup, detail, media, geo manifests and natural language search. */
export const READ_ONLY: Hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** A Domain GenAI turn: billable, and a repeat is another turn. */
export const GENAI_TURN: Hints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export interface McpTool<S extends z.ZodType = z.ZodType> {
	/** The spec's tool name, also the REST operationId. */
	name: string;
	title: string;
	description: string;
	dataset: Dataset;
	/** The key feature the REST equivalent needs; with the dataset it decides visibility. */
	feature: Feature;
	/** The REST request schema: query or path parameters, or the JSON body. */
	input: S;
	/**
	 * "query": REST receives these fields as text, so integer arguments are sent to the schema as
	 * digits (and must be JSON numbers); "body": the arguments are the JSON body as they are.
	 */
	args: 'query' | 'body';
	output: z.ZodType;
	hints: Hints;
	run(ctx: ToolContext, params: z.output<S>): unknown;
}

export function defineTool<S extends z.ZodType>(tool: McpTool<S>): McpTool {
	return tool as unknown as McpTool;
}

const listings = new WeakMap<McpTool, Tool>();

/** The tools/list entry, computed once per tool (the registry is static). */
export function listing(tool: McpTool): Tool {
	let entry = listings.get(tool);
	if (!entry) {
		entry = {
			name: tool.name,
			title: tool.title,
			description: tool.description,
			inputSchema: jsonSchema(tool.input, 'input') as Tool['inputSchema'],
			outputSchema: jsonSchema(tool.output, 'output') as Tool['outputSchema'],
			annotations: { title: tool.title, ...tool.hints }
		};
		listings.set(tool, entry);
	}
	return entry;
}

/**
 * Tool arguments to what the REST schema parses. Query fields are text on REST: integers must be
 * JSON numbers here and become digits; anything else of the wrong type is refused by name
 * instead of being coerced. Unknown arguments pass through so the strict schema names them.
 */
export function argsToParams(tool: McpTool, args: Record<string, unknown>): Record<string, unknown> {
	if (tool.args === 'body') return args;
	const properties = (listing(tool).inputSchema.properties ?? {}) as Record<string, { type?: string }>;
	const out: Record<string, unknown> = {};
	const errors: { param: string; message: string }[] = [];
	for (const [name, value] of Object.entries(args)) {
		const type = properties[name]?.type;
		// null, like an empty string, is "not given" for an optional argument (parseParams).
		if (value === null) out[name] = null;
		else if (type === 'integer') {
			if (typeof value === 'number') out[name] = String(value);
			else errors.push({ param: name, message: 'expected a number' });
		} else if (type === 'string') {
			if (typeof value === 'string') out[name] = value;
			else errors.push({ param: name, message: 'expected a string' });
		} else {
			out[name] = typeof value === 'string' ? value : JSON.stringify(value);
		}
	}
	if (errors.length > 0) {
		throw new ProblemError('invalid_parameter', `Invalid parameters: ${errors.map((e) => `${e.param}: ${e.message}`).join('; ')}`, { errors });
	}
	return out;
}

/**
 * Runs one tool call through the same permission check and service function as its REST
 * equivalent. Failures are tool results (isError) carrying the REST problem JSON as text, so a
 * model reads the remediation; they carry no structuredContent, which must match the output schema.
 */
export async function callTool(tool: McpTool, ctx: ToolContext, args: Record<string, unknown>, instance: string): Promise<CallToolResult> {
	try {
		requireAccess(ctx.key, tool.dataset, tool.feature);
		const params = parseParams(tool.input, argsToParams(tool, args));
		const result = await tool.run(ctx, params);
		// A read's answer arrives as its JSON text: sent as the text content, parsed once for structuredContent.
		const text = result instanceof Uint8Array ? Buffer.from(result.buffer, result.byteOffset, result.byteLength).toString('utf8') : JSON.stringify(result);
		return { content: [{ type: 'text', text }], structuredContent: result instanceof Uint8Array ? JSON.parse(text) : (result as Record<string, unknown>) };
	} catch (error) {
		if (error instanceof ProblemError) return problemResult(error.problem, instance);
		console.error(`[service] unexpected error in MCP tool ${tool.name}:`, error);
		return problemResult(problem('internal_error', 'The service could not complete this tool call.'), instance);
	}
}

export function problemResult(p: Problem, instance: string): CallToolResult {
	return { isError: true, content: [{ type: 'text', text: JSON.stringify({ ...p, instance }) }] };
}
