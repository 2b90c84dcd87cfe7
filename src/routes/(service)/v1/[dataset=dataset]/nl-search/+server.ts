import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { nlSearchQuery } from '$lib/server/service/nl/schemas';
import { parseParams } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serveAsync(event, ({ deps, at, key, dataset, query }) => deps.reads.json('nlSearch', at, key, dataset, parseParams(nlSearchQuery, query)));
