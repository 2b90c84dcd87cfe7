// What crosses the thread boundary between the main thread and a reader worker.
import type { Settings } from '../../env';
import type { Problem } from '../problems';
import type { ReadName } from './operations';

export interface ReaderOptions {
	settings: Settings;
	/** Build the caches of the query reads (names questions are read against, the term model) before the first task. */
	warm: boolean;
}

export interface ReadTask {
	name: ReadName;
	at: number;
	args: unknown[];
	as: 'json' | 'value';
}

/** A JSON answer arrives as its bytes; anything else as one of these. */
export type ReadReply = { ok: true; value: unknown } | { ok: false; problem: Problem; headers: Record<string, string> } | { ok: false; error: string };
