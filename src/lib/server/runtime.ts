// The process-wide state of the embedded service: settings, the open database (the one writer),
// the rate limiter, and the read side. Created once, at server start (hooks init), so that
// generation runs before the first request; the reader workers start once the data is ready.
import { openDatabase, type Db } from './db/open';
import { readSettings, type Settings } from './env';
import { RateLimiter } from './service/auth/rate-limit';
import { ensureLocalKey } from './service/auth/local-key';
import type { ServiceDeps } from './service/deps';
import { inlineReads, type Reads } from './service/reads/reads';
import { poolReads } from './service/reads/pool';
import { serverSecret } from './db/secrets';
import { clock } from './clock';
import { forgetLexicons, lexicon } from './service/understand/lexicon';
import { DATASETS } from '../types/dataset';

export interface Runtime extends ServiceDeps {
	db: Db;
	settings: Settings;
	now: () => number;
	limiter: RateLimiter;
	/** The embedded service's key for the explorer's own server side. */
	localKey: string;
	reads: Reads;
}

let current: Runtime | undefined;

export function runtime(): Runtime {
	if (!current) current = createRuntime(readSettings());
	return current;
}

function createRuntime(settings: Settings): Runtime {
	const db = openDatabase(settings.dataDir);
	const now = clock(settings.testClockFile);
	const localKey = ensureLocalKey(db, settings.dataDir, now());
	// Until the readers start (startReaders), reads run here, on the writer's connection.
	return { db, settings, now, limiter: new RateLimiter(), localKey, reads: inlineReads({ db, settings }) };
}

/**
 * Starts the reader workers (DB_READERS > 0) once the data is complete, and waits until each has
 * its caches. Readers cannot write, so what they would create on first use is created here first.
 */
export async function startReaders(rt: Runtime): Promise<void> {
	if (rt.settings.readers === 0) return;
	serverSecret(rt.db, 'cursor');
	serverSecret(rt.db, 'media');
	const lexicons = Object.fromEntries(DATASETS.map((d) => [d, lexicon(rt.db, d)]));
	const pool = await poolReads(rt.settings, { readers: rt.settings.readers, queue: rt.settings.readQueue, lexicons });
	rt.reads = pool;
	// The readers read the questions now; this thread no longer needs the names.
	forgetLexicons(rt.db);
	// Test-only: a reader dies in the middle of its work, as a crash would (tests/service/readers.test.ts).
	if (rt.settings.testing) process.on('SIGUSR2', () => pool.interruptOne());
}
