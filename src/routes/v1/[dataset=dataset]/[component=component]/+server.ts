import type { RequestHandler } from './$types';
import { serve } from '$lib/server/service/route';
import { searchRecords } from '$lib/server/service/records/search';
import { parseParams, searchQuery } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serve(event, ({ deps, key, dataset, component, query }) => searchRecords(deps, key, dataset, component, parseParams(searchQuery, query)));
