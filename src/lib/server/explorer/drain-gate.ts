// Back-pressure for a ReadableStream fed by several writers at once (the walker's parts run
// concurrently): a writer that finds the queue full waits until the reader takes a chunk. Every
// waiting writer is kept and released, not only the last one: a single "waiting" slot loses a
// writer when two parts wait at the same moment, and its part never finishes (the export of
// 959k records stalled that way whenever the reader was slower than the walk, e.g. compressed).

export class DrainGate {
	private waiting: (() => void)[] = [];

	/** Enqueues the chunk; when that fills the queue, resolves once the reader has taken some. */
	async write(controller: ReadableStreamDefaultController<Uint8Array>, chunk: Uint8Array): Promise<void> {
		controller.enqueue(chunk);
		if ((controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	/** The reader took a chunk (the stream's pull), or the stream is going away: every waiting writer goes on. */
	readonly release = (): void => {
		const waiting = this.waiting;
		this.waiting = [];
		for (const resolve of waiting) resolve();
	};
}
