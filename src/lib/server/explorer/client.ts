// The explorer's typed HTTP client of the ICD/ICDB service. The base URL and the key stay on the
// server. Every call is a GET and so idempotent: network failures and 502/503/504 are retried
// with capped exponential back-off, 429s wait for retry-after (through the shared Pacer). There
// is deliberately no retry path for POST: a repeated Domain GenAI turn is a second billable turn,
// so a future `post` must send once and report failures as they are.
import { COMPONENT_PATH, DATASET_LABEL, type Component, type Dataset } from '../../types/dataset';
import { decodeGeoPage, geoQuery, GEO_MAX_LIMIT, type GeoPage } from './adapters/geo-manifest';
import { decodePlayer, decodeViewer, type Media } from './adapters/media';
import { decodeProblem, parseRetryAfter } from './adapters/problem';
import { decodeRecordDetail, type RecordDetail } from './adapters/record';
import { decodeSearchPage, searchQuery, type SearchPage, type SearchParams } from './adapters/search';
import { ShapeError } from './adapters/shape';
import { errorFromResponse, networkError, ServiceError, unavailableMessage, unexpectedShape, unreachableMessage, type RequestSubject } from './errors';
import { Pacer, type WaitListener } from './pacer';
import { backoffDelay, isAbort, sleep, type BackoffPolicy } from './timing';

export interface RetryPolicy extends BackoffPolicy {
	/** Attempts of a GET that fails on the network or with 502/503/504 (1 = no retry). */
	attempts: number;
	/** Consecutive 429 answers waited out before giving up. */
	rateLimitedAttempts: number;
	/** A retry-after longer than this is not waited for: the call fails and says how long. */
	maxRetryAfterSeconds: number;
	/** Limit of one attempt, body included; a timeout counts as a network failure. */
	timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
	attempts: 6,
	baseMs: 500,
	capMs: 15_000,
	rateLimitedAttempts: 20,
	maxRetryAfterSeconds: 300,
	timeoutMs: 60_000
};

export interface ServiceClientOptions {
	baseUrl: string;
	apiKey: string;
	/** Shared by every client of the same key, so concurrent walks pace together. */
	pacer?: Pacer;
	retry?: Partial<RetryPolicy>;
	fetch?: typeof fetch;
}

export interface CallOptions {
	signal?: AbortSignal;
	/** Told about every wait (rate limit, retry after a failure) before it starts. */
	onWait?: WaitListener;
	/** Overrides the retry policy's attempts (status probes use 1). */
	attempts?: number;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

export class ServiceClient {
	/** host[:port] of the service, for messages; never the key. */
	readonly host: string;
	private readonly baseUrl: string;
	private readonly apiKey: string;
	private readonly pacer: Pacer;
	private readonly retry: RetryPolicy;
	private readonly fetch: typeof fetch;

	constructor(options: ServiceClientOptions) {
		this.baseUrl = options.baseUrl.replace(/\/+$/, '');
		this.host = new URL(this.baseUrl).host;
		this.apiKey = options.apiKey;
		this.pacer = options.pacer ?? new Pacer();
		this.retry = { ...DEFAULT_RETRY, ...options.retry };
		this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
	}

	geoManifestPage(dataset: Dataset, component: Component, page: { cursor?: string; limit?: number }, options: CallOptions = {}): Promise<GeoPage> {
		const limit = Math.min(page.limit ?? GEO_MAX_LIMIT, GEO_MAX_LIMIT);
		return this.get(`${resourcePath(dataset, component)}/geo-manifest`, geoQuery(page.cursor, limit), decodeGeoPage, `the ${describe(dataset, component)} geo manifest`, options);
	}

	recordDetail(dataset: Dataset, component: Component, uuid: string, options: CallOptions = {}): Promise<RecordDetail> {
		return this.get(`${resourcePath(dataset, component)}/${encodeURIComponent(uuid)}`, {}, decodeRecordDetail, `the ${describe(dataset, component)} record ${uuid}`, options);
	}

	searchPage(dataset: Dataset, component: Component, params: SearchParams, options: CallOptions = {}): Promise<SearchPage> {
		return this.get(resourcePath(dataset, component), searchQuery(params), decodeSearchPage, `${describe(dataset, component)} search`, options);
	}

	/** The video player (embed_url) or the image viewer (signed_url) of a record. */
	media(dataset: Dataset, component: Component, uuid: string, options: CallOptions = {}): Promise<Media> {
		const base = `${resourcePath(dataset, component)}/${encodeURIComponent(uuid)}`;
		const what = `media access to the ${describe(dataset, component)} record ${uuid}`;
		return component === 'video' ? this.get(`${base}/player`, {}, decodePlayer, what, options) : this.get(`${base}/viewer`, {}, decodeViewer, what, options);
	}

	private async get<T>(path: string, query: Record<string, string>, decode: (body: unknown) => T, what: string, options: CallOptions): Promise<T> {
		const url = new URL(this.baseUrl + path);
		for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
		const subject: RequestSubject = { host: this.host, what };
		const { signal, onWait } = options;
		const attempts = Math.max(1, options.attempts ?? this.retry.attempts);
		let failures = 0;
		let rateLimited = 0;

		for (;;) {
			await this.pacer.ready(signal, onWait);
			const outcome = await this.attempt(url, signal);
			if ('error' in outcome) {
				if (isAbort(outcome.error, signal)) throw outcome.error;
				if (++failures >= attempts) throw networkError(subject, outcome.error);
				const ms = backoffDelay(failures - 1, this.retry);
				onWait?.({ seconds: round(ms / 1000), reason: 'network', message: unreachableMessage(this.host, ms / 1000) });
				await sleep(ms, signal);
				continue;
			}

			const { status, headers, text } = outcome;
			this.pacer.observe(headers);
			if (status >= 200 && status < 300) return decodeBody(text, decode, subject);

			const retryAfter = parseRetryAfter(headers.get('retry-after'));
			const error = errorFromResponse(status, decodeProblem(text), retryAfter, subject);
			if (status === 429) {
				const seconds = retryAfter ?? 1;
				if (++rateLimited >= this.retry.rateLimitedAttempts || seconds > this.retry.maxRetryAfterSeconds) throw error;
				this.pacer.rateLimited(seconds);
				continue; // pacer.ready() waits and reports
			}
			if (RETRYABLE_STATUS.has(status) && ++failures < attempts) {
				const ms = retryAfter !== undefined ? Math.min(retryAfter * 1000, this.retry.capMs) : backoffDelay(failures - 1, this.retry);
				onWait?.({ seconds: round(ms / 1000), reason: 'network', message: unavailableMessage(this.host, status, ms / 1000) });
				await sleep(ms, signal);
				continue;
			}
			throw error;
		}
	}

	/** One request, body read in full; a failure to get or read the answer comes back as `error`. */
	private async attempt(url: URL, signal: AbortSignal | undefined): Promise<{ status: number; headers: Headers; text: string } | { error: unknown }> {
		const timeout = AbortSignal.timeout(this.retry.timeoutMs);
		try {
			const response = await this.fetch(url, {
				headers: { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' },
				signal: signal ? AbortSignal.any([signal, timeout]) : timeout
			});
			return { status: response.status, headers: response.headers, text: await response.text() };
		} catch (error) {
			return { error };
		}
	}
}

function decodeBody<T>(text: string, decode: (body: unknown) => T, subject: RequestSubject): T {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		throw unexpectedShape(subject, 'not JSON');
	}
	try {
		return decode(json);
	} catch (error) {
		if (error instanceof ShapeError) throw unexpectedShape(subject, error.message);
		throw error;
	}
}

function resourcePath(dataset: Dataset, component: Component): string {
	return `/v1/${dataset}/${COMPONENT_PATH[component]}`;
}

function describe(dataset: Dataset, component: Component): string {
	return `${DATASET_LABEL[dataset]} ${component}`;
}

function round(seconds: number): number {
	return Math.round(seconds * 10) / 10;
}

export { ServiceError };
