import type { RequestHandler } from './$types';
import { serve } from '$lib/server/service/route';
import { geoManifest } from '$lib/server/service/geo/manifest';
import { geoQuery, parseParams } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serve(event, ({ deps, key, dataset, component, query }) => geoManifest(deps, key, dataset, component, parseParams(geoQuery, query)));
