// Reader workers (piscina): the service's reads run in worker threads, each with its own
// read-only SQLite connection, so the event loop only parses, authenticates and sends, and the
// cores serve several queries at once. Two pools, and the main thread:
//   queries  DB_READERS workers for everything that takes milliseconds (search, manifest pages,
//            NL search, GenAI grounding);
//   media    one worker for the media files (rendered images, posters, audio): never queued
//            behind a query, and no query behind it;
//   rows     reads of one row by key (detail, lookup, player and viewer links) on the main thread,
//            over the connection it reads with (SQLite: the writer's): cheaper there than a trip
//            to a worker (operations.ts). A query read that has lately been as cheap runs there
//            too when the main thread was idle as it came (nothing waits behind it: placement.ts).
// When the cores are contended the main thread goes first: it is raised in CPU priority above the
// readers, which run at the default (reads/priority.ts).
// Each queue is bounded (DB_READ_QUEUE): past it a read is refused at once with 503 `overloaded`
// and retry-after, instead of waiting without end. A worker that dies is replaced by piscina; the
// reads it was running are answered with 503 `read_interrupted`.
import { Piscina } from 'piscina';
import type { Settings } from '../../env';
import { ProblemError } from '../problems';
import { MEDIA_READS, ROW_READS, type ReadName } from './operations';
import { idlePlacement, readKind } from './placement';
import type { ReaderOptions, ReadReply, ReadTask } from './protocol';
import type { Reads } from './reads';

const RETRY_AFTER_SECONDS = '1';

export interface PoolOptions {
	/** Query readers (DB_READERS). */
	readers: number;
	/** Reads waiting in each pool's queue before new ones are refused (DB_READ_QUEUE). */
	queue: number;
	/** A cheap query read runs on the main thread when it is idle: the recent cost allowed, in ms (DB_READ_INLINE_MS; 0: never). */
	inlineBudgetMs: number;
	/** The names questions are read against, for the query readers (see ReaderOptions). */
	lexicons: ReaderOptions['lexicons'];
}

/** The module to run in the workers: the built chunk, or under `vite dev` and vitest the TypeScript source (through tsx). */
async function readerFile(): Promise<{ filename: string; execArgv: string[] }> {
	const reader = await import('./worker');
	// Asked for here so that the bundler keeps it: only the workers call it.
	if (typeof reader.default !== 'function') throw new Error('the reader module exports no task function');
	const url = reader.READER_URL;
	return { filename: url, execArgv: url.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}

function refusal(error: unknown, name: ReadName): ProblemError {
	const message = error instanceof Error ? error.message : String(error);
	if (/queue is at limit/i.test(message)) {
		return new ProblemError('overloaded', 'The service has more reads waiting than it accepts; this request was not started.', {
			headers: { 'retry-after': RETRY_AFTER_SECONDS }
		});
	}
	console.error(`[service] the reader running ${name} stopped:`, message);
	return new ProblemError('read_interrupted', 'The reader answering this request stopped before it finished; it has been replaced.', {
		headers: { 'retry-after': RETRY_AFTER_SECONDS }
	});
}

export interface PoolReads extends Reads {
	/** Stops one query reader in the middle of its work, as a crash would (test-only: SIGUSR2 under NODE_ENV=test). */
	interruptOne(): void;
	/** Query reads waiting for a reader now. */
	queued(): number;
}

/** `rows`: the reads of this thread, which answer the row reads (ROW_READS). */
export async function poolReads(settings: Settings, size: PoolOptions, rows: Reads): Promise<PoolReads> {
	const { filename, execArgv } = await readerFile();
	// On PostgreSQL a read mostly waits for the database: a reader takes as many at once as it has connections.
	const concurrent = settings.database.url ? settings.database.poolSize : 1;
	const pool = (threads: number, lexicons: ReaderOptions['lexicons']) =>
		new Piscina({
			filename,
			execArgv,
			minThreads: threads,
			maxThreads: threads,
			concurrentTasksPerWorker: concurrent,
			idleTimeout: Number.MAX_SAFE_INTEGER,
			maxQueue: size.queue,
			workerData: { settings, lexicons } satisfies ReaderOptions
		});
	const queries = pool(size.readers, size.lexicons);
	const media = pool(1, null);
	// A worker that dies between tasks is replaced quietly; one that dies in a task fails that task.
	for (const p of [queries, media]) p.on('error', (error) => console.error('[service] a reader stopped:', error));

	async function run(task: ReadTask): Promise<unknown> {
		let reply: ReadReply | Uint8Array;
		try {
			reply = await (MEDIA_READS.has(task.name) ? media : queries).run(task);
		} catch (error) {
			throw refusal(error, task.name);
		}
		if (reply instanceof Uint8Array) return reply;
		if (reply.ok) return reply.value;
		if ('problem' in reply) throw new ProblemError(reply.problem.code, reply.problem.detail, { errors: reply.problem.errors, headers: reply.headers });
		throw new Error(`reader: ${reply.error}`);
	}

	// Every reader has opened the database and loaded its caches before the first request: as many
	// tasks as the readers take at once (the least busy reader takes the next task, so each gets its share).
	const ready = (p: Piscina, threads: number) =>
		Array.from({ length: threads * concurrent }, () => p.run({ name: 'ready', at: 0, args: [], as: 'value' } satisfies ReadTask));
	await Promise.all([...ready(queries, size.readers), ...ready(media, 1)]);

	// A query read runs on this thread instead when it is cheap and nothing waits (placement.ts).
	const placement = idlePlacement(size.inlineBudgetMs);
	async function placed<T>(task: ReadTask, onThisThread: () => Promise<T>): Promise<T> {
		if (MEDIA_READS.has(task.name)) return run(task) as Promise<T>;
		const kind = readKind(task.name, task.args);
		const here = placement.here(kind);
		const started = performance.now();
		const result = await (here ? onThisThread() : (run(task) as Promise<T>));
		placement.took(kind, performance.now() - started);
		return result;
	}

	return {
		mode: 'pool',
		interruptOne: () => void queries.threads[0]?.terminate(),
		queued: () => queries.queueSize,
		json: (name, at, ...args) =>
			ROW_READS.has(name) ? rows.json(name, at, ...args) : placed({ name, at, args, as: 'json' }, () => rows.json(name, at, ...args)),
		value: (name, at, ...args) =>
			ROW_READS.has(name) ? rows.value(name, at, ...args) : placed({ name, at, args, as: 'value' }, () => rows.value(name, at, ...args)),
		async close() {
			await Promise.all([queries.close(), media.close()]);
		}
	};
}
