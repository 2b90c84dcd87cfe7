import { describe, expect, it } from 'vitest';
import { EncryptJWT } from 'jose';
import { hkdfSync } from 'node:crypto';
import { newSessionId, SessionSeal, type AnalystSession } from './seal';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const LIFETIMES = { idleSeconds: 1800, maxSeconds: 43_200 };
const NOW = 1_800_000_000;
const session: AnalystSession = {
	id: newSessionId(),
	key: 'icd_0123456789ab_secret-part-of-the-key-xxxxxxxxxxxxxxxxxxxx',
	parts: ['icd/video', 'icd/image'],
	signedInAt: NOW,
	issuedAtMs: NOW * 1000 + 250,
	seenAt: NOW
};

describe('SessionSeal', () => {
	it('opens what it sealed, and the sealed text does not show the key', async () => {
		const seal = await SessionSeal.create(SECRET, 'embedded', LIFETIMES);
		const token = await seal.seal(session);
		expect(token).not.toContain(session.key);
		expect(Buffer.from(token.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain('secret-part');
		expect(await seal.open(token, NOW + 10)).toEqual({ ok: true, session });
	});

	it('is opened by another instance with the same secret, and by none with another', async () => {
		const token = await (await SessionSeal.create(SECRET, 'embedded', LIFETIMES)).seal(session);
		expect((await (await SessionSeal.create(SECRET, 'embedded', LIFETIMES)).open(token, NOW)).ok).toBe(true);
		expect(await (await SessionSeal.create(SECRET + '!', 'embedded', LIFETIMES)).open(token, NOW)).toEqual({ ok: false, reason: 'invalid' });
	});

	it('refuses a cookie sealed for another service', async () => {
		const token = await (await SessionSeal.create(SECRET, 'https://icd.example.org', LIFETIMES)).seal(session);
		expect(await (await SessionSeal.create(SECRET, 'embedded', LIFETIMES)).open(token, NOW)).toEqual({ ok: false, reason: 'invalid' });
	});

	it('refuses any altered byte', async () => {
		const seal = await SessionSeal.create(SECRET, 'embedded', LIFETIMES);
		const token = await seal.seal(session);
		const parts = token.split('.');
		const ciphertext = Buffer.from(parts[3], 'base64url');
		ciphertext[0] ^= 1;
		parts[3] = ciphertext.toString('base64url');
		expect(await seal.open(parts.join('.'), NOW)).toEqual({ ok: false, reason: 'invalid' });
		expect(await seal.open('not a token', NOW)).toEqual({ ok: false, reason: 'invalid' });
	});

	it('ends a session idle too long, or signed in too long ago however active', async () => {
		const seal = await SessionSeal.create(SECRET, 'embedded', LIFETIMES);
		const token = await seal.seal(session);
		expect((await seal.open(token, NOW + 1800)).ok).toBe(true);
		// Idle: the session comes back with the refusal, so that its id can be recorded as ended.
		expect(await seal.open(token, NOW + 1801)).toEqual({ ok: false, reason: 'expired', session });
		const active = await seal.seal({ ...session, seenAt: NOW + 43_000 });
		expect((await seal.open(active, NOW + 43_199)).ok).toBe(true);
		expect(await seal.open(active, NOW + 43_201)).toMatchObject({ ok: false, reason: 'expired' });
	});

	it('gives every session a new id, and refuses a cookie without one (it could not be ended)', async () => {
		const ids = new Set(Array.from({ length: 1000 }, newSessionId));
		expect(ids.size).toBe(1000);
		for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
		// A cookie as the build before session ids sealed it: the same secret, key and audience.
		const key = new Uint8Array(hkdfSync('sha256', SECRET, new Uint8Array(0), 'icd-explorer session cookie v1', 32));
		const old = await new EncryptJWT({ k: session.key, p: session.parts, seen: NOW })
			.setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
			.setIssuedAt(NOW)
			.setExpirationTime(NOW + 43_200)
			.setAudience('embedded')
			.encrypt(key);
		const seal = await SessionSeal.create(SECRET, 'embedded', LIFETIMES);
		expect(await seal.open(old, NOW)).toEqual({ ok: false, reason: 'invalid' });
		expect((await seal.open(await seal.seal(session), NOW)).ok).toBe(true);
	});
});
