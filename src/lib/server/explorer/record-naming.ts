// How the record stream names a part's records for the page: by primary_id (one byte a record on
// the wire) when the key can open a record by it, else by uuid (16 bytes more). Opening a record
// named by primary_id goes through the service's component-id lookup, which is a feature of its
// own (`lookup`): a key with `detail` but without `lookup` can read a record by uuid and not by
// primary_id. Nor does every deployment have to number components as the manifest's primary_id.
// So one record of each part, the first the manifest gives, is looked up once per stream: the
// part is named by primary_id only when that lookup answers with the very same record.
import type { Component, Dataset } from '../../types/dataset';
import type { PartId } from '../../types/stream';
import type { GeoItem } from './adapters/geo-manifest';
import type { CallOptions } from './client';
import type { RecordDetail } from './adapters/record';
import { ServiceError } from './errors';
import { isAbort } from './timing';

export type RecordNaming = 'primary-id' | 'uuid';

/** What the probe needs of the client (the real one, or a fake in tests). */
export interface ComponentIdLookup {
	recordByComponentId(dataset: Dataset, component: Component, componentId: number, options: CallOptions): Promise<RecordDetail>;
}

/** One probe per part per stream, started by the part's first page and shared by its later pages. */
export class RecordNamings {
	private readonly probes = new Map<PartId, Promise<RecordNaming>>();

	constructor(
		private readonly lookup: ComponentIdLookup,
		private readonly signal: AbortSignal
	) {}

	of(part: PartId, sample: GeoItem): Promise<RecordNaming> {
		let probe = this.probes.get(part);
		if (!probe) {
			probe = this.probe(part, sample);
			this.probes.set(part, probe);
		}
		return probe;
	}

	private async probe(part: PartId, sample: GeoItem): Promise<RecordNaming> {
		if (sample.primaryId === undefined) return 'uuid';
		const [dataset, component] = part.split('/') as [Dataset, Component];
		try {
			// One attempt: a refusal (403 without `lookup`, 404 on a service without the route) is the answer.
			const detail = await this.lookup.recordByComponentId(dataset, component, sample.primaryId, { signal: this.signal, attempts: 1 });
			if (detail.uuid === sample.uuid) return 'primary-id';
			console.warn(`[explorer] ${part} is streamed named by uuid: the component-id lookup of ${sample.primaryId} answered another record`);
			return 'uuid';
		} catch (error) {
			if (isAbort(error, this.signal)) throw error;
			// A key without `lookup` (403) or a service without the route (404) is a setting; anything
			// else costs 16 bytes a record on the wire unexpectedly: say why, for whoever runs it.
			if (!(error instanceof ServiceError && (error.status === 403 || error.status === 404))) {
				console.warn(`[explorer] ${part} is streamed named by uuid: the component-id lookup failed (${(error as Error).message})`);
			}
			// Whatever the reason (refused, unknown, unavailable), a uuid still opens the record.
			return 'uuid';
		}
	}
}
