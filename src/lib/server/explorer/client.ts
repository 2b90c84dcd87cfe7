// The explorer's typed HTTP client of the ICD/ICDB service. The base URL and the key stay on the
// server. Idempotent calls (GET, and the DELETE of a conversation) are retried: network failures
// and 502/503/504 with capped exponential back-off, 429s after retry-after (through the shared
// Pacer). A Domain GenAI turn (POST) is sent exactly once and any failure is reported as it is:
// a repeated turn is a second billable turn, so nothing here may resend it.
import { COMPONENT_PATH, DATASET_LABEL, type Component, type Dataset } from '../../types/dataset';
import { decodeGeoPage, geoQuery, GEO_MAX_LIMIT, type GeoFilters, type GeoPage } from './adapters/geo-manifest';
import { decodePlayer, decodeViewer, type Media } from './adapters/media';
import { decodeProblem, parseRetryAfter } from './adapters/problem';
import { decodeRecordDetail, type RecordDetail } from './adapters/record';
import { decodeSearchPage, searchQuery, type SearchPage, type SearchParams } from './adapters/search';
import { decodeNlPage, type NlPage, type NlParams } from './adapters/nl-search';
import { decodeGenaiTurn, type GenaiRequest, type GenaiTurn } from './adapters/genai';
import { ShapeError } from './adapters/shape';
import { errorFromResponse, networkError, ServiceError, unavailableMessage, unexpectedShape, unreachableMessage, type RequestSubject } from './errors';
import { Pacer, type WaitListener } from './pacer';
import type { DirectGet, DirectScope, VisibilityScope } from '../service/direct';
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
	/** The embedded service in this process: GETs it answers skip HTTP and JSON (service/direct.ts). */
	direct?: DirectGet;
	/** The embedded service in this process: what the key may see (service/direct.ts), for the stream cache. */
	scope?: DirectScope;
}

export interface CallOptions {
	signal?: AbortSignal;
	/** Told about every wait (rate limit, retry after a failure) before it starts. */
	onWait?: WaitListener;
	/** Overrides the retry policy's attempts (status probes use 1). */
	attempts?: number;
	/**
	 * The caller does not use the items' titles (the record stream does not send them): the
	 * embedded service in this process leaves them out (service/direct.ts). A remote service
	 * sends them all the same; the request over HTTP is the spec's, unchanged.
	 */
	withoutTitles?: boolean;
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
	private readonly direct: DirectGet | undefined;
	private readonly scope: DirectScope | undefined;

	constructor(options: ServiceClientOptions) {
		this.baseUrl = options.baseUrl.replace(/\/+$/, '');
		this.host = new URL(this.baseUrl).host;
		this.apiKey = options.apiKey;
		this.pacer = options.pacer ?? new Pacer();
		this.retry = { ...DEFAULT_RETRY, ...options.retry };
		this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
		this.direct = options.direct;
		this.scope = options.scope;
	}

	/**
	 * What this key may see, when the service can say so without a request: only the embedded
	 * service in this process can (a remote one has no such route). undefined: not known; null:
	 * the key is not accepted.
	 */
	visibilityScope(): Promise<VisibilityScope | null> | undefined {
		return this.scope?.(`Bearer ${this.apiKey}`);
	}

	geoManifestPage(
		dataset: Dataset,
		component: Component,
		page: { cursor?: string; limit?: number; filters?: GeoFilters },
		options: CallOptions = {}
	): Promise<GeoPage> {
		const limit = Math.min(page.limit ?? GEO_MAX_LIMIT, GEO_MAX_LIMIT);
		return this.get(
			`${resourcePath(dataset, component)}/geo-manifest`,
			geoQuery(page.cursor, limit, page.filters),
			decodeGeoPage,
			`the ${describe(dataset, component)} geo manifest`,
			options
		);
	}

	recordDetail(dataset: Dataset, component: Component, uuid: string, options: CallOptions = {}): Promise<RecordDetail> {
		return this.get(
			`${resourcePath(dataset, component)}/${encodeURIComponent(uuid)}`,
			{},
			decodeRecordDetail,
			`the ${describe(dataset, component)} record ${uuid}`,
			options
		);
	}

	/** The same detail by the record's component id (its primary_id): how the record stream names records. */
	recordByComponentId(dataset: Dataset, component: Component, componentId: number, options: CallOptions = {}): Promise<RecordDetail> {
		return this.get(
			`${resourcePath(dataset, component)}/by-component-id/${componentId}`,
			{},
			decodeRecordDetail,
			`the ${describe(dataset, component)} record with id ${componentId}`,
			options
		);
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

	/** Natural language search of one dataset (both components unless source_component says). */
	nlSearch(dataset: Dataset, params: NlParams, options: CallOptions = {}): Promise<NlPage> {
		return this.get(`/v1/${dataset}/nl-search`, searchQuery({ ...params }), decodeNlPage, `${DATASET_LABEL[dataset]} natural language search`, options);
	}

	/** One Domain GenAI turn: sent once, never retried (a repeat is another billable turn). */
	genaiTurn(dataset: Dataset, body: GenaiRequest, options: Pick<CallOptions, 'signal'> = {}): Promise<GenaiTurn> {
		return this.call('POST', `/v1/${dataset}/domain-genai`, {}, decodeGenaiTurn, `${DATASET_LABEL[dataset]} Domain GenAI`, { ...options, attempts: 1 }, body);
	}

	/** Deletes a conversation; idempotent (204 whether or not it still existed), so retried like a GET. */
	async deleteConversation(dataset: Dataset, conversationId: string, options: CallOptions = {}): Promise<void> {
		await this.call(
			'DELETE',
			`/v1/${dataset}/domain-genai/conversations/${encodeURIComponent(conversationId)}`,
			{},
			() => undefined,
			`the ${DATASET_LABEL[dataset]} conversation`,
			options
		);
	}

	private get<T>(path: string, query: Record<string, string>, decode: (body: unknown) => T, what: string, options: CallOptions): Promise<T> {
		return this.call('GET', path, query, decode, what, options);
	}

	private async call<T>(
		method: 'GET' | 'DELETE' | 'POST',
		path: string,
		query: Record<string, string>,
		decode: (body: unknown) => T,
		what: string,
		options: CallOptions,
		body?: unknown
	): Promise<T> {
		const url = new URL(this.baseUrl + path);
		for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
		const subject: RequestSubject = { host: this.host, what };
		const { signal, onWait } = options;
		const once = method === 'POST';
		const attempts = once ? 1 : Math.max(1, options.attempts ?? this.retry.attempts);
		let failures = 0;
		let rateLimited = 0;

		for (;;) {
			await this.pacer.ready(signal, onWait);
			const outcome = (method === 'GET' && (await this.directly(path, query, options))) || (await this.attempt(method, url, signal, body));
			if ('error' in outcome) {
				if (isAbort(outcome.error, signal)) throw outcome.error;
				if (++failures >= attempts) throw networkError(subject, outcome.error);
				const ms = backoffDelay(failures - 1, this.retry);
				onWait?.({ seconds: round(ms / 1000), reason: 'network', message: unreachableMessage(this.host, ms / 1000) });
				await sleep(ms, signal);
				continue;
			}

			const { status, headers } = outcome;
			this.pacer.observe(headers);
			if (status === 204) return decode(undefined);
			if (status >= 200 && status < 300) return decodeBody(outcome.body, decode, subject);

			const retryAfter = parseRetryAfter(headers.get('retry-after'));
			const error = errorFromResponse(status, decodeProblem(outcome.body), retryAfter, subject);
			if (status === 429 && !once) {
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

	/** The embedded service's in-process answer, when it serves this GET; undefined: go over HTTP. */
	private async directly(path: string, query: Record<string, string>, { signal, withoutTitles }: CallOptions): Promise<Answer | undefined> {
		if (!this.direct) return undefined;
		await directTurn();
		// As fetch() would: a caller that has gone away gets no answer (and costs no query).
		signal?.throwIfAborted();
		const answer = await this.direct(path, query, `Bearer ${this.apiKey}`, { withoutTitles });
		return answer && { status: answer.status, headers: new Headers(answer.headers), body: answer.body };
	}

	/** One request, body read in full; a failure to get or read the answer comes back as `error`. */
	private async attempt(method: string, url: URL, signal: AbortSignal | undefined, body?: unknown): Promise<Answer | { error: unknown }> {
		const timeout = AbortSignal.timeout(this.retry.timeoutMs);
		// A 5,000-item manifest page is 460 kB of JSON and a fifth of that compressed: ask for brotli
		// or gzip (fetch decodes either, and an identity answer as well).
		const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, accept: 'application/json', 'accept-encoding': 'br, gzip' };
		if (body !== undefined) headers['content-type'] = 'application/json';
		try {
			const response = await this.fetch(url, {
				method,
				headers,
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: signal ? AbortSignal.any([signal, timeout]) : timeout
			});
			// Buffer's UTF-8 decoding rather than response.text() (TextDecoder plus a USV-string pass),
			// which cost a tenth of the server's time on a million-record walk.
			return { status: response.status, headers: response.headers, body: parseJson(Buffer.from(await response.arrayBuffer()).toString('utf8')) };
		} catch (error) {
			return { error };
		}
	}
}

/**
 * Resolves when it is this in-process call's turn: one per turn of the event loop, in order. A page
 * is synchronous work (10-25 ms); without turns between them, the walks (four at once, for every
 * browser) would hold off every other request to this server (the page's own scripts, other users'
 * API calls) for as long as the browsers read.
 */
let lastTurn: Promise<void> = Promise.resolve();
function directTurn(): Promise<void> {
	const turn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
	lastTurn = turn;
	return turn;
}

/** A service answer: status, headers, and its body parsed (over HTTP) or as given (in process). */
interface Answer {
	status: number;
	headers: Headers;
	body: unknown;
}

/** An HTTP body that is not JSON (a proxy's HTML page, an empty body). */
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return NOT_JSON;
	}
}

function decodeBody<T>(json: unknown, decode: (body: unknown) => T, subject: RequestSubject): T {
	if (json === NOT_JSON) throw unexpectedShape(subject, 'not JSON');
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
