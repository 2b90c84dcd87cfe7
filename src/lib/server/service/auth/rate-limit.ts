// Token bucket per key (rate tokens per second, up to burst). One request costs one token.
// Headers follow the IETF httpapi RateLimit draft: RateLimit-Policy and RateLimit.
// Two homes for the buckets: this process's memory (the embedded SQLite service: one process is
// the whole service), or the database (PostgreSQL: every instance takes from the same bucket, in
// one atomic statement, so a key's burst holds across instances).
import type { Sql } from '../../db/sql';
import type { ApiKey } from './keys';

export interface RateDecision {
	allowed: boolean;
	/** Whole tokens left after this request. */
	remaining: number;
	/** Seconds until a token is available (integer, at least 1) when refused. */
	retryAfter: number;
	headers: Record<string, string>;
}

export interface RateLimits {
	take(key: ApiKey, nowMs: number): Promise<RateDecision>;
}

/** The decision and its headers once the bucket holds `tokens` after this request (taken or refused). */
export function decision(key: ApiKey, allowed: boolean, tokens: number): RateDecision {
	const remaining = Math.floor(tokens);
	const retryAfter = allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / key.rate));
	const window = Math.max(1, Math.ceil(key.burst / key.rate));
	const untilFull = Math.ceil((key.burst - tokens) / key.rate);
	const headers: Record<string, string> = {
		'ratelimit-policy': `"burst";q=${key.burst};w=${window}`,
		ratelimit: `"burst";r=${remaining};t=${allowed ? untilFull : retryAfter}`
	};
	if (!allowed) headers['retry-after'] = String(retryAfter);
	return { allowed, remaining, retryAfter, headers };
}

interface Bucket {
	tokens: number;
	updatedAt: number;
}

/** Buckets in this process's memory: a restart refills them. */
export class RateLimiter implements RateLimits {
	private buckets = new Map<string, Bucket>();

	takeNow(key: ApiKey, nowMs: number): RateDecision {
		const bucket = this.buckets.get(key.id) ?? { tokens: key.burst, updatedAt: nowMs };
		const elapsed = Math.max(0, nowMs - bucket.updatedAt) / 1000;
		bucket.tokens = Math.min(key.burst, bucket.tokens + elapsed * key.rate);
		bucket.updatedAt = nowMs;
		this.buckets.set(key.id, bucket);
		const allowed = bucket.tokens >= 1;
		if (allowed) bucket.tokens -= 1;
		return decision(key, allowed, bucket.tokens);
	}

	async take(key: ApiKey, nowMs: number): Promise<RateDecision> {
		return this.takeNow(key, nowMs);
	}
}

// Refill and take in one statement: the row lock of the upsert orders instances that take from
// the same bucket at once, so no token is spent twice. A clock behind the bucket's (another
// instance's) refills nothing rather than going back in time.
const TAKE = `
INSERT INTO rate_buckets AS b (key_id, tokens, updated_at, allowed) VALUES (?, ?, ?, true)
ON CONFLICT (key_id) DO UPDATE SET
	tokens = least(?::float8, b.tokens + greatest(0, ?::bigint - b.updated_at) / 1000.0 * ?::float8)
		- CASE WHEN least(?::float8, b.tokens + greatest(0, ?::bigint - b.updated_at) / 1000.0 * ?::float8) >= 1 THEN 1 ELSE 0 END,
	allowed = least(?::float8, b.tokens + greatest(0, ?::bigint - b.updated_at) / 1000.0 * ?::float8) >= 1,
	updated_at = greatest(b.updated_at, ?::bigint)
RETURNING tokens, allowed`;

/** Buckets in the rate_buckets table (PostgreSQL), shared by every instance of the service. */
export function sharedBuckets(sql: Sql): RateLimits {
	return {
		async take(key, nowMs) {
			const refill = [key.burst, nowMs, key.rate];
			const row = await sql.get<{ tokens: number; allowed: boolean }>(TAKE, [key.id, key.burst - 1, nowMs, ...refill, ...refill, ...refill, nowMs]);
			return decision(key, row!.allowed, row!.tokens);
		}
	};
}
