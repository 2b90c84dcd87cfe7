// A load's own look at the newest end of each manifest, with its own key, before anything cached
// is served: the service still accepts the key (a revoked one is refused here, as it would be by
// the walk), its rate limit is charged, and what it says now (totals, the newest items, how the
// records may be named) is what the cache must agree with to be served.
import type { Component, Dataset } from '../../../types/dataset';
import type { PartId } from '../../../types/stream';
import type { GeoItem } from '../adapters/geo-manifest';
import type { ServiceClient } from '../client';
import { ServiceError } from '../errors';
import { RecordNamings, type RecordNaming } from '../record-naming';
import { sameItem, WINDOW, windowItem, type PartState, type Snapshot } from './snapshot';

export type PartCheck =
	{ state: 'ok'; total: number; window: GeoItem[]; naming: RecordNaming } | { state: 'refused'; status: number; code?: string; message: string };

export type HeadCheck = Map<PartId, PartCheck>;

/**
 * The newest WINDOW items and the total of each part, under the client's key, and how the stream
 * names its records (`naming` when the scope says, else asked: record-naming.ts). Throws what the
 * service answered when it is anything but a page or a refusal of the part (403): a refused key,
 * an outage; the caller then leaves the cache alone and walks as ever, which says what it meets.
 * A wait the service asks for (429) ends the check too: the walk tells the analyst that it waits,
 * which a check that has not begun the page's stream could not.
 */
export async function checkHeads(client: ServiceClient, parts: readonly PartId[], loadSignal: AbortSignal, naming?: RecordNaming): Promise<HeadCheck> {
	const rateLimited = new AbortController();
	const signal = AbortSignal.any([loadSignal, rateLimited.signal]);
	const onWait = (wait: { reason: string }) => {
		if (wait.reason === 'rate_limited') rateLimited.abort(new Error('the service asked the check to wait'));
	};
	const namings = new RecordNamings(client, signal);
	const checks = await Promise.all(
		parts.map(async (part): Promise<[PartId, PartCheck]> => {
			const [dataset, component] = part.split('/') as [Dataset, Component];
			try {
				const page = await client.geoManifestPage(dataset, component, { limit: WINDOW }, { signal, onWait, withoutTitles: true });
				if (page.total === undefined) throw new Uncacheable(part, 'gives no itemsTotal');
				if (page.dropped > 0) throw new Uncacheable(part, 'has items without a uuid');
				const window = page.items.map(windowItem);
				// Asked of the service (one lookup per part) unless the scope already says.
				const named = naming ?? (window.length > 0 ? await namings.of(part, window[0]) : 'primary-id');
				return [part, { state: 'ok', total: page.total, window, naming: named }];
			} catch (error) {
				if (error instanceof ServiceError && error.status === 403) return [part, { state: 'refused', status: 403, code: error.code, message: error.message }];
				throw error;
			}
		})
	);
	return new Map(checks);
}

/**
 * A manifest the cache cannot follow: one that does not say how many items it has (nothing to
 * check a copy against), or sends items without a uuid (which the explorer drops, so that the
 * service's counts and the cache's no longer match).
 */
export class Uncacheable extends Error {
	constructor(part: PartId, what: string) {
		super(`the ${part} geo manifest ${what}`);
	}
}

/** What two accounts of a part are compared on: a snapshot's state, or a load's check. */
type Comparable = Pick<Extract<PartCheck, { state: 'ok' }>, 'state' | 'naming' | 'total' | 'window'> | Extract<PartCheck, { state: 'refused' }>;

/** Whether a part's state in a snapshot (or another load's check) is what the service says now, exactly. */
export function agrees(state: PartState | Comparable | undefined, check: PartCheck | undefined): boolean {
	if (!state || !check) return false;
	if (state.state === 'refused' || check.state === 'refused') return state.state === 'refused' && check.state === 'refused' && sameRefusal(state, check);
	return state.naming === check.naming && state.total === check.total && sameWindow(state.window, check.window);
}

/** Two loads' checks saw the same manifests: one may share the other's walk. */
export function checksAgree(a: HeadCheck, b: HeadCheck): boolean {
	return a.size === b.size && [...a].every(([part, x]) => agrees(x, b.get(part)));
}

/** Every part of the snapshot agrees with the check (the stream as cached is the stream now). */
export function snapshotAgrees(snapshot: Snapshot, check: HeadCheck): boolean {
	return snapshot.parts.length === check.size && snapshot.parts.every((part) => agrees(snapshot.states[part], check.get(part)));
}

export function sameWindow(a: readonly GeoItem[], b: readonly GeoItem[]): boolean {
	return a.length === b.length && a.every((item, i) => sameItem(item, b[i]));
}

function sameRefusal(a: { status: number; code?: string }, b: { status: number; code?: string }): boolean {
	return a.status === b.status && a.code === b.code;
}
