// A whole walk of the geo manifests that every concurrent load of one scope shares (single flight):
// its frames go into a shared log that each load's stream reads from the start at its own pace,
// and, when the walk ends as the service said it would (the totals and newest items its first
// pages gave, no cursor rejected, no part failed), it becomes the scope's cached snapshot.
import { randomBytes } from 'node:crypto';
import type { ControlMessage, PartId } from '../../../types/stream';
import { DATASET_LABEL, type Dataset } from '../../../types/dataset';
import type { GeoPage } from '../adapters/geo-manifest';
import type { ServiceClient } from '../client';
import { concat } from '../../../stream/concat';
import { encodeControl, encodeHeader, StreamEncoder } from '../encode';
import { walkManifests, type WalkEvent } from '../walker';
import { sameWindow, type HeadCheck, type PartCheck } from './check';
import { SharedLog } from './shared-log';
import { versionOf, WINDOW, windowItem, type OkPart, type Segment, type Snapshot } from './snapshot';

/** A frame every load receives alike, or a notice whose wording depends on whose key the walk runs under. */
export type WalkEntry = { frame: Uint8Array } | { own: ControlMessage; shared: ControlMessage };

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
	readonly log = new SharedLog<WalkEntry>();
	readonly check: HeadCheck;
	/** The snapshot the walk became (null: it could not be kept), and the records it sent. */
	readonly done: Promise<{ snapshot: Snapshot | null; received: number }>;
	private readonly abort = new AbortController();

	constructor(private readonly options: LiveWalkOptions) {
		this.check = options.check;
		this.done = this.run();
		// Nobody need wait for it to fail quietly: every load reads the outcome from the log.
		this.done.catch(() => {});
	}

	/** The stream of one load: the stream's header, every entry of the log, and its own end. */
	async *stream(own: boolean, started: number): AsyncGenerator<Uint8Array> {
		yield concat([encodeHeader(), encodeControl({ type: 'start', parts: [...this.options.parts], source: this.options.source })]);
		for (let i = 0; ; i++) {
			const entry = await this.log.at(i);
			if (!entry) break;
			yield 'frame' in entry ? entry.frame : encodeControl(own ? entry.own : entry.shared);
		}
		const { snapshot, received } = await this.done.catch(() => ({ snapshot: null, received: 0 }));
		const version = snapshot?.versions[snapshot.versions.length - 1].id;
		yield encodeControl({ type: 'done', received, ms: this.options.now() - started, ...(version ? { version } : {}) });
	}

	private async run(): Promise<{ snapshot: Snapshot | null; received: number }> {
		const { parts, check } = this.options;
		const started = this.options.now();
		const encoder = new StreamEncoder();
		const accounts = new Map<PartId, PartAccount>();
		const walked = parts.filter((part) => check.get(part)?.state === 'ok');
		for (const part of walked) accounts.set(part, { batches: [], records: 0, seen: 0, dropped: 0, first: null });
		let keepable = true;
		// A part the key may not see is said as the walk would say it (the check was refused it).
		for (const part of parts) {
			const c = check.get(part);
			if (c?.state === 'refused') this.notice({ type: 'error', part, status: c.status, code: c.code, message: c.message });
		}
		const emit = (event: WalkEvent) => {
			switch (event.type) {
				case 'page': {
					const naming = (check.get(event.part) as Extract<PartCheck, { state: 'ok' }>).naming;
					const { dicts, batches } = encoder.pageFrames(event.part, event.items, naming);
					const account = accounts.get(event.part)!;
					account.batches.push(...batches);
					account.records += event.items.length;
					this.log.append({ frame: concat([...dicts, ...batches]) });
					return;
				}
				case 'progress':
				case 'part-done':
					this.log.append({ frame: encodeControl(event) });
					return;
				case 'restart':
					keepable = false;
					this.notice(event);
					return;
				case 'error':
					keepable = false;
					// Whose key failed matters: a load that joined this walk with its own key was not refused.
					this.notice(event, event.part ? { type: 'error', part: event.part, message: `Loading the ${label(event.part)} records failed in the walk this load shared with another; reload to try again.` } : event);
					return;
				case 'waiting':
					this.notice(event);
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
			this.notice({ type: 'error', message: 'Loading the records failed unexpectedly.' });
			keepable = false;
		}
		let snapshot: Snapshot | null = null;
		try {
			if (keepable && walked.every((part) => asPromised(accounts.get(part)!, check.get(part)!))) snapshot = await this.options.commit(...this.snapshotOf(accounts, encoder, started));
		} catch (error) {
			console.error('[explorer] the stream cache could not keep a walk:', error);
		}
		this.log.close();
		return { snapshot, received };
	}

	private notice(own: ControlMessage, shared: ControlMessage = own): void {
		this.log.append({ own, shared });
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

/** The walk found what the check had seen: the same total and newest items, every item counted, none without a uuid. */
function asPromised(account: PartAccount, check: PartCheck | undefined): boolean {
	if (check?.state !== 'ok' || !account.first || account.dropped > 0) return false;
	return account.first.total === check.total && account.seen === check.total && sameWindow(account.first.items.slice(0, WINDOW).map(windowItem), check.window);
}

function label(part: PartId): string {
	const [dataset, component] = part.split('/') as [Dataset, string];
	return `${DATASET_LABEL[dataset]} ${component}`;
}
