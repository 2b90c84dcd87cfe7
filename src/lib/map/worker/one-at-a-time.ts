// One request to the points worker at a time, for a state that asks again whenever its inputs
// change ("What changed", the tracks): a change while a request is in flight asks once more when
// it ends, with the inputs as they are then, rather than queueing one request per change behind
// the worker's other work.
export class OneAtATime {
	private running = false;
	private again = false;

	/**
	 * `request`: starts a request and returns its promise, or null when there is nothing to ask.
	 * `settled`: after the last request of a run (none asked again), e.g. to redraw.
	 */
	constructor(
		private readonly request: () => Promise<unknown> | null,
		private readonly settled: () => void
	) {}

	ask(): void {
		if (this.running) {
			this.again = true;
			return;
		}
		const started = this.request();
		if (!started) return;
		this.running = true;
		started
			.catch(() => undefined)
			.finally(() => {
				this.running = false;
				if (!this.again) return this.settled();
				this.again = false;
				this.ask();
			});
	}
}
