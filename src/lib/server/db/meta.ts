// The meta table (key → text) through Sql, for either engine: dataset and index stamps, secrets.
import type { Sql } from './sql';

export function readMetaValue(sql: Sql, key: string): Promise<string | undefined> {
	return sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [key]);
}

export async function writeMetaValue(sql: Sql, key: string, value: string): Promise<void> {
	await sql.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
}

export async function deleteMetaValue(sql: Sql, key: string): Promise<void> {
	await sql.run('DELETE FROM meta WHERE key = ?', [key]);
}
