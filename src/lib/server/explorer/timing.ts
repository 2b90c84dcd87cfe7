// Waiting that stops the moment the browser goes away.

/** Resolves after ms, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) return Promise.reject(abortReason(signal));
	if (ms <= 0) return Promise.resolve();
	return new Promise((resolve, reject) => {
		const onAbort = () => {
			clearTimeout(timer);
			reject(abortReason(signal!));
		};
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}

export function abortReason(signal: AbortSignal): unknown {
	return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** True for the rejection of an aborted fetch or sleep (not for a timeout, which is retried). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
	if (signal?.aborted) return true;
	return error instanceof Error && error.name === 'AbortError';
}

export interface BackoffPolicy {
	/** Delay before the first retry. */
	baseMs: number;
	/** No single delay exceeds this. */
	capMs: number;
}

/** Exponential back-off with "equal jitter": half fixed, half random, so parallel walks spread out. */
export function backoffDelay(retry: number, policy: BackoffPolicy, random = Math.random): number {
	const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** retry);
	return ceiling / 2 + random() * (ceiling / 2);
}
