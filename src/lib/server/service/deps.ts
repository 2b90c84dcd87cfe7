import type { Db } from '../db/open';
import type { Settings } from '../env';

/** Everything a service function needs besides the caller's key and its parameters. */
export interface ServiceDeps {
	db: Db;
	settings: Settings;
	/** Milliseconds since the epoch; injected so tests can move time. */
	now: () => number;
}
