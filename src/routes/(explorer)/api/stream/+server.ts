import type { RequestHandler } from './$types';
import { streamRecords } from '$lib/server/explorer/endpoints';

export const GET: RequestHandler = ({ url, request }) => streamRecords(url, request);
