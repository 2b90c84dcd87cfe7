// The service's one way to talk to its database, whichever engine holds it: SQL text with `?`
// placeholders, awaited. SQLite (better-sqlite3, synchronous underneath: db/sqlite-sql.ts) and
// PostgreSQL (node-postgres, over the network: db/pg-sql.ts) implement it, so the service's
// reads and writes are written once; where the engines differ (full-text search, upserts that
// lock) the code asks `sql.engine`.
export type Engine = 'sqlite' | 'postgres';

export type Param = string | number | bigint | Buffer | null;
export type Row = Record<string, unknown>;

export interface Sql {
	readonly engine: Engine;
	/** Every row, as objects keyed by column name. */
	all<T = Row>(text: string, params?: readonly Param[]): Promise<T[]>;
	/** The first row, or undefined. */
	get<T = Row>(text: string, params?: readonly Param[]): Promise<T | undefined>;
	/** The first column of the first row, or undefined when there is no row. */
	pluck<T>(text: string, params?: readonly Param[]): Promise<T | undefined>;
	/** The first column of every row. */
	column<T>(text: string, params?: readonly Param[]): Promise<T[]>;
	/** Every row as an array of its columns, in SELECT order (half the cost of objects on a large page). */
	arrays<T extends unknown[]>(text: string, params?: readonly Param[]): Promise<T[]>;
	/** A statement that returns no rows; how many rows it changed. */
	run(text: string, params?: readonly Param[]): Promise<{ changes: number }>;
	/**
	 * Runs `fn` in one transaction on one connection (`tx`): committed when it resolves, rolled back
	 * when it throws. Statements that must see each other's effects go through `tx`, never `this`.
	 */
	transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
	/** Releases the connections (the last call on it). */
	close(): Promise<void>;
}

/** `?, ?, ?` for a list of n values. */
export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
