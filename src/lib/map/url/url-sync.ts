// The view in the address bar (url-state.ts), written a moment after the last change: a pan or a
// run of filter clicks is one history entry's worth of work, not one per frame.
import { replaceState } from '$app/navigation';
import { writeViewState, type ViewState } from './url-state';

export class UrlSync {
	private timer: ReturnType<typeof setTimeout> | undefined;
	private stopped = false;

	constructor(private readonly state: () => ViewState) {}

	schedule(): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			if (this.stopped) return;
			const params = writeViewState(this.state(), new URLSearchParams(location.search));
			replaceState(`?${params}`, {});
		}, 250);
	}

	stop(): void {
		this.stopped = true;
		clearTimeout(this.timer);
	}
}
