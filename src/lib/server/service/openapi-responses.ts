// The responses of /openapi.json's operations: statuses, content types and the headers every
// answer carries, as the service sends them (http.ts, problems.ts, auth/rate-limit.ts).
// tests/service/contract.test.ts checks every answer of a request sweep against them.

type JsonSchema = Record<string, unknown>;

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** components.headers: declared once, referred to by every response. */
export const HEADERS: Record<string, JsonSchema> = {
	RateLimit: {
		description: 'The key\'s bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request.',
		required: true,
		schema: { type: 'string' }
	},
	'RateLimit-Policy': {
		description:
			'The key\'s token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request.',
		required: true,
		schema: { type: 'string' }
	},
	'Retry-After': {
		description: 'Whole seconds to wait before sending the request again, at least 1.',
		required: true,
		schema: { type: 'integer', minimum: 1 }
	},
	'WWW-Authenticate': { description: 'Bearer realm="icd", error="invalid_token"', required: true, schema: { type: 'string' } }
};

const rateLimitHeaders = { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') };

// The edge refuses a foreign Host or a cross-site browser request before the key is read
// (src/lib/server/edge/guard.ts): that 403 has no bucket to report.
const rateLimitHeadersOf403 = Object.fromEntries(
	Object.keys(rateLimitHeaders).map((name) => [
		name,
		{
			...HEADERS[name],
			required: false,
			description: `${HEADERS[name].description} Absent on host_not_allowed and cross_site_request, refused before the key is read.`
		}
	])
);

const DESCRIPTIONS: Record<number, string> = {
	400: 'invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one',
	401: 'unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check)',
	402: 'credits_exhausted: too few Domain GenAI credits; nothing was consumed',
	403: 'forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge)',
	404: "not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it)",
	413: 'payload_too_large: the body is larger than the service accepts (a question needs a few kilobytes)',
	429: "rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states",
	502: 'upstream_unavailable: the configured model endpoint failed; a fixed detail, nothing consumed',
	503: 'overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After'
};

/** Error responses: RFC 9457 problems, with the headers each status carries. */
export function problemResponses(codes: number[], described: Partial<Record<number, string>> = {}): Record<string, JsonSchema> {
	return Object.fromEntries(
		codes.map((code) => [
			String(code),
			{
				description: described[code] ?? DESCRIPTIONS[code],
				headers: {
					...(code === 401 ? { 'WWW-Authenticate': header('WWW-Authenticate') } : code === 403 ? rateLimitHeadersOf403 : rateLimitHeaders),
					...(code === 429 || code === 503 ? { 'Retry-After': header('Retry-After') } : {})
				},
				// The spec gives the 429 body as application/json; the other errors are problem+json.
				content: { [code === 429 ? 'application/json' : 'application/problem+json']: { schema: { $ref: '#/components/schemas/Problem' } } }
			}
		])
	);
}

/** A 200 whose JSON body is the named component schema. */
export const ok = (ref: string, description = 'OK') => ({
	'200': { description, headers: rateLimitHeaders, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } }
});

/** A 204 with no body. */
export const noContent = (description: string) => ({ '204': { description, headers: rateLimitHeaders } });
