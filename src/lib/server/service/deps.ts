// What every read imports, and a leaf: ServiceDeps, which adds the read side (reads/reads.ts, which
// runs those reads), is in service-deps.ts, so that no read imports a module that imports it back.
import type { Sql } from '../db/sql';
import type { Settings } from '../env';

/** What a read of the records needs: in a reader worker, its own connection (SQLite read-only, or a PostgreSQL pool). */
export interface ReadDeps {
	sql: Sql;
	settings: Settings;
	/** Milliseconds since the epoch; injected so tests can move time. */
	now: () => number;
}
