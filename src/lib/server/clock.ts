// The service's clock. Production reads the system time; an integration test can point
// TEST_CLOCK_FILE (honoured only under NODE_ENV=test, see env.ts) at a file holding an offset in
// milliseconds, because a spawned server's clock cannot be injected any other way and the
// conversation deadlines are an hour and a day long.
import fs from 'node:fs';

export function clock(offsetFile: string): () => number {
	if (!offsetFile) return () => Date.now();
	return () => {
		let offset = 0;
		try {
			offset = Number(fs.readFileSync(offsetFile, 'utf8').trim()) || 0;
		} catch {
			/* no file yet: no offset */
		}
		return Date.now() + offset;
	};
}
