import { randomBytes } from 'node:crypto';
import type { Sql } from './sql';

const known = new WeakMap<Sql, Map<string, Buffer>>();

/**
 * A server secret (HMAC key) kept in the database, created on first use. Persisting it means signed
 * cursors and media links stay valid across restarts; on PostgreSQL, every instance reads the same
 * one, so a cursor or link issued by one instance is accepted by another. The first writer wins
 * (ON CONFLICT DO NOTHING), and every caller then reads what was stored. Kept in memory once read:
 * it never changes.
 */
export async function serverSecret(sql: Sql, name: 'cursor' | 'media'): Promise<Buffer> {
	let perSql = known.get(sql);
	if (!perSql) known.set(sql, (perSql = new Map()));
	const hit = perSql.get(name);
	if (hit) return hit;
	const key = `secret:${name}`;
	let hex = await sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [key]);
	if (!hex) {
		await sql.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, randomBytes(32).toString('hex')]);
		hex = (await sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [key]))!;
	}
	const secret = Buffer.from(hex, 'hex');
	perSql.set(name, secret);
	return secret;
}
