// Error bodies. The spec describes only the 429 body (type, title, status, instance); the embedded
// service sends RFC 9457 problems with code and remediation on every error. Anything else (HTML
// from a proxy, plain text, empty) decodes to undefined and the status alone speaks.
import { z } from 'zod';
import { optionalInt, optionalText } from './shape';

export interface Problem {
	type?: string;
	title?: string;
	status?: number;
	detail?: string;
	code?: string;
	remediation?: string;
}

const problemBody = z.looseObject({
	type: optionalText,
	title: optionalText,
	status: optionalInt,
	detail: optionalText,
	code: optionalText,
	remediation: optionalText
});

/** An error body, parsed (anything that is not a problem object, such as a body that was not JSON, is undefined). */
export function decodeProblem(json: unknown): Problem | undefined {
	const parsed = problemBody.safeParse(json);
	if (!parsed.success) return undefined;
	const { type, title, status, detail, code, remediation } = parsed.data;
	const problem: Problem = { type, title, status, detail, code, remediation };
	// A JSON body with none of the fields (e.g. {"error": "…"}) is not a problem we understand.
	return Object.values(problem).some((v) => v !== undefined) ? problem : undefined;
}

/** retry-after: delay-seconds (the spec: an integer) or, tolerated, an HTTP-date. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
	if (value === null || value.trim() === '') return undefined;
	const seconds = Number(value.trim());
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}
