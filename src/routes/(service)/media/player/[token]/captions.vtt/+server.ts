// The player's captions track (WebVTT), cut from the record's transcript.
import type { RequestHandler } from './$types';
import { serveMedia } from '$lib/server/service/media/serve';

export const GET: RequestHandler = ({ params, request, url }) => serveMedia('captions', params.token, request, url.pathname);
