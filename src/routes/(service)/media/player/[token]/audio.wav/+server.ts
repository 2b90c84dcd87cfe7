// The player's audio clip; answers byte ranges so the <audio> element can seek.
import type { RequestHandler } from './$types';
import { serveMedia } from '$lib/server/service/media/serve';

export const GET: RequestHandler = ({ params, request, url }) => serveMedia('audio', params.token, request, url.pathname);
