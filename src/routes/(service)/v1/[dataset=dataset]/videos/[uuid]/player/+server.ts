import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { noQuery, parseParams, uuidParam } from '$lib/server/service/schemas';

export const GET: RequestHandler = (event) =>
	serveAsync(event, ({ deps, at, key, dataset, query, origin }) => {
		noQuery(query);
		const { uuid } = parseParams(uuidParam, { uuid: event.params.uuid });
		return deps.reads.json('videoPlayer', at, key, dataset, uuid, origin);
	});
