// Brings a snapshot up to date by reading only the newest end of each manifest. Manifests are
// newest first, so when a manifest's total grew by d, the records that are new are its first d
// items, and right below them must come the newest items the snapshot knows, field for field.
// Anything else (a total that fell, items that are not where they were, a cursor rejected, a
// naming or a refusal that changed) means the cached stream is no longer a prefix away from the
// service's: the caller walks everything again. The cache is never trusted over the service.
import type { Component, Dataset } from '../../../types/dataset';
import type { PartId } from '../../../types/stream';
import { GEO_MAX_LIMIT, type GeoItem } from '../adapters/geo-manifest';
import type { ServiceClient } from '../client';
import { isMappable } from '../walker';
import { agrees, sameWindow, type HeadCheck, type PartCheck } from './check';
import { sameItem, WINDOW, windowItem, type OkPart, type Snapshot } from './snapshot';

/** More new items than this in one part: a whole walk is simpler than holding them all here first. */
export const MAX_NEW_ITEMS = 100_000;

export interface PartNews {
	/** New mappable records, newest first. */
	records: GeoItem[];
	total: number;
	window: GeoItem[];
}

export type Refresh = { kind: 'news'; parts: Map<PartId, PartNews> } | { kind: 'walk'; reason: string };

export async function findNews(client: ServiceClient, snapshot: Snapshot, check: HeadCheck, signal: AbortSignal): Promise<Refresh> {
	if (snapshot.parts.length !== check.size || snapshot.parts.some((p) => !check.has(p))) return walk('the parts differ');
	const parts = new Map<PartId, PartNews>();
	for (const part of snapshot.parts) {
		const state = snapshot.states[part];
		const now = check.get(part)!;
		if (!state) return walk(`${part} was not cached`);
		if (state.state === 'refused' || now.state === 'refused') {
			if (!agrees(state, now)) return walk(`${part} is refused or accepted where it was not`);
			continue;
		}
		const news = await partNews(client, part, state, now, signal);
		if (typeof news === 'string') return walk(`${part}: ${news}`);
		if (news.records.length > 0 || news.total !== state.total) parts.set(part, news);
	}
	return { kind: 'news', parts };
}

async function partNews(
	client: ServiceClient,
	part: PartId,
	state: OkPart,
	now: Extract<PartCheck, { state: 'ok' }>,
	signal: AbortSignal
): Promise<PartNews | string> {
	if (now.naming !== state.naming) return 'its records are named another way';
	const added = now.total - state.total;
	if (added < 0) return `its total fell from ${state.total} to ${now.total}`;
	if (added > MAX_NEW_ITEMS) return `${added} new items`;
	const known = Math.min(WINDOW, state.window.length);
	const items = added + known <= now.window.length ? now.window.slice(0, added + known) : await newestItems(client, part, added + known, now.total, signal);
	if (typeof items === 'string') return items;
	if (items.length < added + known) return 'it ended before the items the cache knows';
	for (let i = 0; i < known; i++) if (!sameItem(items[added + i], state.window[i])) return `item ${added + i} is not the cached item ${i}`;
	const window = [...items.slice(0, added), ...state.window].slice(0, WINDOW);
	if (!sameWindow(window, now.window)) return 'its newest items changed while it was read';
	const seen = new Set<string>();
	const records = items.slice(0, added).filter((item) => isMappable(item) && !seen.has(item.uuid) && seen.add(item.uuid));
	return { records, total: now.total, window };
}

/** The first `count` items of a part's manifest, in pages of up to GEO_MAX_LIMIT; a reason when they cannot be read as they were. */
async function newestItems(client: ServiceClient, part: PartId, count: number, total: number, signal: AbortSignal): Promise<GeoItem[] | string> {
	const [dataset, component] = part.split('/') as [Dataset, Component];
	const limit = Math.min(GEO_MAX_LIMIT, count);
	const items: GeoItem[] = [];
	let cursor: string | undefined;
	do {
		let page;
		try {
			page = await client.geoManifestPage(dataset, component, { cursor, limit }, { signal, withoutTitles: true });
		} catch (error) {
			signal.throwIfAborted();
			return `it could not be read (${(error as Error).message})`;
		}
		if (page.total !== total) return `its total changed to ${page.total} while it was read`;
		if (page.dropped > 0) return 'it has items without a uuid';
		for (const item of page.items) items.push(windowItem(item));
		if (page.nextCursor === null) break;
		cursor = page.nextCursor;
	} while (items.length < count);
	return items;
}

function walk(reason: string): Refresh {
	return { kind: 'walk', reason };
}
