// How the record stream names a part's records for the page: by primary_id (one byte a record on
// the wire) when the key can open a record by it, else by uuid (16 bytes more). Opening a record
// named by primary_id goes through the service's component-id lookup, which is a feature of its
// own (`lookup`): a key with `detail` but without `lookup` can read a record by uuid and not by
// primary_id. Nor does every deployment have to number components as the manifest's primary_id.
// So one record of each part, the first the manifest gives, is looked up once per stream: the
// part is named by primary_id only when that lookup answers with the very same record.
//
// The record looked up comes from a page of one item asked for when the stream starts, beside the
// walk's first pages of 5,000: the probe is done by the time they arrive. Waiting for the first
// page's own first item put the lookup's round trip between that page and the browser, 30-140 ms
// of every load's first points on loopback, a round trip more to a remote service.
import type { Component, Dataset } from '../../types/dataset';
import type { PartId } from '../../types/stream';
import type { GeoItem } from './adapters/geo-manifest';
import type { CallOptions } from './client';
import type { RecordDetail } from './adapters/record';
import { isAbort } from './timing';
import type { GeoManifestSource } from './walker';

export type RecordNaming = 'primary-id' | 'uuid';

/** What the probe needs of the client (the real one, or a fake in tests). */
export interface ComponentIdLookup {
	recordByComponentId(dataset: Dataset, component: Component, componentId: number, options: CallOptions): Promise<RecordDetail>;
}

/** One probe per part per stream, started with the stream (or by the part's first page) and shared by all its pages. */
export class RecordNamings {
	private readonly probes = new Map<PartId, Promise<RecordNaming>>();
	/** start()'s probes: null when the part had no sample to probe (none, or its page failed). */
	private readonly early = new Map<PartId, Promise<RecordNaming | null>>();

	constructor(
		private readonly lookup: ComponentIdLookup & GeoManifestSource,
		private readonly signal: AbortSignal
	) {}

	/** Starts the probe of each part now, on a sample of its own (a page of one item). */
	start(parts: readonly PartId[]): void {
		for (const part of parts) {
			if (this.early.has(part)) continue;
			const probe = this.sampleOf(part).then((sample) => sample && this.probe(part, sample));
			// Awaited when the part's first page is encoded; if the walk ends first, nobody's to handle.
			probe.catch(() => {});
			this.early.set(part, probe);
		}
	}

	/** How records of `part` are named: by start()'s probe, or else by one of `sample` (its first page's first item). */
	of(part: PartId, sample: GeoItem): Promise<RecordNaming> {
		let probe = this.probes.get(part);
		if (!probe) {
			const early = this.early.get(part) ?? Promise.resolve(null);
			probe = early.then((naming) => naming ?? this.probe(part, sample));
			this.probes.set(part, probe);
		}
		return probe;
	}

	/** The part's first record in manifest order, or null when it has none or the page failed (the walk will say why). */
	private async sampleOf(part: PartId): Promise<GeoItem | null> {
		const [dataset, component] = part.split('/') as [Dataset, Component];
		try {
			const page = await this.lookup.geoManifestPage(dataset, component, { limit: 1 }, { signal: this.signal, attempts: 1 });
			return page.items[0] ?? null;
		} catch (error) {
			if (isAbort(error, this.signal)) throw error;
			return null;
		}
	}

	private async probe(part: PartId, sample: GeoItem): Promise<RecordNaming> {
		if (sample.primaryId === undefined) return 'uuid';
		const [dataset, component] = part.split('/') as [Dataset, Component];
		try {
			// One attempt: a refusal (403 without `lookup`, 404 on a service without the route) is the answer.
			const detail = await this.lookup.recordByComponentId(dataset, component, sample.primaryId, { signal: this.signal, attempts: 1 });
			return detail.uuid === sample.uuid ? 'primary-id' : 'uuid';
		} catch (error) {
			if (isAbort(error, this.signal)) throw error;
			// Whatever the reason (refused, unknown, unavailable), a uuid still opens the record.
			return 'uuid';
		}
	}
}
