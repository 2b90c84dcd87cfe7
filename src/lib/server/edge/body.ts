// A response sent before its request's body was read (a refusal, a 400) leaves that body in the
// connection; the next request a keep-alive client sends on it then fails. The unread body is
// read and dropped when it is small and arrives promptly; otherwise the connection is closed
// after the answer.
import { withHeaders } from '../service/http';

/** Bodies up to this size are read and dropped; a larger one costs its connection instead. */
export const DRAIN_LIMIT = 1 << 20;
/** A sender slower than this is not waited for. */
const DRAIN_MS = 2000;

/** The response, once the request's unread body (if any) is out of the connection's way. */
export async function settleUnreadBody(request: Request, response: Response): Promise<Response> {
	if (!request.body || request.bodyUsed) return response;
	const length = Number(request.headers.get('content-length'));
	if (Number.isFinite(length) && length <= DRAIN_LIMIT && (await drained(request.body, DRAIN_LIMIT))) return response;
	return withHeaders(response, { connection: 'close' });
}

async function drained(body: ReadableStream<Uint8Array>, limit: number): Promise<boolean> {
	const reader = body.getReader();
	let late = false;
	const timer = setTimeout(() => {
		late = true;
		reader.cancel().catch(() => {});
	}, DRAIN_MS);
	let read = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return !late;
			read += value.byteLength;
			if (read > limit) return false;
		}
	} catch {
		return false;
	} finally {
		clearTimeout(timer);
		reader.releaseLock();
	}
}
