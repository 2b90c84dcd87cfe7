// The signed player page (embed_url). No Authorization header: the token is the authorization.
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { playerPage } from '$lib/server/service/media/handlers';

export const GET: RequestHandler = ({ params, url }) => playerPage(runtime(), params.token, url.pathname);
