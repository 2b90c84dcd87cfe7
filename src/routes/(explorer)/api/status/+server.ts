import type { RequestHandler } from './$types';
import { status } from '$lib/server/explorer/endpoints';

export const GET: RequestHandler = ({ url, request }) => status(url, request.signal);
