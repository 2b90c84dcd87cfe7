// The /media pages and files as a read of the service: the handlers answer a Request with a
// Response, neither of which crosses a thread boundary, so a reader gets the request's path and
// the headers the handlers read, and gives back the response as parts (status, headers, bytes).
import { playerAudio, playerCaptions, playerPage, playerPoster, signedImage, type MediaDeps } from './handlers';

export type MediaResourceKind = 'player' | 'audio' | 'captions' | 'poster' | 'image';

/** The parts of a request the media handlers read. */
export interface MediaRequest {
	pathname: string;
	headers: Record<string, string>;
}

export interface ResponseParts {
	status: number;
	headers: [string, string][];
	body: Uint8Array | null;
}

/** The request headers the handlers look at (ranges and validators), and no others. */
const READ_HEADERS = ['range', 'if-range', 'if-none-match'];

export function mediaRequest(request: Request, pathname: string): MediaRequest {
	const headers: Record<string, string> = {};
	for (const name of READ_HEADERS) {
		const value = request.headers.get(name);
		if (value !== null) headers[name] = value;
	}
	return { pathname, headers };
}

function answer(deps: MediaDeps, kind: MediaResourceKind, token: string, request: MediaRequest): Promise<Response> {
	const req = new Request(`http://media.invalid${request.pathname}`, { headers: request.headers });
	switch (kind) {
		case 'player':
			return playerPage(deps, token, request.pathname);
		case 'audio':
			return playerAudio(deps, token, req);
		case 'captions':
			return playerCaptions(deps, token, req);
		case 'poster':
			return playerPoster(deps, token, req);
		case 'image':
			return signedImage(deps, token, req);
	}
}

export async function mediaResource(deps: MediaDeps, kind: MediaResourceKind, token: string, request: MediaRequest): Promise<ResponseParts> {
	const response = await answer(deps, kind, token, request);
	const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
	return { status: response.status, headers: [...response.headers], body };
}

export function toResponse(parts: ResponseParts): Response {
	return new Response(parts.body as BodyInit | null, { status: parts.status, headers: parts.headers });
}
