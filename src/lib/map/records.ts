// Record details and media links, fetched lazily from the explorer's own API (never the service
// directly: the key stays on the server). Details are cached; hovering the same point is free.
import type { Component, Dataset } from '../types/dataset';

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

export interface RecordKey {
	dataset: Dataset;
	component: Component;
	uuid: string;
}

export type MediaLink =
	| { kind: 'player'; embed_url: string; expires: number; title?: string }
	| { kind: 'image'; signed_url: string; expires?: number; title?: string };

const cache = new Map<string, Promise<RecordDetail>>();
const MAX_CACHED = 2000;

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
	const r = await fetch(url, { signal });
	const body = await r.json().catch(() => null);
	if (!r.ok) throw new Error(body?.message ?? `The explorer's server answered ${r.status}.`);
	return body as T;
}

export function fetchRecord(key: RecordKey): Promise<RecordDetail> {
	const id = `${key.dataset}/${key.component}/${key.uuid}`;
	let p = cache.get(id);
	if (!p) {
		p = getJson<RecordDetail>(`/api/record/${id}`);
		p.catch(() => cache.delete(id));
		cache.set(id, p);
		if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
	}
	return p;
}

export function fetchMedia(key: RecordKey, signal?: AbortSignal): Promise<MediaLink> {
	return getJson<MediaLink>(`/api/media/${key.dataset}/${key.component}/${key.uuid}`, signal);
}
