import { expect } from 'vitest';

/** Asserts an RFC 9457 problem response with the given status and code, and returns its body. */
export async function expectProblem(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
	const text = await response.text();
	expect(response.status, text).toBe(status);
	// The spec states application/json for the 429 body; every other error is problem+json.
	expect(response.headers.get('content-type')).toMatch(status === 429 ? /^application\/json/ : /^application\/problem\+json/);
	const body = JSON.parse(text);
	expect(body).toMatchObject({ status, code });
	expect(typeof body.type).toBe('string');
	expect(typeof body.title).toBe('string');
	expect(typeof body.remediation).toBe('string');
	// Public errors omit trace, request, build and infrastructure identifiers.
	expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'remediation', 'status', 'title', 'type']));
	for (const k of Object.keys(body)) expect(['type', 'title', 'status', 'detail', 'instance', 'code', 'remediation', 'errors']).toContain(k);
	expect(text).not.toMatch(/trace|request[_-]?id|build|hostname|stack|at \w+ \(/i);
	return body;
}
