// The service's HTTP edge, shared by every REST route and the MCP endpoints: authentication,
// rate limiting, and turning results and ProblemErrors into responses.
import type { ApiKey } from './auth/keys';
import { authenticate } from './auth/keys';
import type { RateLimits } from './auth/rate-limit';
import type { Sql } from '../db/sql';
import { problem, problemResponse, ProblemError, type Problem } from './problems';

export const SERVICE_PATH = /^\/(v1(\/|$)|mcp-icd$|mcp-all$|openapi\.json$)/;
export const PUBLIC_SERVICE_PATHS = new Set(['/openapi.json']);

export type Admission = { ok: true; key: ApiKey; headers: Record<string, string> } | { ok: false; problem: Problem; headers: Record<string, string> };
export type GateResult = { ok: true; key: ApiKey; headers: Record<string, string> } | { ok: false; response: Response };

/** 401 for a missing or wrong key, 429 when its bucket is empty; otherwise the key and its RateLimit headers. */
export async function admit(sql: Sql, limiter: RateLimits, authorization: string | null, nowMs: number): Promise<Admission> {
	const key = await authenticate(sql, authorization);
	if (!key) {
		const detail = authorization ? 'The bearer token is malformed, unknown or revoked for this deployment.' : 'The Authorization header is missing.';
		return { ok: false, problem: problem('unauthorized', detail), headers: {} };
	}
	const decision = await limiter.take(key, nowMs);
	if (!decision.allowed) return { ok: false, problem: rateLimited(key, decision.retryAfter), headers: decision.headers };
	return { ok: true, key, headers: decision.headers };
}

/** admit() for an HTTP request: a refusal comes back as its problem response. */
export async function gate(sql: Sql, limiter: RateLimits, authorization: string | null, path: string, nowMs: number): Promise<GateResult> {
	const admission = await admit(sql, limiter, authorization, nowMs);
	return admission.ok ? admission : { ok: false, response: problemResponse(admission.problem, path, admission.headers) };
}

export function rateLimited(key: ApiKey, retryAfter: number): Problem {
	return problem('rate_limited', `Rate limit of ${key.rate} requests per second (burst ${key.burst}) exceeded; retry in ${retryAfter} s.`);
}

/**
 * Runs one service call and answers with its JSON, or with the problem it raised. Never leaks an
 * internal error. A result that is already JSON text (bytes from the read side) is sent as it is.
 */
export function answer(path: string, run: () => unknown, status = 200): Response {
	try {
		const body = run();
		if (status === 204) return new Response(null, { status });
		const json = body instanceof Uint8Array ? uncopiedBody(body) : JSON.stringify(body);
		return new Response(json, { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
	} catch (error) {
		return errorResponse(path, error);
	}
}

/**
 * Bytes as a Response body without a copy. Given a Uint8Array, undici copies it into a new buffer;
 * given a stream, it takes the stream's chunks as they are. A 5,000-item manifest page is half a
 * megabyte outside the heap, and on the main thread each such copy brought V8's next full
 * collection closer: under 16 page clients it ran one every second, 70-100 ms each (--trace-gc).
 */
function uncopiedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
	return new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(bytes);
			controller.close();
		}
	});
}

/** answer() for service calls that wait on something (the read side, a model). */
export async function answerAsync(path: string, run: () => Promise<unknown>, status = 200): Promise<Response> {
	try {
		const body = await run();
		return answer(path, () => body, status);
	} catch (error) {
		return errorResponse(path, error);
	}
}

export function errorResponse(path: string, error: unknown): Response {
	const { problem, headers } = errorAnswer(path, error);
	return problemResponse(problem, path, headers);
}

/** The problem (and its headers) a failed service call answers with; never an internal error's details. */
export function errorAnswer(path: string, error: unknown): { problem: Problem; headers: Record<string, string> } {
	if (error instanceof ProblemError) return { problem: { ...error.problem, instance: path }, headers: error.headers };
	console.error(`[service] unexpected error on ${path}:`, error);
	return { problem: { ...problem('internal_error', 'The service could not complete this request.'), instance: path }, headers: {} };
}

/** Adds headers to a response, copying it first when its headers are immutable. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
	try {
		for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
		return response;
	} catch {
		const copy = new Response(response.body, response);
		for (const [k, v] of Object.entries(headers)) copy.headers.set(k, v);
		return copy;
	}
}
