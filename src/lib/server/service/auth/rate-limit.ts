// Token bucket per key (rate tokens per second, up to burst). One request costs one token.
// Headers follow the IETF httpapi RateLimit draft: RateLimit-Policy and RateLimit.
import type { ApiKey } from './keys';

interface Bucket {
	tokens: number;
	updatedAt: number;
}

export interface RateDecision {
	allowed: boolean;
	/** Whole tokens left after this request. */
	remaining: number;
	/** Seconds until a token is available (integer, at least 1) when refused. */
	retryAfter: number;
	headers: Record<string, string>;
}

export class RateLimiter {
	private buckets = new Map<string, Bucket>();

	take(key: ApiKey, nowMs: number): RateDecision {
		const bucket = this.buckets.get(key.id) ?? { tokens: key.burst, updatedAt: nowMs };
		const elapsed = Math.max(0, nowMs - bucket.updatedAt) / 1000;
		bucket.tokens = Math.min(key.burst, bucket.tokens + elapsed * key.rate);
		bucket.updatedAt = nowMs;
		this.buckets.set(key.id, bucket);

		const allowed = bucket.tokens >= 1;
		if (allowed) bucket.tokens -= 1;
		const remaining = Math.floor(bucket.tokens);
		const retryAfter = allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / key.rate));
		const window = Math.max(1, Math.ceil(key.burst / key.rate));
		const untilFull = Math.ceil((key.burst - bucket.tokens) / key.rate);
		const headers: Record<string, string> = {
			'ratelimit-policy': `"burst";q=${key.burst};w=${window}`,
			ratelimit: `"burst";r=${remaining};t=${allowed ? untilFull : retryAfter}`
		};
		if (!allowed) headers['retry-after'] = String(retryAfter);
		return { allowed, remaining, retryAfter, headers };
	}
}
