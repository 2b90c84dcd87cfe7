// A lock shared by every worker process of a test run: a directory, made atomically. Test files run
// in parallel workers; what one of them must do once for all (start the PostgreSQL cluster,
// generate a dataset template) is done under it while the others wait.
import fs from 'node:fs';

const WAIT_MS = 300_000;

function take(lock: string, started: number): boolean {
	try {
		fs.mkdirSync(lock);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		if (Date.now() - started > WAIT_MS) throw new Error(`another worker held ${lock} for ${WAIT_MS / 60_000} minutes`, { cause: error });
		return false;
	}
}

/** Runs `work` holding `lock`, blocking the thread while another worker holds it (for synchronous callers). */
export function whileHoldingSync<T>(lock: string, work: () => T): T {
	const started = Date.now();
	const pause = new Int32Array(new SharedArrayBuffer(4));
	while (!take(lock, started)) Atomics.wait(pause, 0, 0, 100);
	try {
		return work();
	} finally {
		fs.rmdirSync(lock);
	}
}

/** Runs `work` holding `lock`, waiting without blocking while another worker holds it. */
export async function whileHolding<T>(lock: string, work: () => Promise<T>): Promise<T> {
	const started = Date.now();
	while (!take(lock, started)) await new Promise((r) => setTimeout(r, 200));
	try {
		return await work();
	} finally {
		fs.rmdirSync(lock);
	}
}
