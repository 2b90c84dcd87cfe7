// In the page, signed in: when the server says the session is over (it expired, or the service no
// longer accepts the key), the analyst goes to the sign-in page, which says why. The server says so
// on any /api answer (SESSION_ENDED_HEADER) and, in the record stream, as a part refused with 401.
import { isSessionEnd, SESSION_ENDED_HEADER, signInPath, type SessionEnd } from '../types/session';
import type { ControlMessage } from '../types/stream';
import { forgetCopies } from '../map/load/stream-copy';

let leaving = false;

/** To the sign-in page, the page's copy of the records deleted on the way (the session that read them is over). */
function leave(why: SessionEnd): void {
	if (leaving) return;
	leaving = true;
	void forgetCopies().finally(() => location.assign(signInPath(why, location.pathname + location.search)));
}

/**
 * Watches every answer the page fetches, whichever part of the page asked (records, media, search,
 * Ask, export, and whatever is added later): one door rather than a check at each call site.
 */
export function watchSession(): void {
	const fetchOnce = window.fetch.bind(window);
	window.fetch = async (input, init) => {
		const response = await fetchOnce(input, init);
		const why = response.status === 401 ? response.headers.get(SESSION_ENDED_HEADER) : null;
		if (isSessionEnd(why)) leave(why);
		return response;
	};
}

/** True (and on the way to sign in) when a stream message says the service refused the session's key. */
export function sessionEndedBy(message: ControlMessage): boolean {
	if (message.type !== 'error' || message.status !== 401) return false;
	leave('refused');
	return true;
}
