// A whole walk of the geo manifests that every concurrent load of one scope shares (single flight).
// Its stream goes into a shared log that each load reads from the start at its own pace, the same
// bytes for every load, so that it is compressed once for all of them (brotli, flushed frame by
// frame as a load's own stream would be). When the walk ends as the service said it would (the
// totals and newest items its first pages gave, no cursor rejected, no part failed), it becomes
// the scope's cached snapshot.
import { randomBytes } from 'node:crypto';
import type { ControlMessage, PartId } from '../../../types/stream';
import { DATASET_LABEL, type Dataset } from '../../../types/dataset';
import { concat } from '../../../stream/concat';
import { compressStream } from '../../edge/compress';
import type { GeoPage } from '../adapters/geo-manifest';
import type { ServiceClient } from '../client';
import { encodeControl, encodeHeader, StreamEncoder } from '../encode';
import { walkManifests, type WalkEvent } from '../walker';
import { sameWindow, type HeadCheck, type PartCheck } from './check';
import { readable } from './readable';
import { SharedLog } from './shared-log';
import { versionOf, WINDOW, windowItem, type OkPart, type Segment, type Snapshot } from './snapshot';

export interface LiveWalkOptions {
	client: ServiceClient;
	parts: readonly PartId[];
	/** What the service said just before (the starting load's check): the walk must find the same. */
	check: HeadCheck;
	source: 'embedded' | 'remote';
	now: () => number;
	pageSize?: number;
	maxRestarts?: number;
	/** Keeps the finished walk; resolves with the snapshot kept, or null. */
	commit: (snapshot: Snapshot, frames: Uint8Array[]) => Promise<Snapshot | null>;
}

interface PartAccount {
	batches: Uint8Array[];
	records: number;
	/** Items the service sent, and what its first page said. */
	seen: number;
	dropped: number;
	first: GeoPage | null;
}

export class LiveWalk {
	/** The stream, chunk by chunk, as every load of the walk receives it. */
	readonly log = new SharedLog<Uint8Array>();
	readonly check: HeadCheck;
	/** The snapshot the walk became (null: it could not be kept), once it is on disk. */
	readonly done: Promise<Snapshot | null>;
	private compressedLog: SharedLog<Uint8Array> | null = null;
	private readonly abort = new AbortController();

	constructor(private readonly options: LiveWalkOptions) {
		this.check = options.check;
		this.log.append(concat([encodeHeader(), encodeControl({ type: 'start', parts: [...options.parts], source: options.source })]));
		this.done = this.run();
		// Nobody need wait for it to fail quietly: every load reads the outcome from the log.
		this.done.catch(() => {});
	}

	/** The stream compressed with brotli, once for every load that takes it (started by the first). */
	compressed(): SharedLog<Uint8Array> {
		if (!this.compressedLog) {
			const out = (this.compressedLog = new SharedLog<Uint8Array>());
			void (async () => {
				for await (const chunk of compressStream(readable(this.log), 'br') as unknown as AsyncIterable<Uint8Array>) out.append(chunk);
				out.close();
			})().catch((error) => {
				console.error('[explorer] compressing a shared walk failed:', error);
				out.close();
			});
		}
		return this.compressedLog;
	}

	private async run(): Promise<Snapshot | null> {
		const { parts, check } = this.options;
		const started = this.options.now();
		const encoder = new StreamEncoder();
		const accounts = new Map<PartId, PartAccount>();
		const walked = parts.filter((part) => check.get(part)?.state === 'ok');
		for (const part of walked) accounts.set(part, { batches: [], records: 0, seen: 0, dropped: 0, first: null });
		let keepable = true;
		const say = (message: ControlMessage) => this.log.append(encodeControl(message));
		// A part the key may not see is said as the walk would say it (the check was refused it).
		for (const part of parts) {
			const c = check.get(part);
			if (c?.state === 'refused') say({ type: 'error', part, status: c.status, code: c.code, message: c.message });
		}
		const emit = (event: WalkEvent) => {
			switch (event.type) {
				case 'page': {
					const naming = (check.get(event.part) as Extract<PartCheck, { state: 'ok' }>).naming;
					const { dicts, batches } = encoder.pageFrames(event.part, event.items, naming);
					const account = accounts.get(event.part)!;
					account.batches.push(...batches);
					account.records += event.items.length;
					this.log.append(concat([...dicts, ...batches]));
					return;
				}
				case 'error':
					keepable = false;
					return say(sharedError(event));
				case 'restart':
					keepable = false;
					return say(event);
				default:
					return say(event);
			}
		};
		let received = 0;
		try {
			({ received } = await walkManifests({
				source: this.options.client,
				parts: walked,
				signal: this.abort.signal,
				emit,
				pageSize: this.options.pageSize,
				maxRestarts: this.options.maxRestarts,
				withoutTitles: true,
				onServicePage: (part, page) => {
					const account = accounts.get(part)!;
					account.first ??= page;
					account.seen += page.items.length + page.dropped;
					account.dropped += page.dropped;
				}
			}));
		} catch (error) {
			console.error('[explorer] record stream failed:', error);
			say({ type: 'error', message: 'Loading the records failed unexpectedly.' });
			keepable = false;
		}
		// The stream ends before the copy is on disk: a version that then fails to be kept is only
		// one a later load does not know, and gets the whole stream for.
		const kept = keepable && walked.every((part) => asPromised(accounts.get(part)!, check.get(part)!)) ? this.snapshotOf(accounts, encoder, started) : null;
		const version = kept?.[0].versions[0].id;
		say({ type: 'done', received, ms: this.options.now() - started, ...(version ? { version } : {}) });
		this.log.close();
		try {
			return kept ? await this.options.commit(...kept) : null;
		} catch (error) {
			console.error('[explorer] the stream cache could not keep a walk:', error);
			return null;
		}
	}

	private snapshotOf(accounts: Map<PartId, PartAccount>, encoder: StreamEncoder, walkedAt: number): [Snapshot, Uint8Array[]] {
		const { parts, check, source } = this.options;
		const frames: Uint8Array[] = [];
		let offset = 0;
		const states: Snapshot['states'] = {};
		for (const part of parts) {
			const c = check.get(part)!;
			if (c.state === 'refused') {
				states[part] = { state: 'refused', status: c.status, code: c.code, message: c.message };
				continue;
			}
			const account = accounts.get(part)!;
			const segment: Segment = { offset, length: 0, records: account.records };
			for (const batch of account.batches) {
				frames.push(batch);
				segment.length += batch.byteLength;
			}
			offset += segment.length;
			const state: OkPart = { state: 'ok', naming: c.naming, total: c.total, window: c.window, records: account.records, segments: [segment] };
			states[part] = state;
		}
		const dictionaries = encoder.dictionaries();
		const snapshot: Snapshot = {
			format: 1,
			lineage: randomBytes(12).toString('hex'),
			source,
			parts: [...parts],
			states,
			dictionaries,
			versions: [versionOf(randomBytes(12).toString('hex'), walkedAt, states, dictionaries)],
			walkedAt,
			framesBytes: offset
		};
		return [snapshot, frames];
	}
}

/**
 * A part's failure as every load of the walk reads it. The walk runs under the key of the load
 * that started it: a refusal of that key (401) must not read, to the others, as a refusal of
 * theirs (which ends an analyst's session, session/watch.ts); it is said as the walk's failure.
 */
function sharedError(event: Extract<WalkEvent, { type: 'error' }>): ControlMessage {
	if (event.status !== 401 || !event.part) return event;
	return {
		type: 'error',
		part: event.part,
		status: 502,
		code: 'shared_walk_failed',
		message: `Loading the ${label(event.part)} records failed: the service stopped accepting the key of the load this one shared a walk with. Reload to try again.`
	};
}

/** The walk found what the check had seen: the same total and newest items, every item counted, none without a uuid. */
function asPromised(account: PartAccount, check: PartCheck | undefined): boolean {
	if (check?.state !== 'ok' || !account.first || account.dropped > 0) return false;
	return account.first.total === check.total && account.seen === check.total && sameWindow(account.first.items.slice(0, WINDOW).map(windowItem), check.window);
}

function label(part: PartId): string {
	const [dataset, component] = part.split('/') as [Dataset, string];
	return `${DATASET_LABEL[dataset]} ${component}`;
}
