// A load's statements spread over connections (src/lib/server/db/pg-spread.ts), on a real
// PostgreSQL: every statement runs once, on two server processes at once, and a failure stops the
// rest and gives the connections back. Always on PostgreSQL, so the postgres project leaves it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, postgresSql, type PostgresSql } from '../../src/lib/server/db/pg-sql';
import { spreadOver } from '../../src/lib/server/db/pg-spread';
import { dropDatabase, newDatabase } from '../helpers/engine';

let url: string;
let sql: PostgresSql;

beforeAll(async () => {
	url = newDatabase();
	sql = postgresSql(createPool(url, { max: 2, name: 'spread-test' }));
	await sql.run(
		'CREATE TABLE ran (n int NOT NULL, pid int NOT NULL, began timestamptz NOT NULL DEFAULT statement_timestamp(), ended timestamptz NOT NULL DEFAULT clock_timestamp())'
	);
});
afterAll(async () => {
	await sql?.close();
	if (url) dropDatabase(url);
});

/** Statements that each record which server process ran them, and take a while (so that the two overlap). */
const recording = (count: number, seconds = 0.15) =>
	Array.from({ length: count }, (_, n) => ({ text: 'INSERT INTO ran (n, pid) SELECT $1, pg_backend_pid() FROM pg_sleep($2)', values: [n, seconds] }));

describe('statements spread over connections', () => {
	it('runs every statement once, on the given connection and one more of the pool, both at once', async () => {
		await sql.run('TRUNCATE ran');
		const client = await sql.pool.connect();
		const told: number[] = [];
		try {
			await spreadOver(sql.pool, client, recording(6), (s) => told.push(s.values[0] as number));
		} finally {
			client.release();
		}
		const rows = await sql.all<{ n: number; pid: number }>('SELECT n, pid FROM ran ORDER BY n');
		// Some statement of one process ran while one of the other's did.
		const overlapping = await sql.pluck<number>('SELECT count(*)::int FROM ran a JOIN ran b ON a.pid < b.pid AND a.began < b.ended AND b.began < a.ended');
		expect(rows.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(told.sort()).toEqual([0, 1, 2, 3, 4, 5]);
		expect(new Set(rows.map((r) => r.pid)).size).toBe(2);
		expect(overlapping).toBeGreaterThan(0);
		// The pool's connection went back: both are idle.
		expect(sql.pool.idleCount).toBe(sql.pool.totalCount);
	});

	it('stops at the first failure, rejects with it, and gives the connections back', async () => {
		await sql.run('TRUNCATE ran');
		const client = await sql.pool.connect();
		const statements = [...recording(2, 0.05), { text: 'SELECT no_such_column FROM ran' }, ...recording(20, 0.05)];
		let failure: unknown;
		try {
			await spreadOver(sql.pool, client, statements).catch((e) => (failure = e));
		} finally {
			client.release();
		}
		expect(String(failure)).toMatch(/no_such_column/);
		// What was running ended; nothing after the failure was started.
		expect(await sql.pluck<number>('SELECT count(*)::int FROM ran')).toBeLessThanOrEqual(3);
		expect(sql.pool.idleCount).toBe(sql.pool.totalCount);
	});

	it('uses one connection for one statement', async () => {
		await sql.run('TRUNCATE ran');
		const client = await sql.pool.connect();
		try {
			await spreadOver(sql.pool, client, recording(1, 0));
		} finally {
			client.release();
		}
		expect(await sql.pluck<number>('SELECT count(DISTINCT pid)::int FROM ran')).toBe(1);
	});
});
