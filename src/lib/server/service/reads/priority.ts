// CPU priority of the service's threads. The main thread takes every request's HTTP, key and
// rate limit, and answers the reads of one row (lookups, detail) itself; the query readers do the
// heavy reads (NL search, manifest pages). When every core is busy, the scheduler shares the cores
// equally among the threads that want them, so each lookup waited for the main thread's next turn
// behind two busy readers: at a million records, 16 lookup clients beside 16 NL clients saw p99
// 70-131 ms, where the lookups alone took 31 ms (docs/benchmarks.md, issue 17).
//
// Linux keeps the nice value per thread, so the main thread alone is raised (MAIN_THREAD_NICE,
// default -10: a weight of about 9 to 1 against a reader). Raising needs CAP_SYS_NICE or
// RLIMIT_NICE (root has both); without them the service says so once and runs as before. The
// other way round (the readers lowered) needs no privilege, but it ranks them below every other
// process of the machine too: on a machine busy with something else they starved (NL search at
// 1 request/s instead of 10, measured beside an index build), so it is not done.
//
// Threads inherit their creator's nice value: the readers are started before the main thread is
// raised, and each reader sets itself back to 0 when it starts (a replacement for a reader that
// died is created by the raised main thread). libuv's pool threads, started by the main thread on
// first use, keep its value: they finish what the main thread sends (compression, file reads).
// Elsewhere than Linux, where the value is per process, nothing is changed.
import os from 'node:os';

/** Nice value the query readers run at: the default, whatever their creator's. */
const READER_NICE = 0;

const perThread = process.platform === 'linux';

/**
 * Sets the main thread's nice value (lower: more CPU when the cores are contended); called on the
 * main thread. Returns null when it is set (or nothing is asked), else why not, as a sentence for
 * the log.
 */
export function setMainThreadNice(nice: number): string | null {
	if (!perThread || os.getPriority(0) === nice) return null;
	try {
		os.setPriority(0, nice);
		return null;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
		return `the main thread's CPU priority was not raised to nice ${nice} (${code}): lookups may wait behind queries when every core is busy. Allow the server CAP_SYS_NICE (or an RLIMIT_NICE of ${20 - nice}), or set MAIN_THREAD_NICE=0 to keep it as started.`;
	}
}

/** In a reader, as it starts: back to the default nice value, not the raised main thread's. */
export function resetReaderNice(): void {
	if (perThread && os.getPriority(0) < READER_NICE) os.setPriority(0, READER_NICE);
}
