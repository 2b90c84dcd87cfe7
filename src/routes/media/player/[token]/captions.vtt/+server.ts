// The player's captions track (WebVTT), cut from the record's transcript.
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { playerCaptions } from '$lib/server/service/media/handlers';

export const GET: RequestHandler = ({ params, request }) => playerCaptions(runtime(), params.token, request);
