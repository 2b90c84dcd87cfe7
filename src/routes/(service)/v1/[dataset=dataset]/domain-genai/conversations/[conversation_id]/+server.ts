import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { endConversation } from '$lib/server/service/genai/turn';
import { noQuery } from '$lib/server/service/schemas';

export const DELETE: RequestHandler = (event) =>
	serveAsync(
		event,
		async ({ deps, key, dataset, query }) => {
			noQuery(query);
			return endConversation(deps, key, dataset, event.params.conversation_id);
		},
		204
	);
