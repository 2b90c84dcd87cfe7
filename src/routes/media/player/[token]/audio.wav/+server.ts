// The player's audio clip; answers byte ranges so the <audio> element can seek.
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { playerAudio } from '$lib/server/service/media/handlers';

export const GET: RequestHandler = ({ params, request }) => playerAudio(runtime(), params.token, request);
