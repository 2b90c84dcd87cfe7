import { randomBytes } from 'node:crypto';
import { readMeta, type Db } from './open';

/**
 * A server secret (HMAC key) kept in the database, created on first use.
 * Persisting it means signed cursors and media links stay valid across restarts.
 */
export function serverSecret(db: Db, name: 'cursor' | 'media'): Buffer {
	const key = `secret:${name}`;
	let hex = readMeta(db, key);
	if (!hex) {
		hex = randomBytes(32).toString('hex');
		db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(key, hex);
		hex = readMeta(db, key)!;
	}
	return Buffer.from(hex, 'hex');
}
