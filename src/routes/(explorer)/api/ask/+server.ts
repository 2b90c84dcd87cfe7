import type { RequestHandler } from './$types';
import { askEndpoint } from '$lib/server/explorer/ask';

export const POST: RequestHandler = ({ url, request }) => askEndpoint(request, url);
