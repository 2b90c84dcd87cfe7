// Which database the service uses, and the connections it opens to it: PostgreSQL when
// DATABASE_URL is set, the embedded SQLite file in DATA_DIR otherwise.
//   service  the main thread: authentication, rate limits, credits, conversations (the writer);
//   reader   a reader worker: the reads of the records (DATABASE_READ_URL on PostgreSQL: a replica
//            may answer them; SQLite: a read-only connection);
//   cli      a command-line tool (keys, seed): a small pool.
import type { Settings } from '../env';
import { openDatabase } from './open';
import { createPool, postgresSql } from './pg-sql';
import type { Sql } from './sql';
import { sqliteSql } from './sqlite-sql';

export type Role = 'service' | 'reader' | 'cli';

export function connect(settings: Settings, role: Role): Sql {
	const { url, readUrl, poolSize } = settings.database;
	if (!url) return sqliteSql(openDatabase(settings.dataDir, { readonly: role === 'reader' }));
	// At least two where a start-up step holds one connection (an advisory lock) while it reads
	// through another (the CLI's loads four: two conversions and an index build beside the lock's,
	// nl/pg-index-build.ts); a reader's queries each take one at a time.
	const max = role === 'reader' ? poolSize : role === 'cli' ? 4 : Math.max(2, poolSize);
	return postgresSql(createPool(role === 'reader' ? readUrl : url, { max, name: `icd-${role}` }));
}

export const usesPostgres = (settings: Settings) => settings.database.url !== '';
