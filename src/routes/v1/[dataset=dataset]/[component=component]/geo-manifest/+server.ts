import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { geoQuery, parseParams } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serveAsync(event, ({ deps, at, key, dataset, component, query }) => deps.reads.json('geoManifest', at, key, dataset, component, parseParams(geoQuery, query)));
