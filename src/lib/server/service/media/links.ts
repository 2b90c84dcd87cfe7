// Signed, expiring media links. The token in the URL is the whole authorization for the
// player page, its audio/captions/poster and the image viewer: no Authorization header.
//
// Format (version 1):  base64url(JSON claims) "." base64url(HMAC-SHA256(secret, "icd-media.v1." + payload))
// Claims use short keys to keep URLs compact: { v: 1, k, d, c, u, e }.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type MediaKind = 'player' | 'image';

export interface MediaClaims {
	kind: MediaKind;
	dataset: 'icd' | 'icdb';
	component: 'video' | 'image';
	uuid: string;
	/** Unix seconds; the link is refused from this second on. */
	exp: number;
}

export type VerifyResult = { ok: true; claims: MediaClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

export const MEDIA_LINK_TTL_SECONDS = 900;

const VERSION = 1;
// Domain separation: the same secret must never validate a token minted for another purpose.
const SIGNING_PREFIX = `icd-media.v${VERSION}.`;
const MAX_TOKEN_LENGTH = 1024;
const B64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mac(secret: Buffer, payload: string): string {
	return createHmac('sha256', secret).update(SIGNING_PREFIX).update(payload).digest('base64url');
}

export function signMediaToken(secret: Buffer, claims: MediaClaims): string {
	const body = { v: VERSION, k: claims.kind, d: claims.dataset, c: claims.component, u: claims.uuid, e: claims.exp };
	const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
	return `${payload}.${mac(secret, payload)}`;
}

function parseClaims(payload: string): MediaClaims | null {
	let body: unknown;
	try {
		body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
	} catch {
		return null;
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
	const b = body as Record<string, unknown>;
	if (b.v !== VERSION) return null;
	if (b.k !== 'player' && b.k !== 'image') return null;
	if (b.d !== 'icd' && b.d !== 'icdb') return null;
	if (b.c !== 'video' && b.c !== 'image') return null;
	if (typeof b.u !== 'string' || !UUID.test(b.u)) return null;
	if (typeof b.e !== 'number' || !Number.isSafeInteger(b.e) || b.e < 0) return null;
	return { kind: b.k, dataset: b.d, component: b.c, uuid: b.u, exp: b.e };
}

/**
 * Checks the signature before looking inside, compares it in constant time, and never throws.
 * A token whose signature checks but whose claims do not parse is 'malformed' (a future or
 * retired format version), not a forgery.
 */
export function verifyMediaToken(secret: Buffer, token: string, nowSeconds: number): VerifyResult {
	if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
		return { ok: false, reason: 'malformed' };
	}
	const dot = token.indexOf('.');
	if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'malformed' };
	const payload = token.slice(0, dot);
	const signature = token.slice(dot + 1);
	if (!B64URL.test(payload) || !B64URL.test(signature)) return { ok: false, reason: 'malformed' };

	// Comparing the canonical encodings (not decoded bytes) also refuses re-encoded variants.
	const expected = Buffer.from(mac(secret, payload), 'ascii');
	const given = Buffer.from(signature, 'ascii');
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		return { ok: false, reason: 'bad_signature' };
	}

	const claims = parseClaims(payload);
	if (!claims) return { ok: false, reason: 'malformed' };
	if (!(nowSeconds < claims.exp)) return { ok: false, reason: 'expired' };
	return { ok: true, claims };
}

export function mediaUrls(origin: string, token: string): { playerUrl: string; imageUrl: string } {
	const base = origin.replace(/\/+$/, '');
	return { playerUrl: `${base}/media/player/${token}`, imageUrl: `${base}/media/image/${token}.png` };
}
