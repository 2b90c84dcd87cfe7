// Statements on PostgreSQL (src/lib/server/db/pg-sql.ts): prepared once per connection when they
// have parameters (a bounded number of them), planned for their values on every run, and run
// unprepared when another instance's migration changed a table under a prepared `SELECT *`.
// Always on PostgreSQL, so the postgres project leaves it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, postgresSql, statementOf, type PostgresSql } from '../../src/lib/server/db/pg-sql';
import { dropDatabase, newDatabase } from '../helpers/engine';

let url: string;
let sql: PostgresSql;

beforeAll(() => {
	url = newDatabase();
	// One connection: pg_prepared_statements shows the statements of the session that asks.
	sql = postgresSql(createPool(url, { max: 1, name: 'statements-test' }));
});
afterAll(async () => {
	await sql?.close();
	if (url) dropDatabase(url);
});

const prepared = () => sql.column<string>('SELECT name FROM pg_prepared_statements ORDER BY name');

describe('statements on PostgreSQL', () => {
	it('prepares a statement with parameters once on the connection, under a name from its text', async () => {
		const text = 'SELECT ?::int + 1 AS n';
		expect(await sql.pluck<number>(text, [41])).toBe(42);
		expect(await sql.pluck<number>(text, [1])).toBe(2);
		const name = statementOf(text).name!;
		expect(name).toMatch(/^icd_/);
		expect((await prepared()).filter((n) => n === name)).toHaveLength(1);
		// The same text on another Sql over the same database gets the same name: instances agree.
		expect(statementOf('SELECT ?::int + 1 AS n').name).toBe(name);
		expect(statementOf('SELECT ?::int + 2 AS n').name).not.toBe(name);
	});

	it('sends a long list of parameters, and text without parameters, unprepared', async () => {
		const ids = Array.from({ length: 40 }, (_, i) => i);
		const listText = `SELECT count(*)::int FROM (VALUES ${ids.map(() => '(?::int)').join(', ')}) v(id)`;
		expect(await sql.pluck<number>(listText, ids)).toBe(40);
		expect(statementOf(listText).name).toBeUndefined();
		// Several statements in one text need the simple protocol: no name, no parameters.
		await sql.run('CREATE TABLE a (x int); CREATE TABLE b (y int)');
		expect(await sql.pluck<number>("SELECT count(*)::int FROM pg_tables WHERE tablename IN ('a', 'b')")).toBe(2);
		expect(await prepared()).not.toContain(statementOf(listText).name);
	});

	it('plans every run for its values', async () => {
		expect(await sql.pluck<string>('SHOW plan_cache_mode')).toBe('force_custom_plan');
	});

	it('runs a prepared SELECT * again, unprepared, after a migration changed its table', async () => {
		await sql.run("CREATE TABLE t (id int PRIMARY KEY, a text); INSERT INTO t VALUES (1, 'one')");
		const text = 'SELECT * FROM t WHERE id = ?';
		expect(await sql.get(text, [1])).toEqual({ id: 1, a: 'one' });
		// As another instance's migration would, on another connection.
		const other = postgresSql(createPool(url, { max: 1, name: 'statements-test-migration' }));
		try {
			await other.run("ALTER TABLE t ADD COLUMN b text NOT NULL DEFAULT 'new'");
		} finally {
			await other.close();
		}
		expect(await sql.get(text, [1])).toEqual({ id: 1, a: 'one', b: 'new' });
	});
});
