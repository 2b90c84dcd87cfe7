// Record details and media links, fetched lazily from the explorer's own API (never the service
// directly: the key stays on the server). Details are cached; hovering the same point is free.
import { isIdRef } from '../../stream/decode';
import type { Component, Dataset } from '../../types/dataset';
import type { FoundRecord } from '../../types/search';

export interface RecordDetail {
	uuid: string;
	primary_id?: number;
	primary_date?: string;
	entity?: string;
	primary_country?: string;
	second_geo_layer?: string;
	title?: string;
	dominant_lat?: number;
	dominant_long?: number;
	summary?: string;
	report?: string;
	transcript?: string;
}

/**
 * A record as the page names it: `ref` is its primary_id in decimal (the record stream names
 * records so; the explorer's server resolves it through the component-id lookup) or its uuid
 * (a shared link from before the lean stream, or a record without a primary_id).
 */
export interface RecordKey {
	dataset: Dataset;
	component: Component;
	ref: string;
}

/** `dataset/component/ref`: the record's path in the URL (rec=) and under /api/record. */
export function recordPath(key: RecordKey): string {
	return `${key.dataset}/${key.component}/${key.ref}`;
}

/** A search result or an answer's source as a key: by primary_id when it has one, as the map names it. */
export function keyOfFound(r: FoundRecord): RecordKey {
	return { dataset: r.dataset, component: r.component, ref: r.primary_id !== undefined ? String(r.primary_id) : r.uuid.toLowerCase() };
}

export type MediaLink =
	{ kind: 'player'; embed_url: string; expires: number; title?: string } | { kind: 'image'; signed_url: string; expires?: number; title?: string };

const cache = new Map<string, Promise<RecordDetail>>();
const MAX_CACHED = 2000;

/** An answer that was not a success: its message, and whether asking again may change it. */
export class RequestFailed extends Error {
	constructor(
		message: string,
		readonly status: number
	) {
		super(message);
	}

	/** A refusal about the request itself (no such record, not allowed) stays; a busy or failing service may not. */
	get worthRetrying(): boolean {
		return this.status >= 500 || this.status === 429 || this.status === 408;
	}
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
	const r = await fetch(url, { signal });
	const body = await r.json().catch(() => null);
	if (!r.ok) throw new RequestFailed(body?.message ?? `The explorer's server answered ${r.status}.`, r.status);
	return body as T;
}

/** The detail already fetched under another ref of the same record (its uuid), cached under this one. */
export function rememberRecord(key: RecordKey, detail: RecordDetail): void {
	cache.set(recordPath(key), Promise.resolve(detail));
}

export function fetchRecord(key: RecordKey): Promise<RecordDetail> {
	const id = recordPath(key);
	let p = cache.get(id);
	if (!p) {
		p = getJson<RecordDetail>(`/api/record/${id}`);
		p.catch(() => cache.delete(id));
		cache.set(id, p);
		if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
	}
	return p;
}

/** The player or viewer link; the service's media routes take the uuid, which the detail gives. */
export async function fetchMedia(key: RecordKey, signal?: AbortSignal): Promise<MediaLink> {
	const uuid = isIdRef(key.ref) ? (await fetchRecord(key)).uuid : key.ref;
	return getJson<MediaLink>(`/api/media/${key.dataset}/${key.component}/${uuid}`, signal);
}
