// The same dataset as generate.ts writes into SQLite, loaded into PostgreSQL: the records are
// composed by the same planner and composers in the same order (same ids, same text) and streamed
// with COPY; then the keyword index (tsvectors, weighted by column) is filled inside the server,
// the secondary indexes are built once from the loaded table, and the table is vacuumed so that
// manifest pages are index-only scans, each of these over two connections (db/pg-spread.ts).
// Progress is reported as the SQLite generator's is.
// Several instances may start at once: the first takes an advisory lock and loads, the others wait
// and find the dataset complete.
import type pg from 'pg';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../../types/dataset';
import { copyInto } from '../db/pg-copy';
import { spreadOver, type LoadStatement } from '../db/pg-spread';
import { SCHEMA_LOCK } from '../db/pg-migrations';
import type { PostgresSql } from '../db/pg-sql';
import { DATASET_META_KEY, GENERATOR_VERSION, type DatasetMeta } from './ensure';
import { COLUMNS, toRow, type GenerateOptions, type GenerateResult } from './generate';
import { loadGazetteer } from './gazetteer';
import { ALL_COUNTRIES } from './organisations';
import { planComponent } from './plan';
import { Random } from './random';
import { RecordComposer } from './records';
import { planTheatre } from './theatre';

/** Held while a dataset or an index is loaded: one loader at a time across instances. */
export const LOAD_LOCK = SCHEMA_LOCK + 1;

const ROWS_PER_PROGRESS = 5_000;
const FTS_ROWS_PER_STATEMENT = 50_000;
/** A record's keyword document: title A, summary B, report C, transcript D (records/keyword.ts ranks by these). */
const ftsDocument = [
	['title', 'A'],
	['summary', 'B'],
	['report', 'C'],
	['transcript', 'D']
]
	.map(([column, weight]) => `setweight(to_tsvector('icd_english', coalesce(${column}, '')), '${weight}')`)
	.join(' || ');

export async function readDatasetMetaPg(sql: PostgresSql): Promise<DatasetMeta | undefined> {
	const raw = await sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [DATASET_META_KEY]);
	try {
		return raw ? (JSON.parse(raw) as DatasetMeta) : undefined;
	} catch {
		return undefined;
	}
}

/** Runs `fn` while holding the load lock on its own connection. */
export async function withLoadLock<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
	const client = await pool.connect();
	try {
		await client.query('SELECT pg_advisory_lock($1)', [LOAD_LOCK]);
		return await fn(client);
	} finally {
		await client.query('SELECT pg_advisory_unlock($1)', [LOAD_LOCK]).catch(() => {});
		client.release();
	}
}

const sameDataset = (meta: DatasetMeta | undefined, options: GenerateOptions) =>
	meta !== undefined && meta.size === options.size && meta.seed === options.seed && meta.version === GENERATOR_VERSION;

/** ensureDataset for PostgreSQL: generates unless the database holds the same complete dataset. Returns whether it generated. */
export async function ensurePostgresDataset(sql: PostgresSql, options: GenerateOptions): Promise<boolean> {
	if (sameDataset(await readDatasetMetaPg(sql), options)) return false;
	return withLoadLock(sql.pool, async (client) => {
		// Another instance may have loaded it while this one waited for the lock.
		if (sameDataset(await readDatasetMetaPg(sql), options)) return false;
		await client.query('DELETE FROM meta WHERE key = $1', [DATASET_META_KEY]);
		const result = await loadDataset(sql.pool, client, options);
		const complete: DatasetMeta = {
			size: options.size,
			seed: options.seed,
			version: GENERATOR_VERSION,
			records: result.records,
			completedAt: new Date().toISOString()
		};
		await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
			DATASET_META_KEY,
			JSON.stringify(complete)
		]);
		return true;
	});
}

/** Secondary indexes of a table (not those behind its primary key or unique constraints), to drop for a bulk load and build after. */
async function secondaryIndexes(client: pg.PoolClient, tables: string[]): Promise<{ name: string; sql: string }[]> {
	const { rows } = await client.query<{ name: string; sql: string }>(
		`SELECT i.indexname AS name, i.indexdef AS sql FROM pg_indexes i
		 WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
		   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
		 ORDER BY i.indexname`,
		[tables]
	);
	return rows;
}

const ftsTable = (dataset: Dataset, component: Component) => `fts_${dataset}_${component}`;
const ftsTables = () => DATASETS.flatMap((d) => COMPONENTS.map((c) => ftsTable(d, c)));

async function loadDataset(pool: pg.Pool, client: pg.PoolClient, options: GenerateOptions): Promise<GenerateResult> {
	const started = performance.now();
	const progress = options.onProgress ?? (() => {});
	const total = options.size * DATASETS.length * COMPONENTS.length;
	const gazetteer = loadGazetteer({ countries: ALL_COUNTRIES });
	const theatres = new Map(DATASETS.map((d) => [d, planTheatre(d, options.seed, gazetteer)]));

	// The index definitions are read from the schema (kept in the migrations, not repeated here).
	const indexes = await secondaryIndexes(client, ['records', ...ftsTables()]);
	let id = 0;
	let mappable = 0;
	const ranges: { dataset: Dataset; component: Component; first: number; last: number }[] = [];
	// One transaction from TRUNCATE to the last row: with wal_level=minimal the rows skip the
	// write-ahead log (the files are synced at commit), and a failed load leaves the old state.
	await client.query('BEGIN');
	try {
		await client.query(`TRUNCATE records, ${ftsTables().join(', ')}`);
		for (const index of indexes) await client.query(`DROP INDEX IF EXISTS ${index.name}`);
		const copy = copyInto(client, 'records', COLUMNS);
		for (const dataset of DATASETS) {
			const theatre = theatres.get(dataset)!;
			for (const component of COMPONENTS) {
				const plan = planComponent(theatre, options.size, new Random(options.seed, 'plan', dataset, component));
				const composer = new RecordComposer(theatre, gazetteer, component, options.seed);
				const first = id + 1;
				for (let i = 0; i < options.size; i++) {
					const record = composer.compose(plan.days[i], plan.decode(plan.sources[i]));
					mappable += record.mappable;
					await copy.row(toRow(++id, record));
					if ((i + 1) % ROWS_PER_PROGRESS === 0 || i === options.size - 1) progress({ phase: 'records', done: id, total });
				}
				ranges.push({ dataset, component, first, last: id });
			}
		}
		await copy.end();
		await client.query('COMMIT');
	} catch (error) {
		await client.query('ROLLBACK').catch(() => {});
		throw error;
	}

	// The keyword index, computed by the server from the loaded rows, a range of ids at a time, the
	// ranges spread over two connections (two server processes: turning text into tsvectors is the
	// server's CPU, one core per connection).
	const keywordRanges: (LoadStatement & { rows: number })[] = [];
	for (const { dataset, component, first, last } of ranges) {
		for (let from = first; from <= last; from += FTS_ROWS_PER_STATEMENT) {
			const to = Math.min(last, from + FTS_ROWS_PER_STATEMENT - 1);
			keywordRanges.push({
				text: `INSERT INTO ${ftsTable(dataset, component)} (id, doc) SELECT id, ${ftsDocument} FROM records WHERE id BETWEEN $1 AND $2`,
				values: [from, to],
				rows: to - from + 1
			});
		}
	}
	let done = 0;
	progress({ phase: 'search', done, total });
	await spreadOver(pool, client, keywordRanges, (range) => progress({ phase: 'search', done: (done += range.rows), total }));
	// The indexes, two at a time: the keyword tables' GIN indexes first (the longest builds), then
	// the records' B-trees. Then statistics for the planner, and the visibility map that lets
	// manifest pages skip the table, one table per connection.
	const builds = [...indexes]
		.sort((a, b) => Number(/ USING gin /i.test(b.sql)) - Number(/ USING gin /i.test(a.sql)))
		.map((index) => ({ text: index.sql.replace(/^CREATE (UNIQUE )?INDEX /i, (m) => `${m}IF NOT EXISTS `) }));
	const vacuums = ['records', ...ftsTables()].map((table) => ({ text: `VACUUM (ANALYZE) ${table}` }));
	const steps = builds.length + vacuums.length;
	let built = 0;
	progress({ phase: 'indexes', done: built, total: steps });
	const step = () => progress({ phase: 'indexes', done: ++built, total: steps });
	await spreadOver(pool, client, builds, step);
	await spreadOver(pool, client, vacuums, step);
	return { records: id, mappable, ms: Math.round(performance.now() - started) };
}
