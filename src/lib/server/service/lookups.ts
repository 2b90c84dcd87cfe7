// The two lookups of one record (by its component id, by its uuid): what their REST routes do once
// the key is admitted. Shared by the SvelteKit routes and the fast path that answers the same
// requests on Node's own request and response (src/lib/server/fast-lookups.ts), so that the two
// cannot drift apart.
import type { Component, Dataset } from '../../types/dataset';
import type { ApiKey } from './auth/keys';
import type { ServiceDeps } from './deps';
import { componentIdParam, noQuery, parseParams, uuidParam } from './schemas';

export interface LookupContext {
	deps: ServiceDeps;
	key: ApiKey;
	dataset: Dataset;
	component: Component;
	query: Record<string, string>;
	/** The request's time: what its reads see as now. */
	at: number;
}

/** GET /v1/{dataset}/{videos|images}/by-component-id/{component_id}: the record's JSON, as bytes. */
export function byComponentId({ deps, at, key, dataset, component, query }: LookupContext, componentId: string): Promise<Uint8Array> {
	noQuery(query);
	const { component_id } = parseParams(componentIdParam, { component_id: componentId });
	return deps.reads.json('byComponentId', at, key, dataset, component, component_id);
}

/** GET /v1/{dataset}/{videos|images}/{uuid}: the record's detail JSON, as bytes. */
export function detailByUuid({ deps, at, key, dataset, component, query }: LookupContext, uuid: string): Promise<Uint8Array> {
	noQuery(query);
	const params = parseParams(uuidParam, { uuid });
	return deps.reads.json('detail', at, key, dataset, component, params.uuid);
}
