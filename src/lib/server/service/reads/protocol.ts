// What crosses the thread boundary between the main thread and a reader worker.
import type { Settings } from '../../env';
import type { Dataset } from '../../../types/dataset';
import type { Lexicon } from '../question/lexicon';
import type { Problem } from '../problems';
import type { ReadName } from './operations';

export interface ReaderOptions {
	settings: Settings;
	/**
	 * For the query readers: the names questions are read against, built once by the main thread
	 * (full scans of the records) and copied to each reader; the term model is loaded before the
	 * first task. Point readers need neither.
	 */
	lexicons: Partial<Record<Dataset, Lexicon>> | null;
}

export interface ReadTask {
	name: ReadName;
	at: number;
	args: unknown[];
	as: 'json' | 'value';
}

/** A JSON answer arrives as its bytes; anything else as one of these. */
export type ReadReply = { ok: true; value: unknown } | { ok: false; problem: Problem; headers: Record<string, string> } | { ok: false; error: string };
