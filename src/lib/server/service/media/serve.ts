// What every /media route does: hand the token and the request's relevant headers to the read side
// and send back the response it built. The token is the authorization (no Authorization header).
import { runtime } from '../../runtime';
import { errorResponse } from '../http';
import { mediaRequest, toResponse, type MediaResourceKind } from './resource';

export async function serveMedia(kind: MediaResourceKind, token: string, request: Request, pathname: string): Promise<Response> {
	const rt = runtime();
	try {
		return toResponse(await rt.reads.value('media', rt.now(), kind, token, mediaRequest(request, pathname)));
	} catch (error) {
		// Only the read side's own refusals get here (overloaded, interrupted): the handlers answer everything else.
		return errorResponse(pathname, error);
	}
}
