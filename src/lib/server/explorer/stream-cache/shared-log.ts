// A list that one writer appends to and any number of readers follow from its start, each at its
// own pace: how several browsers' loads share one walk of the geo manifests as it runs (single
// flight), each receiving every frame from the first, however late it joined.

export class SharedLog<T> {
	private readonly entries: T[] = [];
	private waiting: (() => void)[] = [];
	private closed = false;

	append(entry: T): void {
		if (this.closed) throw new Error('SharedLog: append after close');
		this.entries.push(entry);
		this.wake();
	}

	/** Nothing more will be appended. */
	close(): void {
		this.closed = true;
		this.wake();
	}

	get length(): number {
		return this.entries.length;
	}

	/** Entry i once it exists; undefined when the log closed before it. */
	async at(i: number, signal?: AbortSignal): Promise<T | undefined> {
		while (i >= this.entries.length && !this.closed) {
			signal?.throwIfAborted();
			await new Promise<void>((resolve) => {
				this.waiting.push(resolve);
				signal?.addEventListener('abort', () => resolve(), { once: true });
			});
		}
		return this.entries[i];
	}

	/** Every entry from the first, as they come, until the log is closed. */
	async *[Symbol.asyncIterator](): AsyncGenerator<T> {
		for (let i = 0; ; i++) {
			const entry = await this.at(i);
			if (entry === undefined) return;
			yield entry;
		}
	}

	private wake(): void {
		const waiting = this.waiting;
		this.waiting = [];
		for (const resolve of waiting) resolve();
	}
}
