import type { RequestHandler } from './$types';
import { serve } from '$lib/server/service/route';
import { getRecordByComponentId } from '$lib/server/service/records/detail';
import { componentIdParam, noQuery, parseParams } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serve(event, ({ deps, key, dataset, component, query }) => {
		noQuery(query);
		const { component_id } = parseParams(componentIdParam, { component_id: event.params.component_id });
		return getRecordByComponentId(deps, key, dataset, component, component_id);
	});
