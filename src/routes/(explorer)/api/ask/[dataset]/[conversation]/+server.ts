import type { RequestHandler } from './$types';
import { endConversationEndpoint } from '$lib/server/explorer/ask';

export const DELETE: RequestHandler = ({ params, url, request }) => endConversationEndpoint(params, url, request.signal);
