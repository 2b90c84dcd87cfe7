import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { nlSearch } from '$lib/server/service/nl/search';
import { nlSearchQuery } from '$lib/server/service/nl/schemas';
import { parseParams } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serveAsync(event, ({ deps, key, dataset, query }) => nlSearch(deps, key, dataset, parseParams(nlSearchQuery, query)));
