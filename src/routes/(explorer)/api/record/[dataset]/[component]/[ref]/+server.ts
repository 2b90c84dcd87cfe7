import type { RequestHandler } from './$types';
import { recordDetail } from '$lib/server/explorer/endpoints';

export const GET: RequestHandler = ({ params, url, request }) => recordDetail(params, url, request.signal);
