// Keeps every request made with one key inside that key's rate limit, across concurrent walks.
// Two signals hold all requests back: a 429's retry-after, and a RateLimit header (IETF httpapi
// draft, `"burst";r=<remaining>;t=<seconds>`) saying the quota is spent (r=0) until t seconds.
import { formatSeconds, rateLimitedMessage } from './errors';
import { sleep } from './timing';

export interface Wait {
	seconds: number;
	reason: 'rate_limited' | 'network';
	message: string;
}

export type WaitListener = (wait: Wait) => void;

type HoldReason = 'rate_limited' | 'quota_spent';

/** A header announcing r=0 with a longer t than this is more likely a misreading than a real wait. */
const MAX_QUOTA_HOLD_SECONDS = 60;
/** Short holds from an r=0 header are routine pacing, not worth telling people about. */
const REPORT_PACING_FROM_MS = 1000;

export class Pacer {
	private until = 0;
	private reason: HoldReason = 'quota_spent';

	constructor(private readonly now: () => number = Date.now) {}

	/** Waits until requests may go out again, telling onWait when the wait is worth telling. */
	async ready(signal?: AbortSignal, onWait?: WaitListener): Promise<void> {
		// A hold can be extended while we sleep (another walk got a 429), hence the loop.
		for (let ms = this.until - this.now(); ms > 0; ms = this.until - this.now()) {
			if (this.reason === 'rate_limited' || ms >= REPORT_PACING_FROM_MS) onWait?.(this.describe(ms / 1000));
			await sleep(ms, signal);
		}
	}

	/** A 429 arrived: hold every request of this key for retry-after seconds. */
	rateLimited(retryAfterSeconds: number): void {
		this.hold(Math.max(retryAfterSeconds, 0.05), 'rate_limited');
	}

	/** Reads the RateLimit header of any answer (errors included). */
	observe(headers: Headers): void {
		const seconds = quotaSpentFor(headers.get('ratelimit'));
		if (seconds !== undefined) this.hold(Math.min(seconds, MAX_QUOTA_HOLD_SECONDS), 'quota_spent');
	}

	private hold(seconds: number, reason: HoldReason): void {
		const until = this.now() + seconds * 1000;
		if (until > this.until) {
			this.until = until;
			this.reason = reason;
		}
	}

	private describe(seconds: number): Wait {
		const message =
			this.reason === 'rate_limited' ? rateLimitedMessage(seconds) : `Pacing requests to the key's rate limit; waiting ${formatSeconds(seconds)} s`;
		return { seconds: Math.ceil(seconds * 10) / 10, reason: 'rate_limited', message };
	}
}

/**
 * Seconds until the quota refills when a RateLimit header says none is left, else undefined.
 * Accepts the structured form (`"burst";r=0;t=3`, several policies separated by commas) and the
 * older draft's `limit=…, remaining=0, reset=3`.
 */
export function quotaSpentFor(header: string | null): number | undefined {
	if (!header) return undefined;
	let longest: number | undefined;
	for (const item of header.split(',')) {
		const params = new Map<string, string>();
		for (const part of item.split(';')) {
			const [k, v] = part.split('=').map((s) => s.trim());
			if (k && v !== undefined) params.set(k.toLowerCase(), v);
		}
		const remaining = Number(params.get('r') ?? params.get('remaining'));
		const reset = Number(params.get('t') ?? params.get('reset'));
		if (remaining === 0 && Number.isFinite(reset) && reset > 0) longest = Math.max(longest ?? 0, reset);
	}
	// The older draft sends remaining and reset as separate comma-separated members.
	if (longest === undefined) {
		const remaining = /\bremaining\s*=\s*(\d+)/i.exec(header);
		const reset = /\breset\s*=\s*(\d+(?:\.\d+)?)/i.exec(header);
		if (remaining && reset && Number(remaining[1]) === 0 && Number(reset[1]) > 0) longest = Number(reset[1]);
	}
	return longest;
}
