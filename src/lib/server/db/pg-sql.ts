// Sql over PostgreSQL (node-postgres). The service writes `?` placeholders; they become $1, $2…
// here (the service's SQL never holds a literal question mark). Counts and other bigints come
// back as numbers, as SQLite gives them: every value the service counts stays far below 2^53.
import { createHash } from 'node:crypto';
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

/**
 * A statement as PostgreSQL gets it: `?` placeholders as $1, $2…, and a name when it is prepared.
 * A named statement is parsed once per connection and then only bound and run: at a million
 * records per component, 16 clients of structured search cost the database 876 µs of CPU a
 * request with every statement parsed anew, 558 µs named (docs/benchmarks.md, issue 19).
 * Each name stays in every connection that ran it until the connection closes, so the names are
 * bounded: statements with parameters (no DDL, no multi-statement text: those need the simple
 * protocol), at most PREPARED_MAX_PARAMS of them (a list of ids is another text for every
 * length), and the first PREPARED_MAX_TEXTS such texts of the process; any later text runs
 * unnamed. The name is a hash of the text: the same on every connection, two texts never share one.
 */
interface Statement {
	text: string;
	name: string | undefined;
}

const statements = new Map<string, Statement>();
const MAX_TEXTS = 2000;
const PREPARED_MAX_PARAMS = 32;
const PREPARED_MAX_TEXTS = 300;
const preparedNames = new Set<string>();

export function statementOf(text: string): Statement {
	let out = statements.get(text);
	if (out === undefined) {
		let n = 0;
		const numbered = text.replace(/\?/g, () => `$${++n}`);
		let name: string | undefined = n >= 1 && n <= PREPARED_MAX_PARAMS ? `icd_${createHash('sha1').update(text).digest('base64url')}` : undefined;
		if (name !== undefined && !preparedNames.has(name)) {
			if (preparedNames.size < PREPARED_MAX_TEXTS) preparedNames.add(name);
			else name = undefined;
		}
		out = { text: numbered, name };
		if (statements.size >= MAX_TEXTS) statements.clear();
		statements.set(text, out);
	}
	return out;
}

/** `?` placeholders as $1, $2… */
export const numberPlaceholders = (text: string): string => statementOf(text).text;

/** PostgreSQL's "cached plan must not change result type": a prepared `SELECT *` after a migration changed the table. */
const STALE_PREPARED = '0A000';

export interface PoolOptions {
	/** Connections this pool may open at most. */
	max: number;
	/** Written in the server's log and pg_stat_activity, to tell the service's connections apart. */
	name: string;
	/** Settings for every connection of the pool (`-c name=value`). */
	settings?: Record<string, string>;
}

/**
 * Every connection plans each run of a prepared statement for its values. Left to itself the server
 * switches to one generic plan after five runs, planned without the values; the records are skewed
 * (one country holds 16 % of a component's records, another 0.03 %), and a generic plan that suits one can walk a whole
 * index for another. Planning again costs ~0.2 ms of the database's CPU a request (329 µs with generic plans).
 */
const CONNECTION_SETTINGS: Record<string, string> = { plan_cache_mode: 'force_custom_plan' };

export function createPool(url: string, options: PoolOptions): pg.Pool {
	const pool = new Pool({
		connectionString: url,
		max: options.max,
		application_name: options.name,
		types: typeParsers,
		idleTimeoutMillis: 60_000,
		// A database that is down must not hold a request forever.
		connectionTimeoutMillis: 10_000,
		options: Object.entries({ ...CONNECTION_SETTINGS, ...options.settings })
			.map(([k, v]) => `-c ${k}=${v}`)
			.join(' ')
	});
	// An idle connection dropped by the server (restart, failover) is replaced on next use; without
	// a listener its error would end the process.
	pool.on('error', (error) => console.error('[postgres] an idle connection failed:', error.message));
	return pool;
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function operations(db: Queryable): Omit<Sql, 'transaction' | 'close'> {
	const values = (params: readonly Param[] | undefined) => (params ?? []) as unknown[];
	async function query(text: string, params: readonly Param[] | undefined, rowMode?: 'array'): Promise<pg.QueryResult> {
		const { text: numbered, name } = statementOf(text);
		// rowMode 'array': each row as an array of values (pluck, column, arrays).
		const config = { text: numbered, values: values(params), ...(rowMode ? { rowMode } : {}) } as pg.QueryConfig;
		try {
			return await db.query({ ...config, name });
		} catch (error) {
			// Another instance migrated the schema under this connection's prepared statement: run it unprepared.
			if (name === undefined || (error as { code?: string }).code !== STALE_PREPARED) throw error;
			return db.query(config);
		}
	}
	const rows = async <T>(text: string, params?: readonly Param[]) => (await query(text, params)).rows as T[];
	const arrays = async <T extends unknown[]>(text: string, params?: readonly Param[]) => (await query(text, params, 'array')).rows as T[];
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
			const result = await query(text, params);
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
