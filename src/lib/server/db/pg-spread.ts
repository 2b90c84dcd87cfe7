// A load's server-side work spread over connections. PostgreSQL runs each connection's statements
// in one backend process, on one core: the keyword index's tsvectors, the index builds and the
// vacuums of a dataset load, one statement after another on the load lock's connection, kept one
// core busy while the other waited. The statements here are independent of each other (different
// id ranges, tables or indexes), so any connection may run any of them, in any overlap.
import type pg from 'pg';

/** Connections a load's statements are spread over: this machine's cores (also the seed CLI's pool size). */
export const LOAD_CONNECTIONS = 2;

export interface LoadStatement {
	text: string;
	values?: unknown[];
}

/**
 * Runs the statements on `client` (the load lock's connection) and up to `width - 1` more of the
 * pool's, each statement taken in list order by the next free connection: put the longest first.
 * `ran` is told after each one ends. Rejects with the first failure once the statements already
 * running have ended; none is started after a failure.
 */
export async function spreadOver<S extends LoadStatement>(
	pool: pg.Pool,
	client: pg.PoolClient,
	statements: readonly S[],
	ran: (statement: S) => void = () => {},
	width = LOAD_CONNECTIONS
): Promise<void> {
	const extra: pg.PoolClient[] = [];
	try {
		for (let i = 1; i < Math.min(width, statements.length); i++) extra.push(await pool.connect());
		let next = 0;
		const failed: { error?: unknown } = {};
		const work = async (connection: pg.PoolClient) => {
			while (!('error' in failed) && next < statements.length) {
				const statement = statements[next++];
				try {
					await connection.query(statement.text, statement.values);
					ran(statement);
				} catch (error) {
					if (!('error' in failed)) failed.error = error;
				}
			}
		};
		await Promise.all([client, ...extra].map(work));
		if ('error' in failed) throw failed.error;
	} finally {
		for (const connection of extra) connection.release();
	}
}
