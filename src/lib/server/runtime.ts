// The process-wide state of the embedded service: settings, the connection the main thread writes
// through, the rate limiter, and the read side. Created once, at server start (hooks init), so that
// the data is ready before the first request; the reader workers start once it is.
// On SQLite this process is the whole service: the writer is its one connection and the buckets
// live in its memory. On PostgreSQL (DATABASE_URL) it is one instance among any number: keys,
// buckets, credits, conversations and secrets live in the database, so any instance answers any
// request, and nothing here needs to be shared.
import { connect, usesPostgres } from './db/connect';
import type { Db } from './db/open';
import type { Sql } from './db/sql';
import type { SqliteSql } from './db/sqlite-sql';
import { readSettings, type Settings } from './env';
import { RateLimiter, sharedBuckets, type RateLimits } from './service/auth/rate-limit';
import type { ServiceDeps } from './service/service-deps';
import { inlineReads, type Reads } from './service/reads/reads';
import { setMainThreadNice } from './service/reads/priority';
import { poolReads } from './service/reads/pool';
import { serverSecret } from './db/secrets';
import { clock } from './clock';
import { forgetLexicons, lexicon } from './service/question/lexicon';
import { DATASETS } from '../types/dataset';
import { withReadAhead } from './service/reads/read-ahead';

export interface Runtime extends ServiceDeps {
	settings: Settings;
	now: () => number;
	/** The main thread's connection: writes, and authentication. */
	sql: Sql;
	/** SQLite only: the same connection, for what only SQLite does (generation, its index builds). */
	db: Db | null;
	limiter: RateLimits;
	/** The embedded service's key for the explorer's own server side (set at start, service/startup). */
	localKey: string;
	reads: Reads;
}

let current: Runtime | undefined;

export function runtime(): Runtime {
	if (!current) current = createRuntime(readSettings());
	return current;
}

export function createRuntime(settings: Settings): Runtime {
	const now = clock(settings.testClockFile);
	const sql = connect(settings, 'service');
	const shared = usesPostgres(settings);
	// Until the readers start (startReaders), reads run here: on SQLite over the writer's connection,
	// on PostgreSQL over a pool of their own (a replica's, when DATABASE_READ_URL names one).
	const readSql = shared && settings.database.readUrl !== settings.database.url ? connect(settings, 'reader') : sql;
	return {
		sql,
		db: shared ? null : (sql as SqliteSql).db,
		settings,
		now,
		limiter: shared ? sharedBuckets(sql) : new RateLimiter(),
		localKey: '',
		reads: inlineReads({ sql: readSql, settings })
	};
}

/**
 * Starts the reader workers (DB_READERS > 0) once the data is complete, and waits until each has
 * its caches. Readers cannot write, so what they would create on first use is created here first.
 */
export async function startReaders(rt: Runtime): Promise<void> {
	if (rt.settings.readers === 0) return;
	await serverSecret(rt.sql, 'cursor');
	await serverSecret(rt.sql, 'media');
	const lexicons = Object.fromEntries(await Promise.all(DATASETS.map(async (d) => [d, await lexicon(rt.sql, d)])));
	// Row reads stay on this thread, over the connection it read with until now (pool.ts).
	const pool = await poolReads(
		rt.settings,
		{ readers: rt.settings.readers, queue: rt.settings.readQueue, inlineBudgetMs: rt.settings.readInlineMs, lexicons },
		rt.reads
	);
	// Walks of the geo manifests get their next page read while they receive this one (read-ahead.ts).
	rt.reads = withReadAhead(pool, { pages: rt.settings.readAhead, busy: () => pool.queued() > 0 });
	// Raised only now: threads inherit their creator's priority (reads/priority.ts).
	if (rt.settings.mainThreadNice !== 0) {
		const refused = setMainThreadNice(rt.settings.mainThreadNice);
		if (refused) process.stderr.write(`[service] ${refused}\n`);
	}
	// The readers read the questions now; this thread no longer needs the names.
	forgetLexicons(rt.sql);
	// Test-only: a reader dies in the middle of its work, as a crash would (tests/service/readers.test.ts).
	if (rt.settings.testing) process.on('SIGUSR2', () => pool.interruptOne());
}
