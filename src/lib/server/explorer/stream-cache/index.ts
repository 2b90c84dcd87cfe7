// The explorer's record stream, kept per visibility scope and brought up to date incrementally
// (docs/explorer.md, "The stream cache"). A load:
//   1. asks the service, with its own key, for the newest items and the total of each manifest
//      (check.ts): a refused key is refused here as by a walk, and the key's rate limit applies;
//   2. when the scope's snapshot says the same, is served it: the whole stream compressed once for
//      every load, or only what is newer than the version the page holds (`since=`), often nothing;
//   3. when the manifests have grown, reads only their newest ends (refresh.ts) and adds a version;
//   4. otherwise (no snapshot yet, or one the service no longer agrees with) walks everything, and
//      loads that come meanwhile share that walk as it runs (live-walk.ts).
// Concurrent loads of one scope share one refresh or walk (single flight, in this process).
import { Readable } from 'node:stream';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { PartId } from '../../../types/stream';
import type { ServiceClient } from '../client';
import { StreamEncoder } from '../encode';
import { isAbort } from '../timing';
import { deltaStream, wholeStream } from './bodies';
import { checkHeads, checksAgree, snapshotAgrees, type HeadCheck } from './check';
import { LiveWalk } from './live-walk';
import { readable } from './readable';
import { findNews } from './refresh';
import type { StreamScope } from './scope';
import { currentVersion, MAX_VERSIONS, versionOf, type OkPart, type Segment, type Snapshot } from './snapshot';
import { StreamCacheStore } from './store';

export interface CacheLoad {
	scope: StreamScope;
	client: ServiceClient;
	parts: PartId[];
	source: 'embedded' | 'remote';
	/** The version of the stream the page holds, if any. */
	since: string | null;
	/** The client takes brotli: the compressed whole stream can be sent as it is. */
	brotli: boolean;
	signal: AbortSignal;
}

/** How a load was answered: for the logs, tests and the bench. */
export type Served = 'whole' | 'delta' | 'unchanged' | 'walk' | 'joined';

export interface CachedStream {
	body: ReadableStream<Uint8Array>;
	/** Already compressed (the stored whole stream). */
	encoding?: 'br';
	served: Served;
}

export interface StreamCacheOptions {
	/** A snapshot older than this since its whole walk is walked again (what a refresh cannot see: a record changed in place). */
	maxAgeMs: number;
	now: () => number;
	pageSize?: number;
	maxRestarts?: number;
}

type Flight = { kind: 'refresh'; done: Promise<unknown> } | { kind: 'walk'; walk: LiveWalk; done: Promise<unknown> };

/** Records per batch frame of a refresh's new records (as a walk's pages are). */
const REFRESH_BATCH = 5000;
/** Brotli's quality for the stored whole stream: written once per version, read by every load (docs/benchmarks.md). */
const STORED_QUALITY = 5;
/** Checks a load retries when the snapshot moved while it waited for another load's refresh or walk. */
const ROUNDS = 3;

export class StreamCache {
	private readonly flights = new Map<string, Flight>();
	private readonly compressing = new Map<string, Promise<void>>();
	/** Work a commit leaves behind (compression, eviction), for idle(). */
	private readonly background = new Set<Promise<void>>();

	constructor(
		readonly store: StreamCacheStore,
		private readonly options: StreamCacheOptions
	) {}

	/** The load's stream from the cache; null when the cache cannot answer it (the caller walks as ever). */
	async open(load: CacheLoad): Promise<CachedStream | null> {
		const { entry } = load.scope;
		let check: HeadCheck;
		try {
			check = await checkHeads(load.client, load.parts, load.signal, load.scope.naming);
		} catch (error) {
			if (isAbort(error, load.signal)) throw error;
			return null;
		}
		for (let round = 0; round < ROUNDS; round++) {
			let snapshot = await this.store.read(entry);
			if (snapshot && this.options.now() - snapshot.walkedAt > this.options.maxAgeMs) snapshot = null;
			// From here to a flight's start nothing is awaited: two loads cannot both start one.
			const flight = this.flights.get(entry);
			if (flight) {
				if (flight.kind === 'walk' && checksAgree(flight.walk.check, check)) return walkStream(flight.walk, load, 'joined');
				await flight.done.catch(() => {});
				continue;
			}
			if (snapshot && snapshotAgrees(snapshot, check)) return this.serve(entry, snapshot, load);
			if (snapshot) {
				const refreshed = await this.fly(entry, () => this.refresh(entry, snapshot!, check, load.client));
				if (refreshed === 'moved') continue;
				if (refreshed) return this.serve(entry, refreshed, load);
				// The service no longer agrees with the snapshot: walk (unless a load started one meanwhile).
				if (this.flights.has(entry)) continue;
			}
			return walkStream(this.walk(entry, check, load), load, 'walk');
		}
		return null;
	}

	/** Runs a refresh as the entry's one flight; loads that come meanwhile wait for it. */
	private async fly<T>(entry: string, work: () => Promise<T>): Promise<T> {
		const done = work();
		this.flights.set(entry, { kind: 'refresh', done });
		try {
			return await done;
		} finally {
			this.flights.delete(entry);
		}
	}

	/** A new version with the manifests' new records; null: walk again; 'moved': another process committed first. */
	private async refresh(entry: string, snapshot: Snapshot, check: HeadCheck, client: ServiceClient): Promise<Snapshot | null | 'moved'> {
		// Not the load's signal: other loads wait for this refresh, whoever started it.
		const news = await findNews(client, snapshot, check, new AbortController().signal).catch((error: Error) => ({
			kind: 'walk' as const,
			reason: error.message
		}));
		if (news.kind === 'walk') return null;
		const encoder = new StreamEncoder(snapshot.dictionaries);
		const frames: Uint8Array[] = [];
		let offset = snapshot.framesBytes;
		const states = { ...snapshot.states };
		for (const [part, found] of news.parts) {
			const state = states[part] as OkPart;
			const segment = { offset, length: 0, records: found.records.length };
			for (let i = 0; i < found.records.length; i += REFRESH_BATCH) {
				for (const batch of encoder.pageFrames(part, found.records.slice(i, i + REFRESH_BATCH), state.naming).batches) {
					frames.push(batch);
					segment.length += batch.byteLength;
				}
			}
			offset += segment.length;
			states[part] = {
				...state,
				total: found.total,
				window: found.window,
				records: state.records + found.records.length,
				segments: segment.records > 0 ? [...state.segments, segment] : state.segments
			};
		}
		const dictionaries = encoder.dictionaries();
		const next: Snapshot = {
			...snapshot,
			states,
			dictionaries,
			versions: [...snapshot.versions, versionOf(randomBytes(12).toString('hex'), this.options.now(), states, dictionaries)].slice(-MAX_VERSIONS),
			framesBytes: offset
		};
		const committed = await this.store.commit(entry, next, frames, currentVersion(snapshot).id);
		if (!committed) return 'moved';
		this.kept(entry, committed);
		return committed;
	}

	/** Starts the scope's whole walk, which loads that come meanwhile share. */
	private walk(entry: string, check: HeadCheck, load: CacheLoad): LiveWalk {
		const walk = new LiveWalk({
			client: load.client,
			parts: load.parts,
			check,
			source: load.source,
			now: this.options.now,
			pageSize: this.options.pageSize,
			maxRestarts: this.options.maxRestarts,
			commit: async (snapshot, frames) => {
				const kept = await this.store.commit(entry, snapshot, frames, 'any');
				if (kept) this.kept(entry, kept);
				return kept;
			}
		});
		const done = walk.done.finally(() => this.flights.delete(entry));
		this.flights.set(entry, { kind: 'walk', walk, done });
		return walk;
	}

	/** A new version is on disk: compress its whole stream for the loads to come, and keep the cache within its bound. */
	private kept(entry: string, snapshot: Snapshot): void {
		const work = this.compress(entry, snapshot)
			.then(() => this.store.evict(entry))
			.catch((error) => console.error('[explorer] the stream cache could not keep within its bound:', error));
		this.background.add(work);
		void work.finally(() => this.background.delete(work));
	}

	/** Resolves once no walk, refresh, compression or eviction is running (tests; a clean shutdown). */
	async idle(): Promise<void> {
		while (this.flights.size > 0 || this.background.size > 0 || this.compressing.size > 0) {
			await Promise.allSettled([...[...this.flights.values()].map((f) => f.done), ...this.background, ...this.compressing.values()]);
		}
	}

	private compress(entry: string, snapshot: Snapshot): Promise<void> {
		const key = `${entry}-${currentVersion(snapshot).id}`;
		let running = this.compressing.get(key);
		if (!running) {
			const brotli = zlib.createBrotliCompress({
				params: { [zlib.constants.BROTLI_PARAM_QUALITY]: STORED_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: snapshot.framesBytes }
			});
			const source = Readable.from(wholeStream(snapshot, (s) => this.store.readSegment(entry, snapshot.lineage, s)));
			source.on('error', (error) => brotli.destroy(error));
			running = this.store
				.writeCompressed(entry, currentVersion(snapshot).id, source.pipe(brotli))
				.then(() => {})
				.catch((error) => console.error('[explorer] the stream cache could not compress a stream:', error))
				.finally(() => this.compressing.delete(key));
			this.compressing.set(key, running);
		}
		return running;
	}

	/** The snapshot's answer to a load: nothing new, what is new since the page's version, or the whole stream. */
	private async serve(entry: string, snapshot: Snapshot, load: CacheLoad): Promise<CachedStream> {
		this.store.touch(entry, this.options.now());
		const read = (segment: Segment) => this.store.readSegment(entry, snapshot.lineage, segment);
		const current = currentVersion(snapshot);
		const base = load.since ? snapshot.versions.find((v) => v.id === load.since) : undefined;
		if (base) return { body: readable(deltaStream(snapshot, base, read)), served: base === current ? 'unchanged' : 'delta' };
		const compressed = load.brotli ? await this.store.compressed(entry, current.id) : null;
		if (compressed) return { body: readable(fileChunks(compressed), 'compressed'), encoding: 'br', served: 'whole' };
		// Not compressed yet (it is being): this load gets the frames, compressed as it is sent.
		if (load.brotli) void this.compress(entry, snapshot);
		return { body: readable(wholeStream(snapshot, read)), served: 'whole' };
	}
}

/** A load's stream of a walk it started or joined: the same bytes as every other load's, compressed once for all that take brotli. */
function walkStream(walk: LiveWalk, load: CacheLoad, served: Served): CachedStream {
	return load.brotli ? { body: readable(walk.compressed(), 'compressed'), encoding: 'br', served } : { body: readable(walk.log), served };
}

async function* fileChunks(file: string): AsyncGenerator<Uint8Array> {
	for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

let shared: { dir: string; cache: StreamCache; secret: Buffer } | undefined;

/** This process's stream cache for these settings; null when it is turned off (STREAM_CACHE_MB=0). */
export function streamCacheOf(
	settings: { streamCache: { dir: string; maxBytes: number; maxAgeSeconds: number } },
	now: () => number
): { cache: StreamCache; secret: Buffer } | null {
	if (settings.streamCache.maxBytes === 0) return null;
	const dir = settings.streamCache.dir;
	if (shared?.dir !== dir) {
		const store = new StreamCacheStore(dir, settings.streamCache.maxBytes);
		shared = { dir, cache: new StreamCache(store, { maxAgeMs: settings.streamCache.maxAgeSeconds * 1000, now }), secret: store.secret() };
	}
	return shared;
}
