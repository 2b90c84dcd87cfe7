// The natural language search index on PostgreSQL, from the same chunks, facets and term model as
// SQLite's (index-build.ts): records are read in id order in batches, each chunk's text and its
// record's facet tokens go by COPY into an unlogged staging table, the server turns them into
// tsvectors (English stemming) in the chunk table, and the GIN index is built once at the end.
// Skipped when the stored index was built for the same dataset; one loader at a time (lock).
import type pg from 'pg';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../../../types/dataset';
import { copyInto } from '../../db/pg-copy';
import type { PostgresSql } from '../../db/pg-sql';
import { readDatasetMetaPg, withLoadLock } from '../../dataset/pg-generate';
import type { Progress } from '../../dataset/progress';
import { CHUNK_COLUMNS, type ChunkSource } from './chunks';
import { BATCH, indexRecord, NL_INDEX_VERSION, NL_META_KEY, PROGRESS_PHASE, sampleStride, stampOf, termRows, type NlIndexMeta } from './index-build';
import { TermModelTrainer } from './term-model';
import { firstSenseSynonyms } from './wordnet';
import { ensureNewestLists } from './pg-newest';

const STAGE = 'nl_stage';
/** Records staged (per stage) before their chunks become tsvectors. */
const STAGED = 20_000;
/** Stages in turn: one being filled, two being converted at once (build below). */
const STAGES = 3;

async function current(sql: PostgresSql): Promise<{ stamp: string | null; built: boolean }> {
	const stamp = stampOf(await readDatasetMetaPg(sql));
	const raw = await sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [NL_META_KEY]);
	const meta = raw ? (JSON.parse(raw) as NlIndexMeta) : undefined;
	return { stamp, built: stamp === null || (meta !== undefined && meta.version === NL_INDEX_VERSION && meta.dataset === stamp) };
}

/** The index, then the stored lists of its common words (pg-newest.ts), each built when missing; returns whether it built the index. */
export async function ensurePgNlIndex(sql: PostgresSql, onProgress: (p: Progress) => void = () => {}): Promise<boolean> {
	const built = await ensureIndex(sql, onProgress);
	await ensureNewestLists(sql, onProgress);
	return built;
}

/** Builds the index when the data has none for its current version; returns whether it built. */
async function ensureIndex(sql: PostgresSql, onProgress: (p: Progress) => void): Promise<boolean> {
	if ((await current(sql)).built) return false;
	return withLoadLock(sql.pool, async (client) => {
		const { stamp, built } = await current(sql);
		if (built) return false;
		await client.query('DELETE FROM meta WHERE key = $1', [NL_META_KEY]);
		await build(sql, client, stamp!, onProgress);
		return true;
	});
}

async function build(sql: PostgresSql, client: pg.PoolClient, stamp: string, onProgress: (p: Progress) => void): Promise<void> {
	const total = (await sql.pluck<number>('SELECT count(*) FROM records')) ?? 0;
	const progress = { done: 0, total };
	onProgress({ phase: PROGRESS_PHASE, ...progress });
	const vocabulary = new Set<string>();
	const chunks = {} as Record<Dataset, number>;
	/** Each chunk table's GIN index and statistics, built while the next table is filled. */
	const indexing: Promise<void>[] = [];
	try {
		for (const dataset of DATASETS) {
			const trainer = new TermModelTrainer();
			const records = (await sql.pluck<number>('SELECT count(*) FROM records WHERE dataset = ?', [dataset])) ?? 0;
			const stride = sampleStride(records);
			for (const component of COMPONENTS) {
				const { finishing } = await indexComponent(sql, client, dataset, component, trainer, stride, (n) => {
					progress.done += n;
					onProgress({ phase: PROGRESS_PHASE, ...progress });
				});
				indexing.push(finishing);
			}
			await client.query('DELETE FROM nl_terms WHERE dataset = $1', [dataset]);
			const terms = copyInto(client, 'nl_terms', ['dataset', 'term', 'df', 'vector']);
			for (const row of termRows(trainer)) await terms.row([dataset, ...row]);
			await terms.end();
			for (const t of trainer.df.keys()) vocabulary.add(t);
			chunks[dataset] = trainer.chunks;
		}
		await client.query('TRUNCATE nl_synonyms');
		const synonyms = copyInto(client, 'nl_synonyms', ['word', 'synonyms']);
		for (const [word, list] of firstSenseSynonyms((w) => vocabulary.has(w))) await synonyms.row([word, JSON.stringify(list)]);
		await synonyms.end();
	} finally {
		// The GIN builds have ended before the index is declared built, or before a failure leaves the lock.
		await allEnded(indexing);
	}
	const done: NlIndexMeta = { version: NL_INDEX_VERSION, dataset: stamp, chunks };
	await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
		NL_META_KEY,
		JSON.stringify(done)
	]);
}

/** Waits for every one of the work's promises to end, then throws the first failure among them. */
async function allEnded(work: Promise<unknown>[]): Promise<void> {
	const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
	if (failed) throw failed.reason;
}

/**
 * Chunks a component's records into its chunk table. Returns once every chunk is in the table; the
 * returned promise is its GIN index and statistics, built on a pool connection while the next
 * component is chunked (the caller awaits it before the index is declared built).
 */
async function indexComponent(
	sql: PostgresSql,
	client: pg.PoolClient,
	dataset: Dataset,
	component: Component,
	trainer: TermModelTrainer,
	stride: number,
	advanced: (n: number) => void
): Promise<{ finishing: Promise<void> }> {
	const table = `nl_${dataset}_${component}`;
	const stages = Array.from({ length: STAGES }, (_, i) => `${STAGE}_${i}`);
	for (const stage of stages) {
		await client.query(`DROP TABLE IF EXISTS ${stage}`);
		await client.query(`CREATE UNLOGGED TABLE ${stage} (rowid bigint NOT NULL, body text NOT NULL)`);
	}
	await client.query(`TRUNCATE ${table}`);
	await client.query(`DROP INDEX IF EXISTS ${table}_body`);
	// The stages in turn, so that the work runs on both cores: while the server turns two stages'
	// chunks into tsvectors (each on its own connection of the pool), this process reads and chunks
	// the next records and copies them into the third, all through the load lock's connection (a
	// turn's chunks are read first, then copied: the connection cannot read while it copies).
	// Measured at 100,000 records per component, the server's conversions took 117 s of CPU, this
	// process's reading, chunking and copying 47 s: with one conversion at a time, the server's one
	// core was the whole build's pace. Conversions now overlap each other, so the chunk table's
	// rows are not stored in rowid order (every read goes by rowid through its key or the GIN index).
	const converting: Promise<unknown>[] = stages.map(() => Promise.resolve());
	let after = 0;
	try {
		for (let turn = 0, more = true; more; turn++) {
			const slot = turn % STAGES;
			const pending: unknown[][] = [];
			let staged = 0;
			while (staged < STAGED) {
				const { rows } = await client.query<ChunkSource>(
					`SELECT ${CHUNK_COLUMNS} FROM records WHERE dataset = $1 AND component = $2 AND id > $3 ORDER BY id LIMIT $4`,
					[dataset, component, after, BATCH]
				);
				if (rows.length === 0) {
					more = false;
					break;
				}
				// The facet tokens sit in the chunk's tsvector beside its words (facets.ts).
				for (const row of rows) indexRecord(row, trainer, stride, (rowid, text, facets) => pending.push([rowid, `${text}\n${facets}`]));
				after = rows[rows.length - 1].id;
				staged += rows.length;
			}
			// This stage's previous conversion has ended (and emptied it) before it is filled again.
			await converting[slot];
			if (pending.length === 0) continue;
			const copy = copyInto(client, stages[slot], ['rowid', 'body']);
			for (const values of pending) await copy.row(values);
			await copy.end();
			converting[slot] = convert(sql, table, stages[slot]).then(() => advanced(staged));
			// Observed now, thrown where it is awaited: a failed conversion must not end the process meanwhile.
			converting[slot].catch(() => {});
		}
	} finally {
		// Every conversion has ended before the stages go, or before a failure leaves the lock.
		await allEnded(converting);
	}
	for (const stage of stages) await client.query(`DROP TABLE ${stage}`);
	const finishing = (async () => {
		await sql.run(`CREATE INDEX ${table}_body ON ${table} USING gin (body)`);
		await sql.run(`VACUUM (ANALYZE) ${table}`);
	})();
	finishing.catch(() => {});
	return { finishing };
}

/** A stage's chunks as tsvectors in the chunk table; the stage emptied for its next turn. */
async function convert(sql: PostgresSql, table: string, stage: string): Promise<void> {
	await sql.run(`INSERT INTO ${table} (rowid, body) SELECT rowid, to_tsvector('icd_english', body) FROM ${stage}`);
	await sql.run(`TRUNCATE ${stage}`);
}
