import type { RequestHandler } from './$types';
import { searchEndpoint } from '$lib/server/explorer/search';

export const GET: RequestHandler = ({ url, request }) => searchEndpoint(url, request.signal);
