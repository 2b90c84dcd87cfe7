import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEDIA_LINK_TTL_SECONDS, mediaUrls, signMediaToken, verifyMediaToken, type MediaClaims } from './links';

const secret = Buffer.alloc(32, 7);
const now = 1_750_000_000;
const claims: MediaClaims = {
	kind: 'player',
	dataset: 'icdb',
	component: 'video',
	uuid: '3f1c2a9e-8b7d-4c6e-9a51-0d2b4e6f8a13',
	exp: now + MEDIA_LINK_TTL_SECONDS
};

/** Flips one character of a base64url string to a different valid one. */
function flip(s: string, at: number): string {
	const c = s[at] === 'A' ? 'B' : 'A';
	return s.slice(0, at) + c + s.slice(at + 1);
}

describe('media tokens', () => {
	it('round-trips the claims', () => {
		const token = signMediaToken(secret, claims);
		expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
		expect(verifyMediaToken(secret, token, now)).toEqual({ ok: true, claims });
	});

	it('is URL-safe and compact', () => {
		const token = signMediaToken(secret, claims);
		expect(encodeURIComponent(token)).toBe(token);
		expect(token.length).toBeLessThan(200);
	});

	it('refuses a tampered payload as a bad signature', () => {
		const token = signMediaToken(secret, claims);
		const [payload, sig] = token.split('.');
		const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: now + 10 ** 8 })).toString('base64url');
		expect(verifyMediaToken(secret, `${forged}.${sig}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
		expect(verifyMediaToken(secret, `${flip(payload, 5)}.${sig}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
	});

	it('refuses a tampered signature', () => {
		const token = signMediaToken(secret, claims);
		const [payload, sig] = token.split('.');
		expect(verifyMediaToken(secret, `${payload}.${flip(sig, 10)}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
		expect(verifyMediaToken(secret, `${payload}.${sig.slice(0, -1)}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
	});

	it('refuses a token signed with another secret', () => {
		const token = signMediaToken(Buffer.alloc(32, 8), claims);
		expect(verifyMediaToken(secret, token, now)).toEqual({ ok: false, reason: 'bad_signature' });
	});

	it('refuses truncated and garbage tokens without throwing', () => {
		const token = signMediaToken(secret, claims);
		const garbage = [
			'',
			'.',
			'abc',
			'abc.',
			'.abc',
			'a.b.c',
			token.slice(0, 20),
			`${token}.x`,
			'has space.abc',
			'ü.ä',
			'%2e%2e',
			'x'.repeat(5000),
			`${token}=`
		];
		for (const g of garbage) {
			const result = verifyMediaToken(secret, g, now);
			expect(result.ok, g).toBe(false);
		}
		expect(verifyMediaToken(secret, 42 as unknown as string, now)).toEqual({ ok: false, reason: 'malformed' });
	});

	it('calls a correctly signed but unreadable payload malformed', () => {
		// What a token of a future format version, signed with the same key, looks like (format in links.ts).
		const signed = (body: unknown) => {
			const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
			return `${payload}.${createHmac('sha256', secret).update(`icd-media.v1.${payload}`).digest('base64url')}`;
		};
		const good = { v: 1, k: 'player', d: 'icd', c: 'video', u: claims.uuid, e: claims.exp };
		expect(verifyMediaToken(secret, signed(good), now).ok).toBe(true);
		for (const body of [{ ...good, v: 2 }, { ...good, k: 'admin' }, { ...good, u: '../etc' }, { ...good, e: '9' }, [good], 'x']) {
			expect(verifyMediaToken(secret, signed(body), now)).toEqual({ ok: false, reason: 'malformed' });
		}
	});

	it('refuses an expired token, at and after its expiry second', () => {
		const token = signMediaToken(secret, claims);
		expect(verifyMediaToken(secret, token, claims.exp - 1).ok).toBe(true);
		expect(verifyMediaToken(secret, token, claims.exp)).toEqual({ ok: false, reason: 'expired' });
		expect(verifyMediaToken(secret, token, claims.exp + 3600)).toEqual({ ok: false, reason: 'expired' });
	});

	it('keeps the kind in the signed claims', () => {
		const image = signMediaToken(secret, { ...claims, kind: 'image', component: 'image' });
		const result = verifyMediaToken(secret, image, now);
		expect(result.ok && result.claims.kind).toBe('image');
	});

	it('builds player and image URLs under /media', () => {
		expect(mediaUrls('https://x.test/', 'T.S')).toEqual({
			playerUrl: 'https://x.test/media/player/T.S',
			imageUrl: 'https://x.test/media/image/T.S.png'
		});
	});
});
