import type { RequestHandler } from './$types';
import { jsonBody, serveAsync } from '$lib/server/service/route';
import { genaiTurn } from '$lib/server/service/genai/turn';
import { genaiRequest } from '$lib/server/service/genai/schemas';
import { noQuery } from '$lib/server/service/schemas';
import { requireAccess } from '$lib/server/service/auth/permissions';

export const POST: RequestHandler = (event) =>
	serveAsync(event, async ({ deps, key, dataset, query }) => {
		noQuery(query);
		// Permission before the body: a key without the feature learns nothing from validation.
		requireAccess(key, dataset, 'genai');
		return genaiTurn(deps, key, dataset, await jsonBody(event, genaiRequest));
	});
