import type { RequestHandler } from './$types';
import { serve } from '$lib/server/service/route';
import { getRecord } from '$lib/server/service/records/detail';
import { noQuery, parseParams, uuidParam } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serve(event, ({ deps, key, dataset, component, query }) => {
		noQuery(query);
		const { uuid } = parseParams(uuidParam, { uuid: event.params.uuid });
		return getRecord(deps, key, dataset, component, uuid);
	});
