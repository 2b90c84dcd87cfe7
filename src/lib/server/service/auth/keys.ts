// API keys. A key is "icd_<id>_<secret>": the id finds the row, the SHA-256 of the whole key is
// compared in constant time with the stored hash. The key itself is never stored or logged.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../../db/sql';
import { DATASETS, type Dataset } from '../../../types/dataset';

export const FEATURES = ['search', 'lookup', 'detail', 'media', 'geo', 'nl_search', 'genai', 'mcp'] as const;
export type Feature = (typeof FEATURES)[number];

export interface ApiKey {
	id: string;
	name: string;
	datasets: Dataset[];
	features: Feature[];
	/** When set, the key sees only records of these entities. */
	entities: string[] | null;
	/** Token bucket: requests per second refilled, and bucket size. */
	rate: number;
	burst: number;
	credits: number;
	createdAt: number;
	revokedAt: number | null;
}

export interface NewKey {
	name: string;
	datasets?: Dataset[];
	features?: Feature[];
	entities?: string[] | null;
	rate: number;
	burst: number;
	credits: number;
}

interface KeyRow {
	id: string;
	name: string;
	hash: Buffer;
	datasets: string;
	features: string;
	entities: string | null;
	rate: number;
	burst: number;
	credits: number;
	created_at: number;
	revoked_at: number | null;
}

const KEY_PATTERN = /^icd_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
// Compared against when the id is unknown, so a miss costs the same as a wrong secret.
const DUMMY_HASH = createHash('sha256').update('icd_000000000000_dummy').digest();

/** The SHA-256 of the whole key, as api_keys.hash stores it (the explorer's ended sessions name a key by it too). */
export function hashKey(key: string): Buffer {
	return createHash('sha256').update(key, 'utf8').digest();
}

function fromRow(row: KeyRow): ApiKey {
	return {
		id: row.id,
		name: row.name,
		datasets: JSON.parse(row.datasets),
		features: JSON.parse(row.features),
		entities: row.entities === null ? null : JSON.parse(row.entities),
		rate: row.rate,
		burst: row.burst,
		credits: row.credits,
		createdAt: row.created_at,
		revokedAt: row.revoked_at
	};
}

export async function createKey(sql: Sql, spec: NewKey, now: number): Promise<{ id: string; key: string }> {
	const id = randomBytes(6).toString('hex');
	const key = `icd_${id}_${randomBytes(32).toString('base64url')}`;
	await sql.run(
		`INSERT INTO api_keys (id, name, hash, datasets, features, entities, rate, burst, credits, created_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		[
			id,
			spec.name,
			hashKey(key),
			JSON.stringify(spec.datasets ?? [...DATASETS]),
			JSON.stringify(spec.features ?? [...FEATURES]),
			spec.entities && spec.entities.length > 0 ? JSON.stringify(spec.entities) : null,
			spec.rate,
			spec.burst,
			spec.credits,
			now
		]
	);
	return { id, key };
}

export async function listKeys(sql: Sql): Promise<ApiKey[]> {
	return (await sql.all<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id')).map(fromRow);
}

export async function findKey(sql: Sql, id: string): Promise<ApiKey | undefined> {
	const row = await sql.get<KeyRow>('SELECT * FROM api_keys WHERE id = ?', [id]);
	return row && fromRow(row);
}

/** The stored SHA-256 of the whole key, revoked or not; undefined for an unknown id. */
export async function keyHash(sql: Sql, id: string): Promise<Buffer | undefined> {
	const hash = await sql.pluck<Buffer | Uint8Array>('SELECT hash FROM api_keys WHERE id = ?', [id]);
	return hash === undefined ? undefined : Buffer.from(hash);
}

/** Returns false when no such key exists. Revoking twice is harmless. */
export async function revokeKey(sql: Sql, id: string, now: number): Promise<boolean> {
	const info = await sql.run('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?', [now, id]);
	return info.changes > 0;
}

/** The key named by an Authorization header value, or null when it is missing, malformed, unknown or revoked. */
export async function authenticate(sql: Sql, authorization: string | null): Promise<ApiKey | null> {
	const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
	const key = match?.[1] ?? '';
	const parts = KEY_PATTERN.exec(key);
	const row = parts ? await sql.get<KeyRow>('SELECT * FROM api_keys WHERE id = ?', [parts[1]]) : undefined;
	const expected = row?.hash ?? DUMMY_HASH;
	const same = timingSafeEqual(hashKey(key), expected);
	if (!row || !same || row.revoked_at !== null) return null;
	return fromRow(row);
}

export function parseList<T extends string>(value: string, allowed: readonly T[], what: string): T[] {
	const items = value
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	for (const item of items) {
		if (!allowed.includes(item as T)) throw new Error(`unknown ${what} "${item}" (allowed: ${allowed.join(', ')})`);
	}
	return [...new Set(items)] as T[];
}
