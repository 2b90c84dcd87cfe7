import type { RequestHandler } from './$types';
import { openApiDocument } from '$lib/server/service/openapi';

export const GET: RequestHandler = ({ url }) =>
	new Response(JSON.stringify(openApiDocument(url.origin), null, 2), { headers: { 'content-type': 'application/json' } });
