// One progress line on a stream: rewritten in place on a terminal, a line every few seconds otherwise
// (CI logs and files), so long work is visible without flooding the log.
export interface ProgressLine {
	update(text: string): void;
	done(): void;
}

export function progressLine(stream: NodeJS.WriteStream, intervalMs = 2000): ProgressLine {
	let last = '';
	let lastAt = 0;
	let shown = false;
	return {
		update(text) {
			last = text;
			const now = Date.now();
			if (stream.isTTY) {
				stream.write(`\r${text}\u001b[K`);
				shown = true;
			} else if (now - lastAt >= intervalMs) {
				stream.write(text + '\n');
				lastAt = now;
			}
		},
		done() {
			if (!last) return;
			stream.write(stream.isTTY && shown ? `\r${last}\u001b[K\n` : last + '\n');
			last = '';
		}
	};
}
