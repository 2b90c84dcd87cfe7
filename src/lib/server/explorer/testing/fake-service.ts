// A loopback stand-in for the ICD/ICDB service's geo manifests, for the explorer's unit tests:
// a real node:http server on 127.0.0.1 with keyset cursors, where a test can script failures
// (cursor rejections, 429, resets, 503, 401/403) and insert records at the top mid-walk.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecord {
	uuid: string;
	primary_id: number;
	primary_date: string;
	dominant_lat: number;
	dominant_long: number;
	primary_country?: string;
	entity?: string;
}

export interface FakeRequest {
	/** 1-based count of requests to this server. */
	n: number;
	/** e.g. "icd/videos" */
	part: string;
	cursor?: string;
	limit: number;
	authorization?: string;
}

/** What a script makes of a request: undefined serves the page normally. */
export type FakeAction =
	undefined | { status: number; headers?: Record<string, string>; body?: unknown; text?: string } | { reset: true } | { delayMs: number };

export interface FakeService {
	url: string;
	requests: FakeRequest[];
	/** Component-id lookups asked for, as "icd/videos/123". */
	lookups(): string[];
	/** Records of a part ("icd/videos"), newest first. */
	records(part: string): FakeRecord[];
	insertAtTop(part: string, count: number): FakeRecord[];
	/** Inserts records dated `date` (older than the newest: below the top of the manifest). */
	insertDated(part: string, count: number, date: string): FakeRecord[];
	/** Removes a record (as a deletion, or a key's narrowed view, would). */
	remove(part: string, uuid: string): void;
	/** Changes a record in place (its place in the manifest stays when its date does). */
	modify(part: string, uuid: string, change: Partial<FakeRecord>): void;
	script(handler: (req: FakeRequest) => FakeAction): void;
	/** Requests still waiting for an answer. */
	pending(): number;
	/** The most requests that were waiting for an answer at once. */
	mostPending(): number;
	/** TCP connections the clients opened: fewer than requests when they keep them alive. */
	connections(): number;
	close(): Promise<void>;
}

const COUNTRIES = ['Syria', 'Iraq', 'Yemen', 'Libya', 'Mali', 'Sudan', 'Niger'];
const ENTITIES = ['Alpha Front', 'Beta Brigade', 'Gamma Network', 'Delta Council'];

export function problemBody(status: number, code: string, detail: string) {
	return { type: `/problems/${code.replace(/_/g, '-')}`, title: code, status, detail, code, remediation: 'test' };
}

export function makeRecords(count: number, startId: number, startDay = 18_000): FakeRecord[] {
	const out: FakeRecord[] = [];
	for (let i = 0; i < count; i++) {
		const id = startId + i;
		const date = new Date((startDay + Math.floor(id / 3)) * 86_400_000).toISOString().slice(0, 10);
		out.push({
			uuid: randomUUID(),
			primary_id: id,
			primary_date: date,
			dominant_lat: ((id * 37) % 170) - 85 + 0.25,
			dominant_long: ((id * 53) % 350) - 175 + 0.5,
			primary_country: COUNTRIES[id % COUNTRIES.length],
			entity: id % 11 === 0 ? undefined : ENTITIES[id % ENTITIES.length]
		});
	}
	return out.sort(newestFirst);
}

function newestFirst(a: FakeRecord, b: FakeRecord): number {
	return a.primary_date === b.primary_date ? b.primary_id - a.primary_id : a.primary_date < b.primary_date ? 1 : -1;
}

export interface FakeOptions {
	/** Whether the key may use the component-id lookup (false: 403, as for a key without `lookup`). */
	lookup?: boolean;
}

export async function startFakeService(perPart: Record<string, number>, options: FakeOptions = {}): Promise<FakeService> {
	const data = new Map<string, FakeRecord[]>();
	let nextId = 1;
	for (const [part, count] of Object.entries(perPart)) {
		data.set(part, makeRecords(count, nextId));
		nextId += count;
	}
	const requests: FakeRequest[] = [];
	let handler: (req: FakeRequest) => FakeAction = () => undefined;
	let pending = 0;

	let mostPending = 0;
	let connections = 0;
	const lookups: string[] = [];
	const server = http.createServer(async (req, res) => {
		pending++;
		mostPending = Math.max(mostPending, pending);
		res.on('close', () => pending--);
		const url = new URL(req.url ?? '/', 'http://fake');
		const byId = /^\/v1\/(icdb?)\/(videos|images)\/by-component-id\/(\d+)$/.exec(url.pathname);
		if (byId) {
			lookups.push(`${byId[1]}/${byId[2]}/${byId[3]}`);
			if (options.lookup === false) return send(res, 403, problemBody(403, 'forbidden', 'This key may not use the lookup feature.'));
			const found = data.get(`${byId[1]}/${byId[2]}`)?.find((r) => r.primary_id === Number(byId[3]));
			return found ? send(res, 200, found) : send(res, 404, problemBody(404, 'not_found', 'No record with that component id.'));
		}
		const m = /^\/v1\/(icdb?)\/(videos|images)\/geo-manifest$/.exec(url.pathname);
		if (!m) return send(res, 404, problemBody(404, 'not_found', 'No endpoint'));
		const request: FakeRequest = {
			n: requests.length + 1,
			part: `${m[1]}/${m[2]}`,
			cursor: url.searchParams.get('cursor') ?? undefined,
			limit: Number(url.searchParams.get('limit') ?? 1000),
			authorization: req.headers.authorization
		};
		requests.push(request);
		let action = handler(request);
		if (action && 'delayMs' in action) {
			await new Promise((r) => setTimeout(r, action && 'delayMs' in action ? action.delayMs : 0));
			if (res.destroyed) return;
			action = undefined;
		}
		if (action && 'reset' in action) return req.socket.destroy();
		if (action) {
			res.writeHead(action.status, { 'content-type': action.text !== undefined ? 'text/html' : 'application/problem+json', ...action.headers });
			return res.end(action.text ?? JSON.stringify(action.body ?? {}));
		}
		serve(res, data.get(request.part) ?? [], request);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	server.on('connection', () => connections++);
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		mostPending: () => mostPending,
		connections: () => connections,
		records: (part) => data.get(part) ?? [],
		lookups: () => lookups,
		insertAtTop(part, count) {
			const fresh = makeRecords(count, nextId, 30_000);
			nextId += count;
			data.set(part, [...fresh, ...(data.get(part) ?? [])].sort(newestFirst));
			return fresh;
		},
		insertDated(part, count, date) {
			const fresh = makeRecords(count, nextId).map((r) => ({ ...r, primary_date: date }));
			nextId += count;
			data.set(part, [...fresh, ...(data.get(part) ?? [])].sort(newestFirst));
			return fresh;
		},
		remove(part, uuid) {
			data.set(
				part,
				(data.get(part) ?? []).filter((r) => r.uuid !== uuid)
			);
		},
		modify(part, uuid, change) {
			data.set(part, (data.get(part) ?? []).map((r) => (r.uuid === uuid ? { ...r, ...change } : r)).sort(newestFirst));
		},
		script: (h) => (handler = h),
		pending: () => pending,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}

function serve(res: http.ServerResponse, records: FakeRecord[], req: FakeRequest): void {
	let start = 0;
	if (req.cursor) {
		const key = JSON.parse(Buffer.from(req.cursor, 'base64url').toString()) as { date: string; id: number };
		start = records.findIndex((r) => r.primary_date < key.date || (r.primary_date === key.date && r.primary_id < key.id));
		if (start < 0) start = records.length;
	}
	const items = records.slice(start, start + req.limit);
	const last = items.at(-1);
	const more = start + req.limit < records.length;
	const next_cursor = more && last ? Buffer.from(JSON.stringify({ date: last.primary_date, id: last.primary_id })).toString('base64url') : null;
	send(
		res,
		200,
		{ status: 'ok', items, itemsReceived: items.length, itemsTotal: records.length, limit: req.limit, next_cursor },
		{ ratelimit: '"burst";r=50;t=1' }
	);
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	res.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'application/problem+json', ...headers });
	res.end(JSON.stringify(body));
}
