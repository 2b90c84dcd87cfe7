import type { RequestHandler } from './$types';
import { serveAsync } from '$lib/server/service/route';
import { byComponentId } from '$lib/server/service/hot-routes';

// Also answered before SvelteKit, with the same function (src/lib/server/fast-path.ts).
export const GET: RequestHandler = (event) => serveAsync(event, (ctx) => byComponentId(ctx, event.params.component_id));
