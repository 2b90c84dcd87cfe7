import type { RequestHandler } from './$types';
import { exportEndpoint } from '$lib/server/explorer/export';

export const GET: RequestHandler = ({ url, request }) => exportEndpoint(url, request.signal);
