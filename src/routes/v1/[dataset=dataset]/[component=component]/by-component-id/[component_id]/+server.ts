import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { componentIdParam, noQuery, parseParams } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serveAsync(event, ({ deps, at, key, dataset, component, query }) => {
		noQuery(query);
		const { component_id } = parseParams(componentIdParam, { component_id: event.params.component_id });
		return deps.reads.json('byComponentId', at, key, dataset, component, component_id);
	});
