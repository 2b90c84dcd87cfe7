import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { parseParams, searchQuery } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serveAsync(event, ({ deps, at, key, dataset, component, query }) => deps.reads.json('search', at, key, dataset, component, parseParams(searchQuery, query)));
