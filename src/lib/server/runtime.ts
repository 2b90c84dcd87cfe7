// The process-wide state of the embedded service: settings, the open database, the rate limiter.
// Created once, at server start (hooks init), so that generation runs before the first request.
import { openDatabase, type Db } from './db/open';
import { readSettings, type Settings } from './env';
import { RateLimiter } from './service/auth/rate-limit';
import { ensureLocalKey } from './service/auth/local-key';
import type { ServiceDeps } from './service/deps';
import { clock } from './clock';

export interface Runtime extends ServiceDeps {
	db: Db;
	settings: Settings;
	now: () => number;
	limiter: RateLimiter;
	/** The embedded service's key for the explorer's own server side. */
	localKey: string;
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
	return { db, settings, now, limiter: new RateLimiter(), localKey };
}
