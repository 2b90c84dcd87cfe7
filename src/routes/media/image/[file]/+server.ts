// The signed, expiring image (signed_url): /media/image/<token>.png.
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { signedImage } from '$lib/server/service/media/handlers';

export const GET: RequestHandler = ({ params, request }) => signedImage(runtime(), params.file, request);
