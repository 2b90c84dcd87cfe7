// The REST routes answered before SvelteKit as well as through it (src/lib/server/fast-path.ts):
// the two lookups of one record (by its component id, by its uuid) and a geo-manifest page, the
// service's most frequent requests. What each does once the key is admitted lives here, shared by
// the SvelteKit routes and the fast path, so that the two cannot drift apart.
import type { Component, Dataset } from '../../types/dataset';
import type { ApiKey } from './auth/keys';
import type { ServiceDeps } from './service-deps';
import { componentIdParam, geoQuery, noQuery, parseParams, uuidParam } from './schemas';

export interface HotRouteContext {
	deps: ServiceDeps;
	key: ApiKey;
	dataset: Dataset;
	component: Component;
	query: Record<string, string>;
	/** The request's time: what its reads see as now. */
	at: number;
}

/** GET /v1/{dataset}/{videos|images}/by-component-id/{component_id}: the record's JSON, as bytes. */
export function byComponentId({ deps, at, key, dataset, component, query }: HotRouteContext, componentId: string): Promise<Uint8Array> {
	noQuery(query);
	const { component_id } = parseParams(componentIdParam, { component_id: componentId });
	return deps.reads.json('byComponentId', at, key, dataset, component, component_id);
}

/** GET /v1/{dataset}/{videos|images}/{uuid}: the record's detail JSON, as bytes. */
export function detailByUuid({ deps, at, key, dataset, component, query }: HotRouteContext, uuid: string): Promise<Uint8Array> {
	noQuery(query);
	const params = parseParams(uuidParam, { uuid });
	return deps.reads.json('detail', at, key, dataset, component, params.uuid);
}

/** GET /v1/{dataset}/{videos|images}/geo-manifest: one page of the manifest, as bytes. */
export function geoManifestPage({ deps, at, key, dataset, component, query }: HotRouteContext): Promise<Uint8Array> {
	return deps.reads.json('geoManifest', at, key, dataset, component, parseParams(geoQuery, query));
}
