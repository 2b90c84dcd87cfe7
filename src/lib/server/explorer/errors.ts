// Every failure of a call to the service, as one typed error whose `message` is written for the
// analyst (it ends up in the explorer's UI), while status/code/title/detail keep the machine view.
import type { Problem } from './adapters/problem';

export interface ServiceErrorFields {
	/** HTTP status of the service's answer; 0 when no answer arrived (network down, timeout). */
	status: number;
	code?: string;
	title: string;
	detail?: string;
	/** Seconds the service asked us to wait (retry-after), when it said so. */
	retryAfter?: number;
}

export class ServiceError extends Error implements ServiceErrorFields {
	readonly status: number;
	readonly code?: string;
	readonly title: string;
	readonly detail?: string;
	readonly retryAfter?: number;

	constructor(fields: ServiceErrorFields, message: string) {
		super(message);
		this.name = 'ServiceError';
		this.status = fields.status;
		this.code = fields.code;
		this.title = fields.title;
		this.detail = fields.detail;
		this.retryAfter = fields.retryAfter;
	}
}

/** What a request was about, for messages: "the ICDB video geo manifest". */
export interface RequestSubject {
	host: string;
	what: string;
}

export function refusedKeyMessage(host: string): string {
	return `The API key was refused by the service at ${host}: it is missing, wrong, revoked, or for another deployment.`;
}

export function unreachableMessage(host: string, retryInSeconds?: number): string {
	const base = `Cannot reach the service at ${host}`;
	return retryInSeconds === undefined ? `${base}.` : `${base}; retrying in ${formatSeconds(retryInSeconds)} s`;
}

export function unavailableMessage(host: string, status: number, retryInSeconds: number): string {
	return `The service at ${host} is unavailable (${status}); retrying in ${formatSeconds(retryInSeconds)} s`;
}

export function rateLimitedMessage(seconds: number): string {
	return `Rate limited by the service; waiting ${formatSeconds(seconds)} s`;
}

/** Whole seconds, rounded up: people wait in seconds, and "0.97 s" after a 1 s retry-after reads as noise. */
export function formatSeconds(seconds: number): string {
	return String(Math.max(1, Math.ceil(seconds - 0.05)));
}

/** The error for a non-2xx answer, from its status, its (possibly absent) problem body and retry-after. */
export function errorFromResponse(status: number, problem: Problem | undefined, retryAfter: number | undefined, subject: RequestSubject): ServiceError {
	const fields: ServiceErrorFields = {
		status,
		code: problem?.code,
		title: problem?.title ?? `HTTP ${status}`,
		detail: problem?.detail,
		retryAfter
	};
	return new ServiceError(fields, messageFor(fields, subject));
}

function messageFor(e: ServiceErrorFields, { host, what }: RequestSubject): string {
	switch (e.status) {
		case 401:
			return refusedKeyMessage(host);
		case 403:
			return e.detail ?? `This key is not permitted to use ${what} (a dataset or feature permission is missing).`;
		case 404:
			return e.detail ?? `The service at ${host} has no ${what} here (404).`;
		case 402:
			return e.detail ?? `The key has run out of credits at ${host}.`;
		case 429:
			return e.retryAfter === undefined ? 'Rate limited by the service.' : `Rate limited by the service; retry after ${formatSeconds(e.retryAfter)} s.`;
	}
	if (e.status >= 500) return `The service at ${host} failed to answer for ${what} (${e.status}${e.detail ? `: ${e.detail}` : ''}).`;
	return `The service at ${host} refused the request for ${what} (${e.status}): ${e.detail ?? e.title}`;
}

export function networkError(subject: RequestSubject, cause: unknown): ServiceError {
	const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
	const message = timedOut ? `The service at ${subject.host} did not answer in time.` : unreachableMessage(subject.host);
	return new ServiceError({ status: 0, code: timedOut ? 'timeout' : 'network', title: timedOut ? 'Timeout' : 'Network error' }, message);
}

/** A 2xx answer whose body does not decode; the adapter of that resource needs a change. */
export function unexpectedShape(subject: RequestSubject, reason: string): ServiceError {
	return new ServiceError(
		{ status: 502, code: 'unexpected_response', title: 'Unexpected response' },
		`The service at ${subject.host} answered ${subject.what} in an unexpected shape (${reason}).`
	);
}

/** The HTTP status the explorer's own endpoints answer with for a failed upstream call. */
export function statusForBrowser(error: ServiceError): number {
	if (error.status === 0) return error.code === 'timeout' ? 504 : 502;
	return error.status;
}
