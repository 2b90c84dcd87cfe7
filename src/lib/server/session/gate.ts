// The session gate of the explorer's pages and endpoints, run by the hooks after the edge. In
// sign-in mode it opens the sealed cookie into locals.analyst (whose key every explorer endpoint
// then uses), sends a request without a session to the sign-in page (a page) or answers it 401
// (an /api endpoint), refreshes the cookie's idle deadline, and ends the session when the
// service refuses the analyst's key. A session that ends is recorded in the shared ended set
// (ended.ts), so that no copy of its cookie opens again on any instance. In single-user mode it
// lets everything through.
import type { RequestEvent } from '@sveltejs/kit';
import { SESSION_END_MESSAGES, SESSION_ENDED_HEADER, signInPath, type SessionEnd } from '../../types/session';
import { publicOrigin } from '../edge/origin';
import { checkKey } from '../explorer/access';
import { connectionFor, newClient } from '../explorer/connection';
import type { Runtime } from '../runtime';
import { AttemptLimiter } from './attempts';
import { clearedCookie, cookieName, sessionCookie } from './cookie';
import type { EndedSessions } from './ended';
import type { AuthMode } from './mode';
import { newSessionId, type AnalystSession, type SessionSeal } from './seal';

/** Pages and endpoints that need no session: signing in and out, the service's own public paths. */
const OPEN_PATH = /^\/(signin|signout|openapi\.json)$|^\/media\//;
const API_PATH = /^\/api\//;
/** The cookie is resealed with a new idle deadline at most this often (not on every request). */
const REFRESH_SECONDS = 60;
/** Longest key accepted from the form; real keys are about 60 characters. */
const MAX_KEY_LENGTH = 1000;

export type SignInFailure = 'empty' | 'invalid' | 'no-map' | 'unavailable' | 'busy';
export type SignInOutcome = { ok: true } | { ok: false; failure: SignInFailure; status: number; detail?: string; retryAfter?: number };

export class SessionGate {
	private readonly attempts = new AttemptLimiter();

	constructor(
		readonly mode: AuthMode,
		private readonly rt: Runtime,
		/** Sign-in mode's parts: the cookie's seal, and the ended sessions every instance shares. */
		private readonly signin: { seal: SessionSeal; ended: EndedSessions } | null
	) {}

	/** Before the route: the session into locals, or the answer for a request that needs one and has none. */
	async admit(event: RequestEvent): Promise<Response | null> {
		event.locals.authMode = this.mode;
		if (!this.signin) return null;
		const { seal, ended: endedSessions } = this.signin;
		const path = event.url.pathname;
		const token = event.cookies.get(cookieName(this.secure(event)));
		const opened = token ? await seal.open(token, this.nowSeconds()) : null;
		const endedBefore = opened?.ok ? await endedSessions.isEnded(opened.session) : false;
		if (opened?.ok && !endedBefore) {
			event.locals.analyst = opened.session;
			if (this.nowSeconds() - opened.session.seenAt >= REFRESH_SECONDS) event.locals.sessionChange = { set: { ...opened.session, seenAt: this.nowSeconds() } };
			return null;
		}
		// Past its idle deadline here: ended for good, also on an instance whose clock is behind this
		// one's, or after SESSION_IDLE_SECONDS is raised.
		if (opened && !opened.ok && opened.session) await endedSessions.end(opened.session);
		if (token) event.locals.sessionChange = 'clear';
		if (OPEN_PATH.test(path)) return null;
		const why: SessionEnd = endedBefore ? 'ended' : opened && !opened.ok && opened.reason === 'expired' ? 'expired' : 'missing';
		if (API_PATH.test(path)) return ended(why);
		const next = path + event.url.search;
		return new Response(null, { status: 303, headers: { location: signInPath(why, next), 'cache-control': 'no-store' } });
	}

	/** After the route: the cookie to set or clear, and the session ended if the service refused its key. */
	async finish(event: RequestEvent, response: Response): Promise<Response> {
		if (!this.signin) return response;
		const secure = this.secure(event);
		const { analyst } = event.locals;
		// The explorer's endpoints answer 401 only when the service refused the analyst's key.
		if (analyst && response.status === 401 && API_PATH.test(event.url.pathname)) {
			await response.body?.cancel().catch(() => {});
			await this.signin.ended.end(analyst);
			return withCookie(ended('refused'), clearedCookie(secure), CLEAR_SITE_DATA);
		}
		const change = event.locals.sessionChange;
		if (change === 'clear') return withCookie(response, clearedCookie(secure), CLEAR_SITE_DATA);
		if (change) {
			const left = change.set.signedInAt + this.rt.settings.session.maxSeconds - this.nowSeconds();
			return withCookie(response, sessionCookie(await this.signin.seal.seal(change.set), left, secure));
		}
		return response;
	}

	/** Checks a pasted key with the service; on success the response will carry the new session. */
	async signIn(event: RequestEvent, pasted: string): Promise<SignInOutcome> {
		const retryAfter = this.attempts.take(event.getClientAddress(), this.rt.now());
		if (retryAfter > 0) return { ok: false, failure: 'busy', status: 429, retryAfter };
		const key = pasted.trim();
		if (!key) return { ok: false, failure: 'empty', status: 400 };
		if (key.length > MAX_KEY_LENGTH || /\s/.test(key)) return { ok: false, failure: 'invalid', status: 401 };
		const connection = connectionFor(this.rt.settings, () => this.rt.localKey, undefined, key);
		const check = await checkKey(newClient(connection, connection.origin === 'embedded' ? this.rt : undefined), event.request.signal);
		if (!check.ok) {
			const status = { invalid: 401, 'no-map': 403, unavailable: 503 }[check.reason];
			return { ok: false, failure: check.reason, status, detail: check.reason === 'unavailable' ? check.message : undefined };
		}
		// A session this browser held before ends: the new one has a new id, never the old one's (session fixation).
		if (event.locals.analyst) await this.signin?.ended.end(event.locals.analyst);
		const nowMs = this.rt.now();
		const now = Math.floor(nowMs / 1000);
		const session: AnalystSession = { id: newSessionId(), key, parts: check.parts, signedInAt: now, issuedAtMs: nowMs, seenAt: now };
		event.locals.analyst = session;
		event.locals.sessionChange = { set: session };
		return { ok: true };
	}

	/** Whether the session's key is still accepted; if not, the session ends with this response. */
	async confirm(event: RequestEvent): Promise<boolean> {
		const { analyst } = event.locals;
		if (!analyst) return false;
		const connection = connectionFor(this.rt.settings, () => this.rt.localKey, undefined, analyst.key);
		const check = await checkKey(newClient(connection, connection.origin === 'embedded' ? this.rt : undefined), event.request.signal);
		if (check.ok || check.reason === 'unavailable') return true;
		await this.signOut(event);
		return false;
	}

	/** Ends the request's session (on every instance) and clears its cookie; `everywhere`: every session of its key. */
	async signOut(event: RequestEvent, everywhere = false): Promise<void> {
		const { analyst } = event.locals;
		if (analyst && this.signin) await (everywhere ? this.signin.ended.endAll(analyst) : this.signin.ended.end(analyst));
		event.locals.analyst = undefined;
		event.locals.sessionChange = 'clear';
	}

	private nowSeconds(): number {
		return Math.floor(this.rt.now() / 1000);
	}

	/** Secure cookies when the browser reached us over https (directly, or as ORIGIN or the proxy says). */
	private secure(event: RequestEvent): boolean {
		return publicOrigin(event.request, event.url, this.rt.settings.origin).startsWith('https:');
	}
}

/** An /api answer for a request whose session is missing or over: the sentence, and where to sign in. */
function ended(why: SessionEnd): Response {
	return new Response(JSON.stringify({ message: SESSION_END_MESSAGES[why], signIn: signInPath(why) }), {
		status: 401,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store', [SESSION_ENDED_HEADER]: why }
	});
}

/**
 * A session that ends takes the page's copy of its records with it (map/load/stream-copy.ts): the
 * browser deletes the site's storage (the page deletes it too, where a browser does not honour
 * this: over plain http to another machine).
 */
const CLEAR_SITE_DATA: [string, string] = ['clear-site-data', '"storage"'];

function withCookie(response: Response, cookie: string, ...also: [string, string][]): Response {
	const add = (headers: Headers) => {
		headers.append('set-cookie', cookie);
		for (const [name, value] of also) headers.set(name, value);
	};
	try {
		add(response.headers);
		return response;
	} catch {
		// Immutable headers (a fetched or redirect response): a copy carries it.
		const copy = new Response(response.body, response);
		add(copy.headers);
		return copy;
	}
}

/** Where to go after signing in: a path of this site only, never the sign-in pages or an endpoint. */
export function safeNext(value: unknown): string {
	if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 4000) return '/';
	if (/^\/(signin|signout|api\/)/.test(value)) return '/';
	return value;
}

/** What the sign-in page says when a pasted key is not taken. */
export function signInFailureMessage(outcome: Extract<SignInOutcome, { ok: false }>, serviceLabel: string): string {
	switch (outcome.failure) {
		case 'empty':
			return 'Paste your service key into the field.';
		case 'invalid':
			return `This key is not valid: the ${serviceLabel} does not accept it. Check that you pasted all of it, or ask for a new one.`;
		case 'no-map':
			return `This key may not use the map: the ${serviceLabel} refuses it the geo manifests of every dataset. Ask for a key with the geo feature on ICD or ICDB.`;
		case 'unavailable':
			return `The key could not be checked: ${outcome.detail ?? 'the service did not answer.'} Try again in a moment.`;
		case 'busy':
			return `Too many sign-in attempts from your address. Wait ${outcome.retryAfter} s and try again.`;
	}
}
