// RFC 9457 problem details. Every non-2xx answer of the service is one of these.
// Bodies never carry trace, request, build or host identifiers (spec, Errors).

export type ProblemCode =
	| 'invalid_parameter'
	| 'invalid_cursor'
	| 'unauthorized'
	| 'forbidden'
	| 'host_not_allowed'
	| 'cross_site_request'
	| 'not_found'
	| 'method_not_allowed'
	| 'invalid_request'
	| 'not_acceptable'
	| 'unsupported_media_type'
	| 'payload_too_large'
	| 'conversation_unavailable'
	| 'rate_limited'
	| 'quota_exhausted'
	| 'credits_exhausted'
	| 'upstream_unavailable'
	| 'overloaded'
	| 'read_interrupted'
	| 'internal_error';

export interface FieldError {
	param: string;
	message: string;
}

export interface Problem {
	type: string;
	title: string;
	status: number;
	detail: string;
	instance?: string;
	code: ProblemCode;
	remediation: string;
	errors?: FieldError[];
}

interface ProblemDefinition {
	status: number;
	title: string;
	remediation: string;
}

const DEFINITIONS: Record<ProblemCode, ProblemDefinition> = {
	invalid_parameter: {
		status: 400,
		title: 'Invalid parameter',
		remediation: 'Correct the parameters listed in errors and send the request again.'
	},
	invalid_cursor: {
		status: 400,
		title: 'Cursor rejected',
		remediation: 'Repeat the same request without the cursor parameter to restart the traversal.'
	},
	unauthorized: {
		status: 401,
		title: 'Unauthorized',
		remediation: 'Send a valid key for this deployment as "Authorization: Bearer <API_KEY>".'
	},
	forbidden: {
		status: 403,
		title: 'Forbidden',
		remediation: 'Ask the key administrator for the missing dataset or feature permission.'
	},
	// The next two refuse what a foreign web page could make a browser send (src/lib/server/edge).
	host_not_allowed: {
		status: 403,
		title: 'Host not allowed',
		remediation: 'Reach this server under one of its configured names; an operator adds names with ALLOWED_HOSTS (or ORIGIN behind a proxy).'
	},
	cross_site_request: {
		status: 403,
		title: 'Cross-site request refused',
		remediation: "Send the request from this server's own pages, or from a client that is not a browser page of another site."
	},
	not_found: {
		status: 404,
		title: 'Not found',
		remediation: 'Check the identifier; the record may not exist or may be outside what this key may see.'
	},
	method_not_allowed: {
		status: 405,
		title: 'Method not allowed',
		remediation: 'Use one of the methods listed in the Allow header; the service is read-only apart from Domain GenAI.'
	},
	// The next four answer MCP requests that are not well-formed Streamable HTTP JSON-RPC.
	invalid_request: {
		status: 400,
		title: 'Invalid request',
		remediation: 'Send one JSON-RPC 2.0 message (or a batch) as the JSON body, as MCP Streamable HTTP requires.'
	},
	not_acceptable: {
		status: 406,
		title: 'Not acceptable',
		remediation: 'Send "Accept: application/json, text/event-stream", as MCP Streamable HTTP requires.'
	},
	unsupported_media_type: {
		status: 415,
		title: 'Unsupported media type',
		remediation: 'Send the body as "Content-Type: application/json".'
	},
	payload_too_large: {
		status: 413,
		title: 'Payload too large',
		remediation: 'Send a smaller body; one tool call needs only a few kilobytes.'
	},
	conversation_unavailable: {
		status: 404,
		title: 'Conversation unavailable',
		remediation: 'Start a new conversation by sending the question without conversation_id.'
	},
	rate_limited: {
		status: 429,
		title: 'Too many requests',
		remediation: 'Wait for the number of seconds in the retry-after header, then retry.'
	},
	quota_exhausted: {
		status: 429,
		title: 'Quota exhausted',
		remediation: 'Wait for the quota window in retry-after or ask for a larger quota.'
	},
	credits_exhausted: {
		status: 402,
		title: 'Credits exhausted',
		remediation: 'Ask the key administrator to add Domain GenAI credits; nothing was consumed.'
	},
	upstream_unavailable: {
		status: 502,
		title: 'Upstream model unavailable',
		remediation:
			'The configured language or embeddings model did not answer usably; retry later. For Domain GenAI nothing was consumed and the conversation was not extended.'
	},
	// The next two come from the read side (reader workers, src/lib/server/service/reads).
	overloaded: {
		status: 503,
		title: 'Service overloaded',
		remediation: 'Wait for the number of seconds in the retry-after header, then retry; the request was not started.'
	},
	read_interrupted: {
		status: 503,
		title: 'Read interrupted',
		remediation: 'The reader that was answering stopped and has been replaced: wait for the number of seconds in retry-after, then retry.'
	},
	internal_error: {
		status: 500,
		title: 'Internal error',
		remediation: 'Retry later; if it persists, report the time and the request path.'
	}
};

export function problemType(code: ProblemCode): string {
	return `/problems/${code.replace(/_/g, '-')}`;
}

export function problem(code: ProblemCode, detail: string, extra: { errors?: FieldError[]; instance?: string } = {}): Problem {
	const d = DEFINITIONS[code];
	return {
		type: problemType(code),
		title: d.title,
		status: d.status,
		detail,
		...(extra.instance ? { instance: extra.instance } : {}),
		code,
		remediation: d.remediation,
		...(extra.errors ? { errors: extra.errors } : {})
	};
}

/** Thrown by service functions; turned into a problem response at the edge (REST or MCP). */
export class ProblemError extends Error {
	readonly problem: Problem;
	readonly headers: Record<string, string>;
	constructor(code: ProblemCode, detail: string, extra: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
		super(detail);
		this.problem = problem(code, detail, extra);
		this.headers = extra.headers ?? {};
	}
}

export function invalid(param: string, message: string): ProblemError {
	return new ProblemError('invalid_parameter', `Invalid ${param}: ${message}`, { errors: [{ param, message }] });
}

export function problemResponse(p: Problem, instance: string, headers: Record<string, string> = {}): Response {
	const body: Problem = { ...p, instance };
	const h = new Headers(headers);
	// The spec gives the 429 body's content type as application/json; every other error is a problem+json.
	h.set('content-type', p.status === 429 ? 'application/json' : 'application/problem+json');
	h.set('cache-control', 'no-store');
	if (p.code === 'unauthorized') h.set('www-authenticate', 'Bearer realm="icd", error="invalid_token"');
	return new Response(JSON.stringify(body), { status: p.status, headers: h });
}
