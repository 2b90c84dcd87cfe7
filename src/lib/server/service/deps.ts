import type { Sql } from '../db/sql';
import type { Settings } from '../env';
import type { Reads } from './reads/reads';

/** What a read of the records needs: in a reader worker, its own connection (SQLite read-only, or a PostgreSQL pool). */
export interface ReadDeps {
	sql: Sql;
	settings: Settings;
	/** Milliseconds since the epoch; injected so tests can move time. */
	now: () => number;
}

/** Everything a service function needs besides the caller's key and its parameters. */
export interface ServiceDeps extends ReadDeps {
	/** The read side, awaited: reader workers, or this thread when DB_READERS=0. */
	reads: Reads;
}
