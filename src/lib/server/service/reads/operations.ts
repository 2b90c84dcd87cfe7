// Every read of the service's records, by name: what the REST routes, the MCP tools, the
// explorer's in-process pages and Domain GenAI ask the read side for. Each is a plain function of
// (deps, …arguments) over a database that may be read-only: the same function runs on the main
// thread (DB_READERS=0) or in a reader worker (reads/worker.ts), so both paths give the same
// answer, byte for byte. Arguments and results cross a thread boundary: plain data only.
import type { ReadDeps } from '../deps';
import { getRecord, getRecordByComponentId } from '../records/detail';
import { searchRecords } from '../records/search';
import { geoManifestColumns, geoManifestJson } from '../geo/manifest';
import { imageViewer, videoPlayer } from '../media/access';
import { mediaResource } from '../media/resource';
import { nlSearch } from '../nl/search';
import { groundTurn } from '../genai/grounding';

export const READ_OPERATIONS = {
	search: searchRecords,
	detail: getRecord,
	byComponentId: getRecordByComponentId,
	/** Answered as its JSON text, written by SQLite (for REST and MCP, which send it as it is). */
	geoManifest: geoManifestJson,
	geoManifestColumns,
	videoPlayer,
	imageViewer,
	media: mediaResource,
	nlSearch,
	genaiGrounding: groundTurn,
	/** Answers once the reader has opened the database and loaded its caches. */
	ready: () => true
} satisfies Record<string, (deps: ReadDeps, ...args: never[]) => unknown>;

export type ReadOperations = typeof READ_OPERATIONS;
export type ReadName = keyof ReadOperations;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReadArgs<N extends ReadName> = Parameters<ReadOperations[N]> extends [any, ...infer A] ? A : never;
export type ReadResult<N extends ReadName> = Awaited<ReturnType<ReadOperations[N]>>;

/**
 * Reads of one row by key (detail, component-id lookup, the player and viewer links): tenths of a
 * millisecond of SQLite each. With reader workers they run on the main thread all the same: a trip
 * to a worker and back cost more than the read itself (lookups at one client answered 455/s in a
 * worker, 904/s on the main thread, docs/benchmarks.md), and there they wait behind no query.
 */
export const ROW_READS: ReadonlySet<ReadName> = new Set<ReadName>(['detail', 'byComponentId', 'videoPlayer', 'imageViewer']);

/**
 * The media files (rendered images, posters, audio): milliseconds of CPU each, in a worker of
 * their own, so that neither a row read nor a query waits behind a render.
 */
export const MEDIA_READS: ReadonlySet<ReadName> = new Set<ReadName>(['media']);

/** Runs a read on this thread. */
export async function runRead<N extends ReadName>(deps: ReadDeps, name: N, args: ReadArgs<N>): Promise<ReadResult<N>> {
	const operation = READ_OPERATIONS[name] as unknown as (deps: ReadDeps, ...args: ReadArgs<N>) => ReadResult<N> | Promise<ReadResult<N>>;
	return operation(deps, ...args);
}
