// The signed, expiring image (signed_url): /media/image/<token>.png.
import type { RequestHandler } from './$types';
import { serveMedia } from '$lib/server/service/media/serve';

export const GET: RequestHandler = ({ params, request, url }) => serveMedia('image', params.file, request, url.pathname);
