import type { Db } from '../db/open';
import type { Settings } from '../env';
import type { Reads } from './reads/reads';

/** What a read of the records needs: in a reader worker the database is a read-only connection. */
export interface ReadDeps {
	db: Db;
	settings: Settings;
	/** Milliseconds since the epoch; injected so tests can move time. */
	now: () => number;
}

/** Everything a service function needs besides the caller's key and its parameters. */
export interface ServiceDeps extends ReadDeps {
	/** The read side, awaited: reader workers, or this thread when DB_READERS=0. */
	reads: Reads;
}
