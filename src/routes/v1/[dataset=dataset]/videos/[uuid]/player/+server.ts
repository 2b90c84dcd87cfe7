import type { RequestHandler } from './$types';
import { serve } from '$lib/server/service/route';
import { videoPlayer } from '$lib/server/service/media/access';
import { noQuery, parseParams, uuidParam } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serve(event, ({ deps, key, dataset, query, origin }) => {
		noQuery(query);
		const { uuid } = parseParams(uuidParam, { uuid: event.params.uuid });
		return videoPlayer(deps, key, dataset, uuid, origin);
	});
