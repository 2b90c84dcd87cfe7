// The session cookie's content, sealed: a JWE (jose; direct AES-256-GCM) whose key is derived from
// the server secret, so the browser holds it but can neither read the key inside nor alter
// anything. Any instance with the same secret opens it; the only thing the server keeps about a
// session is its id once it has ended (session/ended.ts), so that no copy of the cookie outlives
// "Sign out". The audience is the service the key belongs to, so a cookie sealed for one service is
// never sent to another by an explorer reconfigured in between.
import { hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import type { PartId } from '../../types/stream';

export interface AnalystSession {
	/** Random, new at every sign-in and kept while the cookie is refreshed: what "Sign out" ends. Not secret. */
	id: string;
	/** The analyst's service key. Server-side only: never in a response, a log line or a URL. */
	key: string;
	/** The parts of the map the key may see, found by probing them at sign-in. */
	parts: PartId[];
	/** Unix seconds: when the analyst signed in (the absolute lifetime counts from here). */
	signedInAt: number;
	/** Unix milliseconds of the same sign-in: "Sign out everywhere" ends the sessions issued up to its own millisecond. */
	issuedAtMs: number;
	/** Unix seconds: the last request seen, to within the refresh interval (the idle lifetime counts from here). */
	seenAt: number;
}

export interface Lifetimes {
	idleSeconds: number;
	maxSeconds: number;
}

/** A session past its idle deadline comes back too, so that its id can be recorded as ended. */
export type Opened = { ok: true; session: AnalystSession } | { ok: false; reason: 'expired' | 'invalid'; session?: AnalystSession };

interface Claims {
	sid: string;
	ims: number;
	k: string;
	p: PartId[];
	seen: number;
}

const ALGORITHMS = { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] };
/** Cookies remembered once opened: a browser sends the same one until it is refreshed (session gate). */
const OPENED_CACHE = 5000;
const PART = /^(icd|icdb)\/(video|image)$/;
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new session id: 128 random bits. */
export function newSessionId(): string {
	return randomBytes(16).toString('base64url');
}

export class SessionSeal {
	/**
	 * Sessions already decrypted, by cookie value: WebCrypto decrypts on libuv's thread pool, and
	 * on a busy server the hop there and back cost more than the decryption. Only what was
	 * authenticated is remembered, and the lifetimes are checked on every request all the same.
	 */
	private readonly opened = new Map<string, AnalystSession>();

	private constructor(
		private readonly key: webcrypto.CryptoKey,
		private readonly audience: string,
		private readonly lifetimes: Lifetimes
	) {}

	/** `audience` names the service the sealed keys belong to ('embedded', or the remote base URL). */
	static async create(secret: string, audience: string, lifetimes: Lifetimes): Promise<SessionSeal> {
		const bytes = new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), 'icd-explorer session cookie v1', 32));
		// Imported once: importing the raw key on every request would cost more than the decryption.
		const key = await webcrypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
		return new SessionSeal(key, audience, lifetimes);
	}

	seal(session: AnalystSession): Promise<string> {
		return new EncryptJWT({ sid: session.id, ims: session.issuedAtMs, k: session.key, p: session.parts, seen: session.seenAt } satisfies Claims)
			.setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
			.setIssuedAt(session.signedInAt)
			.setExpirationTime(session.signedInAt + this.lifetimes.maxSeconds)
			.setAudience(this.audience)
			.encrypt(this.key);
	}

	/** The session in a cookie value, if this server sealed it and it has not expired. */
	async open(token: string, nowSeconds: number): Promise<Opened> {
		const known = this.opened.get(token);
		const session = known ?? (await this.decrypt(token, nowSeconds));
		if ('reason' in session) return session;
		if (nowSeconds - session.seenAt > this.lifetimes.idleSeconds || nowSeconds - session.signedInAt > this.lifetimes.maxSeconds) {
			this.opened.delete(token);
			return { ok: false, reason: 'expired', session };
		}
		if (!known) {
			this.opened.set(token, session);
			if (this.opened.size > OPENED_CACHE) this.opened.delete(this.opened.keys().next().value!);
		}
		return { ok: true, session };
	}

	private async decrypt(token: string, nowSeconds: number): Promise<AnalystSession | Extract<Opened, { ok: false }>> {
		let payload: Record<string, unknown>;
		try {
			({ payload } = await jwtDecrypt(token, this.key, {
				...ALGORITHMS,
				audience: this.audience,
				currentDate: new Date(nowSeconds * 1000),
				requiredClaims: ['iat', 'exp']
			}));
		} catch (error) {
			return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
		}
		const { sid, ims, k, p, seen, iat } = payload as Partial<Claims> & { iat?: number };
		if (
			// A cookie of a build before session ids (issue 44) could not be ended: signing in again makes one that can.
			typeof sid !== 'string' ||
			!SESSION_ID.test(sid) ||
			typeof ims !== 'number' ||
			typeof k !== 'string' ||
			!k ||
			!Array.isArray(p) ||
			!p.every((x) => typeof x === 'string' && PART.test(x)) ||
			typeof seen !== 'number' ||
			typeof iat !== 'number'
		) {
			return { ok: false, reason: 'invalid' };
		}
		return { id: sid, key: k, parts: p, signedInAt: iat, issuedAtMs: ims, seenAt: seen };
	}
}
