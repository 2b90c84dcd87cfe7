// Sql over PostgreSQL (node-postgres). The service writes `?` placeholders; they become $1, $2…
// here (the service's SQL never holds a literal question mark). Counts and other bigints come
// back as numbers, as SQLite gives them: every value the service counts stays far below 2^53.
import pg from 'pg';
import type { Param, Sql } from './sql';

const { Pool, types } = pg;

const INT8 = 20;
const NUMERIC = 1700;

/** Numbers for bigint and numeric (node-postgres gives strings by default, to be safe past 2^53). */
const typeParsers = {
	getTypeParser(oid: number, format?: 'text' | 'binary') {
		if (oid === INT8 || oid === NUMERIC) return (value: string) => (value === null ? null : Number(value));
		return types.getTypeParser(oid, format);
	}
} as pg.CustomTypesConfig;

const numbered = new Map<string, string>();
const MAX_TEXTS = 2000;

/** `?` placeholders as $1, $2…, remembered per statement text. */
export function numberPlaceholders(text: string): string {
	let out = numbered.get(text);
	if (out === undefined) {
		let n = 0;
		out = text.replace(/\?/g, () => `$${++n}`);
		if (numbered.size >= MAX_TEXTS) numbered.clear();
		numbered.set(text, out);
	}
	return out;
}

export interface PoolOptions {
	/** Connections this pool may open at most. */
	max: number;
	/** Written in the server's log and pg_stat_activity, to tell the service's connections apart. */
	name: string;
	/** Settings for every connection of the pool (`-c name=value`). */
	settings?: Record<string, string>;
}

export function createPool(url: string, options: PoolOptions): pg.Pool {
	const pool = new Pool({
		connectionString: url,
		max: options.max,
		application_name: options.name,
		types: typeParsers,
		idleTimeoutMillis: 60_000,
		// A database that is down must not hold a request forever.
		connectionTimeoutMillis: 10_000,
		options: options.settings ? Object.entries(options.settings).map(([k, v]) => `-c ${k}=${v}`).join(' ') : undefined
	});
	// An idle connection dropped by the server (restart, failover) is replaced on next use; without
	// a listener its error would end the process.
	pool.on('error', (error) => console.error('[postgres] an idle connection failed:', error.message));
	return pool;
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function operations(db: Queryable): Omit<Sql, 'transaction' | 'close'> {
	const values = (params: readonly Param[] | undefined) => (params ?? []) as unknown[];
	const rows = async <T>(text: string, params?: readonly Param[]) => (await db.query(numberPlaceholders(text), values(params))).rows as T[];
	const arrays = async <T extends unknown[]>(text: string, params?: readonly Param[]) =>
		(await db.query({ text: numberPlaceholders(text), values: values(params), rowMode: 'array' })).rows as T[];
	return {
		engine: 'postgres',
		all: rows,
		async get<T>(text: string, params?: readonly Param[]) {
			return (await rows<T>(text, params))[0];
		},
		async pluck<T>(text: string, params?: readonly Param[]) {
			return (await arrays<[T]>(text, params))[0]?.[0];
		},
		async column<T>(text: string, params?: readonly Param[]) {
			return (await arrays<[T]>(text, params)).map((r) => r[0]);
		},
		arrays,
		async run(text: string, params?: readonly Param[]) {
			const result = await db.query(numberPlaceholders(text), values(params));
			return { changes: result.rowCount ?? 0 };
		}
	};
}

export interface PostgresSql extends Sql {
	readonly engine: 'postgres';
	readonly pool: pg.Pool;
}

export function postgresSql(pool: pg.Pool): PostgresSql {
	return {
		...operations(pool),
		engine: 'postgres',
		pool,
		async transaction(fn) {
			const client = await pool.connect();
			try {
				await client.query('BEGIN');
				const tx: Sql = { ...operations(client), transaction: () => Promise.reject(new Error('nested transaction')), close: async () => {} };
				const result = await fn(tx);
				await client.query('COMMIT');
				return result;
			} catch (error) {
				await client.query('ROLLBACK').catch(() => {});
				throw error;
			} finally {
				client.release();
			}
		},
		close: () => pool.end()
	};
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
	try {
		const u = new URL(url);
		if (u.password) u.password = '***';
		return u.toString();
	} catch {
		return 'the configured DATABASE_URL';
	}
}
