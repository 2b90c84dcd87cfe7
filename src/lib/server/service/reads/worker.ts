// A reader: one worker thread with its own connection: read-only to the service's SQLite file (WAL
// lets readers and the one writer work at once), or a small pool to PostgreSQL (DATABASE_READ_URL
// when a replica is configured). It runs the named reads of reads/operations.ts;
// a JSON answer is serialised here and handed over as bytes (moved, not copied).
// This module is loaded twice: by the pool on the main thread, only to learn its own URL (it is a
// chunk of its own in the build), and as the worker's entry, where it opens the database.
import { isMainThread, workerData } from 'node:worker_threads';
import { move } from 'piscina';
import { connect } from '../../db/connect';
import { DATASETS } from '../../../types/dataset';
import { adoptLexicon } from '../question/lexicon';
import { termModel } from '../nl/model-store';
import type { ReadDeps } from '../deps';
import { ProblemError } from '../problems';
import { runRead } from './operations';
import { resetReaderNice } from './priority';
import { encodeJson, ownsItsMemory } from './reads';
import type { ReaderOptions, ReadReply, ReadTask } from './protocol';

export const READER_URL = import.meta.url;

async function open(options: ReaderOptions): Promise<Omit<ReadDeps, 'now'>> {
	const sql = connect(options.settings, 'reader');
	if (options.lexicons) {
		for (const dataset of DATASETS) {
			const lex = options.lexicons[dataset];
			if (lex) adoptLexicon(sql, dataset, lex);
		}
		// Loaded before the first question, not during it.
		await termModel(sql, 'icd');
	}
	return { sql, settings: options.settings };
}

if (!isMainThread) resetReaderNice();
const base = isMainThread ? null : open(workerData as ReaderOptions);

export default async function read(task: ReadTask): Promise<ReadReply | Uint8Array> {
	try {
		const result = await runRead({ ...(await base!), now: () => task.at }, task.name, task.args as never);
		if (task.as === 'value') return { ok: true, value: result };
		const bytes = encodeJson(result);
		// A large answer is moved (no copy); a small one is copied, it may share a pooled buffer.
		return ownsItsMemory(bytes) ? (move(bytes) as Uint8Array) : new Uint8Array(bytes);
	} catch (error) {
		if (error instanceof ProblemError) return { ok: false, problem: error.problem, headers: error.headers };
		console.error(`[reader] ${task.name} failed:`, error);
		return { ok: false, error: error instanceof Error ? error.message : String(error) };
	}
}
