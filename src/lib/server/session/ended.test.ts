import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import type { Sql } from '../db/sql';
import { sqliteSql } from '../db/sqlite-sql';
import { EndedSessions, keyRef } from './ended';
import { newSessionId, type AnalystSession } from './seal';

const MAX_SECONDS = 43_200;
const KEY = 'icd_0123456789ab_secret-part-of-the-key-xxxxxxxxxxxxxxxxxxxx';
let dir: string;
let sql: Sql;
let nowMs = 1_800_000_000_000;
let ended: EndedSessions;

function signedIn(key = KEY): AnalystSession {
	const s = Math.floor(nowMs / 1000);
	return { id: newSessionId(), key, parts: ['icd/video'], signedInAt: s, issuedAtMs: nowMs, seenAt: s };
}

const rows = () => sql.all<{ id: string; ended_at: number; until: number }>('SELECT * FROM ended_sessions ORDER BY id');

beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-ended-'));
	sql = sqliteSql(openDatabase(dir));
	ended = new EndedSessions(sql, () => nowMs, MAX_SECONDS);
});
afterAll(async () => {
	await sql.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

describe('EndedSessions', () => {
	it('ends one session by its id, until its absolute deadline, and no other', async () => {
		const [one, other] = [signedIn(), signedIn()];
		await ended.end(one);
		expect(await ended.isEnded(one)).toBe(true);
		expect(await ended.isEnded({ ...one, seenAt: one.seenAt + 600 })).toBe(true); // a refreshed copy of its cookie
		expect(await ended.isEnded(other)).toBe(false);
		expect(await rows()).toEqual([{ id: `s:${one.id}`, ended_at: nowMs, until: one.signedInAt + MAX_SECONDS }]);
	});

	it('"everywhere": every session of the key issued up to then, none of another key, none signed in after', async () => {
		const [a, b, otherKey] = [signedIn(), signedIn(), signedIn(KEY.replace('0123', '4567'))];
		nowMs += 1;
		await ended.endAll(a);
		expect(await ended.isEnded(a)).toBe(true);
		expect(await ended.isEnded(b)).toBe(true);
		expect(await ended.isEnded(otherKey)).toBe(false);
		nowMs += 1;
		expect(await ended.isEnded(signedIn())).toBe(false);
	});

	it('names a key by a prefix of its hash, never by the key', async () => {
		const stored = (await rows()).map((r) => r.id).join(' ');
		expect(stored).toContain(keyRef(KEY));
		expect(keyRef(KEY)).toMatch(/^k:[0-9a-f]{32}$/);
		expect(stored).not.toContain('secret-part');
		expect(stored).not.toContain('0123456789ab');
	});

	it('does not record a session already past its absolute deadline, and sweeps what has expired', async () => {
		const old = signedIn();
		nowMs += (MAX_SECONDS + 1) * 1000;
		const before = (await rows()).length;
		expect(before).toBeGreaterThan(0);
		await ended.end(old); // past its deadline: nothing to keep, and the sweep runs
		expect(await rows()).toEqual([]);
		const fresh = signedIn();
		await ended.end(fresh);
		expect(await ended.sweep(true)).toBe(0);
		expect((await rows()).map((r) => r.id)).toEqual([`s:${fresh.id}`]);
	});
});
