// What the server tells the page when a session ends, shared by the session gate, the sign-in
// page and the page's watch over its own requests (src/lib/session/watch.ts).

/** Set on an /api answer whose request had no usable session; its value is a SessionEnd. */
export const SESSION_ENDED_HEADER = 'x-explorer-session';

export type SessionEnd = 'missing' | 'expired' | 'refused' | 'signed-out' | 'signed-out-everywhere' | 'ended';

export const SESSION_END_MESSAGES: Record<SessionEnd, string> = {
	missing: 'Sign in with your service key to use the map.',
	expired: 'Your session has expired (too long idle, or signed in too long ago). Sign in again to go on.',
	refused:
		'Your session has ended: the service no longer accepts your key (it was revoked, or it expired). Sign in with a valid key; your administrator can issue one.',
	'signed-out': 'You have signed out. Your key is no longer held by this browser or this server.',
	'signed-out-everywhere':
		'You have signed out everywhere: every session of your key has ended, in this browser and in any other where it was signed in. Sign in again to go on.',
	ended: 'This session has ended: it was signed out, here or with "Sign out everywhere". Sign in again to go on.'
};

export function isSessionEnd(value: string | null | undefined): value is SessionEnd {
	return value != null && Object.hasOwn(SESSION_END_MESSAGES, value);
}

/** The sign-in page's address after a session ended, coming back to `next` afterwards. */
export function signInPath(why: SessionEnd, next?: string): string {
	const q = new URLSearchParams({ why });
	if (next && next !== '/') q.set('next', next);
	return `/signin?${q}`;
}
