// Ground truth read straight from the server's database, independent of the service code: its
// SQLite file, or on PostgreSQL the database through psql. Queries are written with ? parameters
// in SQL both engines read the same way.
import path from 'node:path';
import Database from 'better-sqlite3';
import { psql } from '../../scripts/pg/cluster';

interface Source {
	dataDir: string;
	databaseUrl?: string;
}

function sqliteOracle(dataDir: string) {
	const db = new Database(path.join(dataDir, 'icd.sqlite'), { readonly: true, fileMustExist: true });
	return {
		rows: <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
		write(sql: string, ...params: unknown[]) {
			const writer = new Database(path.join(dataDir, 'icd.sqlite'), { fileMustExist: true });
			try {
				writer.prepare(sql).run(...params);
			} finally {
				writer.close();
			}
		},
		close: () => db.close()
	};
}

const literal = (v: unknown) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

function postgresOracle(url: string) {
	return {
		rows<T>(sql: string, ...params: unknown[]): T[] {
			let i = 0;
			const bound = sql.replace(/\?/g, () => literal(params[i++]));
			// The row's alias must not be a column name of the query (a column `t` would be aggregated instead).
			return JSON.parse(psql(url, `SELECT coalesce(json_agg(oracle_row), '[]') FROM (${bound}) oracle_row`)) as T[];
		},
		write(sql: string, ...params: unknown[]) {
			let i = 0;
			psql(
				url,
				sql.replace(/\?/g, () => literal(params[i++]))
			);
		},
		close: () => {}
	};
}

export function oracle(source: string | Source) {
	const { dataDir, databaseUrl } = typeof source === 'string' ? { dataDir: source } : source;
	const base = databaseUrl ? postgresOracle(databaseUrl) : sqliteOracle(dataDir);
	return {
		count(where: string, ...params: unknown[]): number {
			return base.rows<{ n: number }>(`SELECT count(*) AS n FROM records WHERE ${where}`, ...params)[0].n;
		},
		rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
			return base.rows<T>(sql, ...params);
		},
		one<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T {
			return base.rows<T>(sql, ...params)[0];
		},
		/** Changes the data under the server: for a test that needs an edge case the generator never makes (and puts it back). */
		write(sql: string, ...params: unknown[]): void {
			base.write(sql, ...params);
		},
		close: base.close
	};
}

export type Oracle = ReturnType<typeof oracle>;
