// The player's poster frame.
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { playerPoster } from '$lib/server/service/media/handlers';

export const GET: RequestHandler = ({ params, request }) => playerPoster(runtime(), params.token, request);
