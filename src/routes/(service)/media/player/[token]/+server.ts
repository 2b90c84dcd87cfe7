// The signed player page (embed_url). No Authorization header: the token is the authorization.
import type { RequestHandler } from './$types';
import { serveMedia } from '$lib/server/service/media/serve';

export const GET: RequestHandler = ({ params, request, url }) => serveMedia('player', params.token, request, url.pathname);
