import type { RequestHandler } from './$types';
import { mediaLink } from '$lib/server/explorer/endpoints';

export const GET: RequestHandler = ({ params, url, request }) => mediaLink(params, url, request);
