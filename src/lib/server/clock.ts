// The service's clock. Production reads the system time; an integration test can point
// TEST_CLOCK_FILE (honoured only under NODE_ENV=test, see env.ts) at a file holding an offset in
// milliseconds, because a spawned server's clock cannot be injected any other way and the
// conversation deadlines are an hour and a day long. "@<milliseconds>" stops the clock at that
// instant instead, so that two servers answer the same request with the same bytes.
import fs from 'node:fs';

export function clock(offsetFile: string): () => number {
	if (!offsetFile) return () => Date.now();
	return () => {
		let text = '';
		try {
			text = fs.readFileSync(offsetFile, 'utf8').trim();
		} catch {
			/* no file yet: no offset */
		}
		if (text.startsWith('@')) return Number(text.slice(1));
		return Date.now() + (Number(text) || 0);
	};
}
