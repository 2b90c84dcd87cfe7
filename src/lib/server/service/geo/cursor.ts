// Geo manifest cursors: opaque, versioned, HMAC-signed, bound to the key and to the exact
// request parameters. Anything that does not verify is "invalid_cursor"; the caller restarts.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const CURSOR_VERSION = 2; // v1.3.1 changed the order; older cursors must restart.

export interface CursorPosition {
	/** primary_date and primary_id of the last item sent. */
	date: string;
	id: number;
	/** Items sent so far in this traversal. */
	sent: number;
}

interface CursorPayload extends CursorPosition {
	v: number;
	k: string;
	p: string;
}

/** A digest of the parameters that define a traversal (everything but cursor itself). */
export function paramsDigest(params: Record<string, string | number | undefined>): string {
	const canonical = Object.keys(params)
		.filter((k) => k !== 'cursor' && params[k] !== undefined)
		.sort()
		.map((k) => `${k}=${params[k]}`)
		.join('&');
	return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

function mac(secret: Buffer, body: string): Buffer {
	return createHmac('sha256', secret).update(body).digest();
}

export function encodeCursor(secret: Buffer, keyId: string, digest: string, pos: CursorPosition): string {
	const payload: CursorPayload = { v: CURSOR_VERSION, k: keyId, p: digest, ...pos };
	const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
	return `${body}.${mac(secret, body).toString('base64url')}`;
}

export function decodeCursor(secret: Buffer, keyId: string, digest: string, cursor: string): CursorPosition | { rejected: string } {
	const [body, sig, extra] = cursor.split('.');
	if (!body || !sig || extra !== undefined) return { rejected: 'the cursor is malformed' };
	const given = Buffer.from(sig, 'base64url');
	const expected = mac(secret, body);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { rejected: 'the cursor was not issued by this service' };
	let payload: Partial<CursorPayload>;
	try {
		payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
	} catch {
		return { rejected: 'the cursor is malformed' };
	}
	if (payload.v !== CURSOR_VERSION) return { rejected: 'the cursor was created by an earlier release' };
	if (payload.k !== keyId) return { rejected: 'the cursor belongs to another key' };
	if (payload.p !== digest) return { rejected: 'the cursor was issued for different request parameters' };
	if (typeof payload.date !== 'string' || !Number.isInteger(payload.id) || !Number.isInteger(payload.sent)) {
		return { rejected: 'the cursor is malformed' };
	}
	return { date: payload.date, id: payload.id!, sent: payload.sent! };
}
