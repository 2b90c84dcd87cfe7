// What a key may see on the map: one single-item manifest page per part tells whether the key may
// read it, and how many mappable records it holds for that key. /api/status reports it; sign-in
// uses it to check a pasted key and to keep the map to the parts the key may see.
import { COMPONENTS, DATASET_LABEL, DATASETS, type Component, type Dataset } from '../../types/dataset';
import type { PartId } from '../../types/stream';
import type { ServiceClient } from './client';
import { ServiceError } from './errors';

export interface PartStatus {
	part: PartId;
	dataset: Dataset;
	label: string;
	component: Component;
	visible: boolean;
	/** Mappable records the key may see, when visible and the service says. */
	total?: number;
	/** Why the part is not visible. */
	message?: string;
	status?: number;
}

export function probeParts(client: ServiceClient, signal?: AbortSignal): Promise<PartStatus[]> {
	return Promise.all(DATASETS.flatMap((dataset) => COMPONENTS.map((component) => probe(client, dataset, component, signal))));
}

async function probe(client: ServiceClient, dataset: Dataset, component: Component, signal?: AbortSignal): Promise<PartStatus> {
	const part = { part: `${dataset}/${component}` as PartId, dataset, label: DATASET_LABEL[dataset], component };
	try {
		const page = await client.geoManifestPage(dataset, component, { limit: 1 }, { signal, attempts: 1 });
		return { ...part, visible: true, total: page.total };
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error;
		return { ...part, visible: false, status: error.status, message: error.message };
	}
}

export type KeyCheck =
	| { ok: true; parts: PartId[] }
	/** invalid: the service refused the key (401); no-map: it may read no part (403 everywhere); unavailable: no usable answer. */
	| { ok: false; reason: 'invalid' | 'no-map' | 'unavailable'; message: string };

/** A pasted key, checked against the service: which parts of the map it may see, or why none. */
export async function checkKey(client: ServiceClient, signal?: AbortSignal): Promise<KeyCheck> {
	const parts = await probeParts(client, signal);
	const refused = parts.find((p) => p.status === 401);
	if (refused) return { ok: false, reason: 'invalid', message: refused.message! };
	const visible = parts.filter((p) => p.visible).map((p) => p.part);
	if (visible.length > 0) return { ok: true, parts: visible };
	if (parts.every((p) => p.status === 403 || p.status === 404)) return { ok: false, reason: 'no-map', message: parts.map((p) => p.message).join(' ') };
	return { ok: false, reason: 'unavailable', message: parts.find((p) => p.status !== 403 && p.status !== 404)!.message! };
}
