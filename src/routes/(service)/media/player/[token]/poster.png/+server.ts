// The player's poster frame.
import type { RequestHandler } from './$types';
import { serveMedia } from '$lib/server/service/media/serve';

export const GET: RequestHandler = ({ params, request, url }) => serveMedia('poster', params.token, request, url.pathname);
