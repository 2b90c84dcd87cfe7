// Sign-in attempts per client address: a token bucket, so that nobody can try keys against the
// service through this form faster than a person types them. Kept in this instance's memory: a
// team's load balancer that spreads one address over n instances allows n times as many.
export interface AttemptPolicy {
	/** Attempts allowed at once. */
	burst: number;
	/** Attempts regained per minute. */
	perMinute: number;
}

export const SIGNIN_ATTEMPTS: AttemptPolicy = { burst: 10, perMinute: 10 };

/** Addresses remembered at most; a flood of addresses forgets the oldest first. */
const MAX_ADDRESSES = 10_000;

export class AttemptLimiter {
	private readonly buckets = new Map<string, { tokens: number; at: number }>();

	constructor(private readonly policy: AttemptPolicy = SIGNIN_ATTEMPTS) {}

	/** Takes one attempt for the address: 0 when allowed, else the whole seconds until the next one. */
	take(address: string, nowMs: number): number {
		const { burst, perMinute } = this.policy;
		const perMs = perMinute / 60_000;
		const previous = this.buckets.get(address);
		const tokens = Math.min(burst, previous ? previous.tokens + (nowMs - previous.at) * perMs : burst);
		this.buckets.delete(address);
		if (tokens < 1) {
			this.buckets.set(address, { tokens, at: nowMs });
			return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
		}
		this.buckets.set(address, { tokens: tokens - 1, at: nowMs });
		if (this.buckets.size > MAX_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!);
		return 0;
	}
}
