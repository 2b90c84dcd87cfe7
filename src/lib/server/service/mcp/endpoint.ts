// The SvelteKit side of the MCP endpoints: the hooks have authenticated the key and charged the
// rate limiter; this builds the context and turns a refusal into problem JSON.
import type { RequestEvent } from '@sveltejs/kit';
import { runtime } from '../../runtime';
import { errorResponse } from '../http';
import { ProblemError } from '../problems';
import { publicOrigin } from '../../edge/origin';
import type { McpScope } from './registry';
import { handleMcp } from './server';

export async function serveMcp(event: RequestEvent, scope: McpScope): Promise<Response> {
	const path = event.url.pathname;
	try {
		const key = event.locals.serviceKey;
		if (!key) throw new ProblemError('unauthorized', 'The Authorization header is missing.');
		const rt = runtime();
		return await handleMcp(event.request, scope, {
			deps: rt,
			key,
			origin: publicOrigin(event.request, event.url, rt.settings.origin),
			limiter: rt.limiter,
			path,
			at: rt.now()
		});
	} catch (error) {
		return errorResponse(path, error);
	}
}
