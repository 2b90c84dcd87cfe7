// Sql over a better-sqlite3 connection. Every statement runs synchronously; the promise only
// carries its result. A transaction holds the connection: statements from elsewhere (another
// request continuing between two awaits of the transaction) wait until it ends, so they never land
// inside it. Prepared statements are kept per connection (bounded): compiling is most of what a
// point read costs.
import type { Statement } from 'better-sqlite3';
import type { Db } from './open';
import type { Param, Sql } from './sql';

const MAX_STATEMENTS = 500;

type Mode = 'rows' | 'pluck' | 'raw';

class Statements {
	private readonly cache = new Map<string, Statement>();
	constructor(private readonly db: Db) {}
	get(text: string, mode: Mode): Statement {
		const key = mode + '\u0000' + text;
		let stmt = this.cache.get(key);
		if (stmt) {
			this.cache.delete(key);
			this.cache.set(key, stmt);
			return stmt;
		}
		stmt = this.db.prepare(text);
		if (mode === 'pluck') stmt.pluck(true);
		else if (mode === 'raw' && stmt.reader) stmt.raw(true);
		this.cache.set(key, stmt);
		if (this.cache.size > MAX_STATEMENTS) this.cache.delete(this.cache.keys().next().value!);
		return stmt;
	}
}

function operations(db: Db, statements: Statements, wait: () => Promise<void> | null): Omit<Sql, 'transaction' | 'close'> {
	// Awaiting only while a transaction is open keeps the common case to one resolved promise.
	const ready = async () => {
		let pending = wait();
		while (pending) {
			await pending;
			pending = wait();
		}
	};
	const args = (params: readonly Param[] | undefined) => (params ?? []) as unknown[];
	return {
		engine: 'sqlite',
		async all<T>(text: string, params?: readonly Param[]) {
			await ready();
			return statements.get(text, 'rows').all(...args(params)) as T[];
		},
		async get<T>(text: string, params?: readonly Param[]) {
			await ready();
			return statements.get(text, 'rows').get(...args(params)) as T | undefined;
		},
		async pluck<T>(text: string, params?: readonly Param[]) {
			await ready();
			return statements.get(text, 'pluck').get(...args(params)) as T | undefined;
		},
		async column<T>(text: string, params?: readonly Param[]) {
			await ready();
			return statements.get(text, 'pluck').all(...args(params)) as T[];
		},
		async arrays<T extends unknown[]>(text: string, params?: readonly Param[]) {
			await ready();
			return statements.get(text, 'raw').all(...args(params)) as T[];
		},
		async run(text: string, params?: readonly Param[]) {
			await ready();
			const info = statements.get(text, 'rows').run(...args(params));
			return { changes: info.changes };
		}
	};
}

/** The Sql of one SQLite connection, and the connection for what only SQLite does (bulk loads, FTS5 maintenance). */
export interface SqliteSql extends Sql {
	readonly engine: 'sqlite';
	readonly db: Db;
}

export function sqliteSql(db: Db): SqliteSql {
	const statements = new Statements(db);
	let open: Promise<void> | null = null;
	const outside = operations(db, statements, () => open);
	// Inside the transaction nothing waits: it holds the connection.
	const inside = operations(db, statements, () => null);
	const sql: SqliteSql = {
		...outside,
		engine: 'sqlite',
		db,
		async transaction(fn) {
			while (open) await open;
			let release!: () => void;
			open = new Promise((resolve) => (release = resolve));
			const tx: Sql = { ...inside, transaction: () => Promise.reject(new Error('nested transaction')), close: async () => {} };
			try {
				db.exec('BEGIN IMMEDIATE');
				const result = await fn(tx);
				db.exec('COMMIT');
				return result;
			} catch (error) {
				if (db.inTransaction) db.exec('ROLLBACK');
				throw error;
			} finally {
				open = null;
				release();
			}
		},
		async close() {
			if (db.open) db.close();
		}
	};
	return sql;
}
