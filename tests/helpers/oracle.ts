// Ground truth read straight from the server's SQLite file, independent of the service code.
import path from 'node:path';
import Database from 'better-sqlite3';

export function oracle(dataDir: string) {
	const db = new Database(path.join(dataDir, 'icd.sqlite'), { readonly: true, fileMustExist: true });
	return {
		count(where: string, ...params: unknown[]): number {
			return db.prepare(`SELECT count(*) FROM records WHERE ${where}`).pluck().get(...params) as number;
		},
		rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
			return db.prepare(sql).all(...params) as T[];
		},
		one<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T {
			return db.prepare(sql).get(...params) as T;
		},
		close: () => db.close()
	};
}

export type Oracle = ReturnType<typeof oracle>;
