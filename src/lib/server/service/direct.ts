// The embedded service called in the same process, for the one request that dominates the
// explorer's work: a page of a geo manifest. Everything the HTTP edge does happens here too: the
// key is authenticated and its rate-limit bucket charged by the same admit(), the query is parsed
// by the same schema, the same service function answers, and a refusal keeps its status, problem
// and headers. Only the JSON text and the loopback socket are skipped: serializing, sending and
// parsing 5,000 items a page was two fifths of the server's CPU on a million-record walk.
import { COMPONENT_PATH, DATASETS, type Component, type Dataset } from '../../types/dataset';
import type { Runtime } from '../runtime';
import { authenticate } from './auth/keys';
import { admit, errorAnswer } from './http';
import { geoQuery, parseParams } from './schemas';
import type { GeoColumnsQuery } from './geo/manifest';

/** What an HTTP answer would have carried: its status, headers and the JSON body as a value. */
export interface DirectAnswer {
	status: number;
	headers: Record<string, string>;
	body: unknown;
}

/**
 * Answers a GET in process, or says `undefined` when the path is not one it serves (send it over
 * HTTP). `withoutTitles`: the caller does not use the items' titles, which are left out.
 */
export type DirectGet = (
	path: string,
	query: Record<string, string>,
	authorization: string,
	hints?: { withoutTitles?: boolean }
) => Promise<DirectAnswer> | undefined;

const GEO_MANIFEST_PATH = new RegExp(`^/v1/(${DATASETS.join('|')})/(${Object.values(COMPONENT_PATH).join('|')})/geo-manifest$`);

export function directGeoManifest(rt: Runtime): DirectGet {
	return (path, query, authorization, hints) => {
		const match = GEO_MANIFEST_PATH.exec(path);
		if (!match) return undefined;
		return page(rt, path, match, query, authorization, hints?.withoutTitles === true);
	};
}

async function page(
	rt: Runtime,
	path: string,
	match: RegExpExecArray,
	query: Record<string, string>,
	authorization: string,
	withoutTitles: boolean
): Promise<DirectAnswer> {
	const dataset = match[1] as Dataset;
	const component: Component = match[2] === COMPONENT_PATH.image ? 'image' : 'video';
	const at = rt.now();
	const admission = await admit(rt.sql, rt.limiter, authorization, at);
	if (!admission.ok) return { status: admission.problem.status, headers: admission.headers, body: { ...admission.problem, instance: path } };
	try {
		// A value, not JSON text, and in columns (types/geo.ts): a reader thread's answer crosses by
		// structured clone, which for columns is a few arrays instead of 5,000 objects to write key by
		// key and build again here (the explorer's adapter reads either shape).
		// Titles left out (the record stream's walk) are the longest of the page's strings, each
		// copied across from the reader and collected here again.
		const q: GeoColumnsQuery = { ...parseParams(geoQuery, query), ...(withoutTitles ? { titles: false } : {}) };
		return { status: 200, headers: admission.headers, body: await rt.reads.value('geoManifestColumns', at, admission.key, dataset, component, q) };
	} catch (error) {
		const { problem, headers } = errorAnswer(path, error);
		return { status: problem.status, headers: { ...admission.headers, ...headers }, body: problem };
	}
}

/**
 * What a key may see of the records, in the terms that decide it: the datasets whose geo manifests
 * it may walk, its entity restriction, and whether it may look records up by component id (which
 * is how the explorer's stream names them). Two keys with the same scope see exactly the same
 * manifests (records/scope.ts is the one place that cuts records to a key), so the explorer's
 * stream cache keeps one copy per scope (explorer/stream-cache/scope.ts). Not a route of the
 * service: the in-process counterpart of a question only the embedded service can answer.
 */
export interface VisibilityScope {
	datasets: Dataset[];
	/** Sorted; null: every entity. */
	entities: string[] | null;
	lookup: boolean;
}

/** The scope of the key in an Authorization header; null when the key is not accepted. No rate-limit charge: nothing is read for the caller. */
export type DirectScope = (authorization: string) => Promise<VisibilityScope | null>;

export function directScope(rt: Runtime): DirectScope {
	return async (authorization) => {
		const key = await authenticate(rt.sql, authorization);
		if (!key) return null;
		return {
			datasets: key.features.includes('geo') ? DATASETS.filter((d) => key.datasets.includes(d)) : [],
			entities: key.entities ? [...key.entities].sort() : null,
			lookup: key.features.includes('lookup')
		};
	};
}
