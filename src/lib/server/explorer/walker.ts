// Walks the geo manifest of each part (dataset × component) page by page, the parts concurrently,
// and hands on every mappable record exactly once. A rejected cursor restarts the part without a
// cursor, as the spec says, and the records already handed on are skipped (UuidSet), so records
// inserted at the top meanwhile still arrive and none arrive twice.
import { DATASET_LABEL, type Component, type Dataset } from '../../types/dataset';
import type { ControlMessage, PartId } from '../../types/stream';
import { GEO_MAX_LIMIT, type GeoFilters, type GeoItem, type GeoPage } from './adapters/geo-manifest';
import type { CallOptions } from './client';
import { ServiceError } from './errors';
import { isAbort } from './timing';
import { UuidSet } from './uuid-set';

/** What the walker needs of the client (a fake in tests). */
export interface GeoManifestSource {
	geoManifestPage(
		dataset: Dataset,
		component: Component,
		page: { cursor?: string; limit?: number; filters?: GeoFilters },
		options: CallOptions
	): Promise<GeoPage>;
}

type PartMessage = Extract<ControlMessage, { type: 'progress' | 'waiting' | 'restart' | 'error' | 'part-done' }>;

/** New mappable records of a part, then control messages; `emit` may return a promise for back-pressure. */
export type WalkEvent = { type: 'page'; part: PartId; items: GeoItem[] } | PartMessage;

export interface WalkOptions {
	source: GeoManifestSource;
	parts: readonly PartId[];
	signal: AbortSignal;
	emit: (event: WalkEvent) => void | Promise<void>;
	/** Items per request (the embedded service allows up to 5000). */
	pageSize?: number;
	/** Cursor rejections tolerated per part before it fails. */
	maxRestarts?: number;
	/** The manifest's own filters (the map walks without; an export narrows). */
	filters?: GeoFilters;
	/** The items' titles are not used (the record stream): the embedded service leaves them out (CallOptions). */
	withoutTitles?: boolean;
	/** Every page as the service sent it, before anything is filtered out (the stream cache's account of the walk). */
	onServicePage?: (part: PartId, page: GeoPage) => void;
}

export const DEFAULT_MAX_RESTARTS = 5;

/** Walks all parts; resolves with the records handed on (aborting resolves early, quietly). */
export async function walkManifests(options: WalkOptions): Promise<{ received: number }> {
	const counts = await Promise.all(options.parts.map((part) => walkPartSafely(part, options)));
	return { received: counts.reduce((a, b) => a + b, 0) };
}

async function walkPartSafely(part: PartId, options: WalkOptions): Promise<number> {
	const progress = { received: 0 };
	try {
		await walkPart(part, options, progress);
	} catch (error) {
		if (isAbort(error, options.signal)) return progress.received;
		await options.emit(errorMessage(part, error));
	}
	return progress.received;
}

async function walkPart(part: PartId, options: WalkOptions, progress: { received: number }): Promise<void> {
	const { source, signal, emit } = options;
	const [dataset, component] = part.split('/') as [Dataset, Component];
	const limit = options.pageSize ?? GEO_MAX_LIMIT;
	const maxRestarts = options.maxRestarts ?? DEFAULT_MAX_RESTARTS;
	const sent = new UuidSet();
	const onWait: CallOptions['onWait'] = (wait) => void emit({ type: 'waiting', part, ...wait });
	let cursor: string | undefined;
	let restarts = 0;
	const request = (at: string | undefined) => {
		// After the current turn of the event loop: the connection that brought the last page is
		// back in the pool by then and carries this request too (kept alive, not a new one).
		const page = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
			source.geoManifestPage(dataset, component, { cursor: at, limit, filters: options.filters }, { signal, onWait, withoutTitles: options.withoutTitles })
		);
		// Awaited on the next turn of the loop; if the walk ends first (an abort, a failed emit), its
		// failure is nobody's to handle.
		page.catch(() => {});
		return page;
	};
	let pending = request(cursor);

	for (;;) {
		let page: GeoPage;
		try {
			page = await pending;
		} catch (error) {
			if (cursor === undefined || !isCursorRejection(error)) throw error;
			if (++restarts > maxRestarts) throw tooManyRestarts(part, maxRestarts);
			await emit({
				type: 'restart',
				part,
				message: `The service rejected the cursor of the ${label(part)} geo manifest; restarting it from the beginning (records already received are skipped).`
			});
			cursor = undefined;
			pending = request(cursor);
			continue;
		}
		signal.throwIfAborted();
		options.onServicePage?.(part, page);
		if (page.nextCursor !== null && page.nextCursor === cursor)
			throw new ServiceError(
				{ status: 502, code: 'cursor_loop', title: 'Cursor loop' },
				`The service returned the same cursor twice for the ${label(part)} geo manifest; the walk cannot advance.`
			);
		// The next page is asked for before this one is handed on: the service reads it (and the
		// link carries it) while this page is filtered, encoded and sent, instead of after. Still one
		// request of a part in flight at a time, and the emit's back-pressure still paces the walk.
		if (page.nextCursor !== null) pending = request(page.nextCursor);

		const fresh = page.items.filter((item) => isMappable(item) && sent.addIfUuid(item.uuid));
		progress.received += fresh.length;
		if (fresh.length > 0) await emit({ type: 'page', part, items: fresh });
		await emit({ type: 'progress', part, received: progress.received, total: page.total ?? 0 });

		if (page.nextCursor === null) break;
		cursor = page.nextCursor;
	}
	await emit({ type: 'part-done', part, received: progress.received });
}

/** Finite coordinates within −90..90 and −180..180; the service should send no others, but may. */
export function isMappable(item: GeoItem): boolean {
	return Number.isFinite(item.lat) && Number.isFinite(item.lon) && Math.abs(item.lat) <= 90 && Math.abs(item.lon) <= 180;
}

/**
 * The embedded service says `invalid_cursor`; another deployment may answer a bad or expired
 * cursor with some other 400 (or 410) without our problem shape. Either way: restart.
 */
function isCursorRejection(error: unknown): boolean {
	if (!(error instanceof ServiceError)) return false;
	if (error.code === 'invalid_cursor') return true;
	return (error.status === 400 || error.status === 410) && error.code === undefined;
}

function tooManyRestarts(part: PartId, max: number): ServiceError {
	return new ServiceError(
		{ status: 400, code: 'invalid_cursor', title: 'Cursor rejected' },
		`The service kept rejecting the cursor of the ${label(part)} geo manifest; gave up after ${max} restarts.`
	);
}

function errorMessage(part: PartId, error: unknown): PartMessage {
	if (error instanceof ServiceError) return { type: 'error', part, status: error.status, code: error.code, message: error.message };
	console.error(`[explorer] walk of ${part} failed:`, error);
	return { type: 'error', part, message: `Loading the ${label(part)} records failed unexpectedly.` };
}

function label(part: PartId): string {
	const [dataset, component] = part.split('/') as [Dataset, Component];
	return `${DATASET_LABEL[dataset]} ${component}`;
}
