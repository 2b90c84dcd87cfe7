// Ended sessions, kept where the deployment already shares its state: the SQLite file in DATA_DIR
// on one machine, PostgreSQL (DATABASE_URL) for a team. A session cookie carries its whole session,
// so a copy taken before "Sign out" would otherwise open until its own deadline; every instance
// refuses what is recorded here instead. Two kinds of row in one table, so that a request's check
// is one statement of two primary-key probes:
//   s:<session id>  that one session ended (signed out, idle, its key refused by the service);
//   k:<key ref>     "Sign out everywhere": every session of that key issued up to ended_at ended.
// A key is named by a prefix of the SHA-256 of the whole key (the embedded service stores the same
// hash: api_keys.hash), never by the key. A row is kept until the last session it can concern has
// expired on its own (`until`), then swept. Read on every request, never cached: no instance is
// stale, whichever instance ended the session. The table is the explorer's own, beside the
// service's in the same database (which an explorer in front of a remote service opens too); no
// service table is read or written here.
import type { Sql } from '../db/sql';
import { hashKey } from '../service/auth/keys';
import type { AnalystSession } from './seal';

/** Expired rows are deleted at most this often per instance, when a session ends. */
const SWEEP_EVERY_MS = 60_000;
/** Hex characters of the key's SHA-256 that name it here (128 bits: no two keys share one). */
const KEY_REF_HEX = 32;

/** The non-secret name of a key in the ended set, from the SHA-256 of the whole key. */
export function keyRefOfHash(sha256: Buffer): string {
	return `k:${sha256.toString('hex').slice(0, KEY_REF_HEX)}`;
}

export function keyRef(key: string): string {
	return keyRefOfHash(hashKey(key));
}

const sessionRef = (session: AnalystSession) => `s:${session.id}`;

/** Ends every session of a key issued up to `atMs`, kept until `untilSeconds` (the latest any of them can last). */
export async function endAllSessions(sql: Sql, ref: string, atMs: number, untilSeconds: number): Promise<void> {
	await sql.run(
		'INSERT INTO ended_sessions (id, ended_at, until) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET ended_at = excluded.ended_at, until = excluded.until',
		[ref, atMs, untilSeconds]
	);
}

export class EndedSessions {
	private sweptAt = -Infinity;

	constructor(
		private readonly sql: Sql,
		private readonly now: () => number,
		private readonly maxSeconds: number
	) {}

	/** Whether the session was ended, on any instance: by its own id, or by "Sign out everywhere" after it was issued. */
	async isEnded(session: AnalystSession): Promise<boolean> {
		const rows = await this.sql.all<{ id: string; ended_at: number }>('SELECT id, ended_at FROM ended_sessions WHERE id IN (?, ?)', [
			sessionRef(session),
			keyRef(session.key)
		]);
		return rows.some((r) => r.id.startsWith('s:') || session.issuedAtMs <= r.ended_at);
	}

	/** Records the session as ended until its absolute deadline (no copy of its cookie opens after that anyway). */
	async end(session: AnalystSession): Promise<void> {
		const until = session.signedInAt + this.maxSeconds;
		if (until > this.nowSeconds())
			await this.sql.run('INSERT INTO ended_sessions (id, ended_at, until) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING', [
				sessionRef(session),
				this.now(),
				until
			]);
		await this.sweepNow();
	}

	/** "Sign out everywhere": every session of this session's key, this one included. */
	async endAll(session: AnalystSession): Promise<void> {
		await endAllSessions(this.sql, keyRef(session.key), this.now(), this.nowSeconds() + this.maxSeconds);
		await this.sweepNow();
	}

	/** Deletes the rows whose sessions have all expired on their own; at most once a minute unless `force`. */
	async sweep(force = false): Promise<number> {
		const now = this.now();
		if (!force && now - this.sweptAt < SWEEP_EVERY_MS) return 0;
		this.sweptAt = now;
		return (await this.sql.run('DELETE FROM ended_sessions WHERE until <= ?', [Math.floor(now / 1000)])).changes;
	}

	private async sweepNow(): Promise<void> {
		await this.sweep().catch((error) => process.stderr.write(`[explorer] sweeping ended sessions failed: ${(error as Error).message}\n`));
	}

	private nowSeconds(): number {
		return Math.floor(this.now() / 1000);
	}
}
