import type { RequestHandler } from './$types';
import { serveMcp } from '$lib/server/service/mcp/endpoint';

// POST only: this stateless server offers no SSE stream (GET) and no session to end (DELETE),
// so those are 405 problems with "Allow: POST" (see hooks.server.ts).
export const POST: RequestHandler = (event) => serveMcp(event, 'icd');
