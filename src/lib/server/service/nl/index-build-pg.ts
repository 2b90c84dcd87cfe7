// The natural language search index on PostgreSQL, from the same chunks, facets and term model as
// SQLite's (index-build.ts): records are read in id order in batches, each chunk's text and its
// record's facet tokens go by COPY into an unlogged staging table, the server turns them into
// tsvectors (English stemming) in the chunk table, and the GIN index is built once at the end.
// Skipped when the stored index was built for the same dataset; one loader at a time (lock).
import type pg from 'pg';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../../../types/dataset';
import { copyInto } from '../../db/pg-copy';
import type { PostgresSql } from '../../db/postgres';
import { readDatasetMetaPg, withLoadLock } from '../../dataset/postgres';
import type { Progress } from '../../dataset/progress';
import { CHUNK_COLUMNS, type ChunkSource } from './chunks';
import { BATCH, indexRecord, NL_INDEX_VERSION, NL_META_KEY, PROGRESS_PHASE, sampleStride, stampOf, termRows, type NlIndexMeta } from './index-build';
import { TermModelTrainer } from './term-model';
import { firstSenseSynonyms } from './wordnet';
import { ensureNewestLists } from './newest-pg';

const STAGE = 'nl_stage';
/** Records staged (per stage) before their chunks become tsvectors. */
const STAGED = 20_000;

async function current(sql: PostgresSql): Promise<{ stamp: string | null; built: boolean }> {
	const stamp = stampOf(await readDatasetMetaPg(sql));
	const raw = await sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [NL_META_KEY]);
	const meta = raw ? (JSON.parse(raw) as NlIndexMeta) : undefined;
	return { stamp, built: stamp === null || (meta !== undefined && meta.version === NL_INDEX_VERSION && meta.dataset === stamp) };
}

/** The index, then the stored lists of its common words (newest-pg.ts), each built when missing; returns whether it built the index. */
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
	for (const dataset of DATASETS) {
		const trainer = new TermModelTrainer();
		const records = (await sql.pluck<number>('SELECT count(*) FROM records WHERE dataset = ?', [dataset])) ?? 0;
		const stride = sampleStride(records);
		for (const component of COMPONENTS) {
			await indexComponent(sql, client, dataset, component, trainer, stride, (n) => {
				progress.done += n;
				onProgress({ phase: PROGRESS_PHASE, ...progress });
			});
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
	const done: NlIndexMeta = { version: NL_INDEX_VERSION, dataset: stamp, chunks };
	await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [NL_META_KEY, JSON.stringify(done)]);
}

async function indexComponent(
	sql: PostgresSql,
	client: pg.PoolClient,
	dataset: Dataset,
	component: Component,
	trainer: TermModelTrainer,
	stride: number,
	advanced: (n: number) => void
): Promise<void> {
	const table = `nl_${dataset}_${component}`;
	const stages = [`${STAGE}_0`, `${STAGE}_1`];
	for (const stage of stages) {
		await client.query(`DROP TABLE IF EXISTS ${stage}`);
		await client.query(`CREATE UNLOGGED TABLE ${stage} (rowid bigint NOT NULL, body text NOT NULL)`);
	}
	await client.query(`TRUNCATE ${table}`);
	await client.query(`DROP INDEX IF EXISTS ${table}_body`);
	// Two stages in turn, so that the two halves of the work overlap on two cores: while the server
	// turns one stage's chunks into tsvectors (on another connection of the pool), this process reads
	// and chunks the next records and copies them into the other stage, all through the load lock's
	// connection (a turn's chunks are read first, then copied: the connection cannot read while it
	// copies). One after the other they took about as long each. The conversions still run one at a
	// time and in order, so the chunk table gets the same rows in the same order.
	let converting: Promise<unknown> = Promise.resolve();
	let after = 0;
	for (let turn = 0, more = true; more; turn++) {
		const stage = stages[turn % 2];
		const pending: unknown[][] = [];
		let staged = 0;
		while (staged < STAGED) {
			const { rows } = await client.query<ChunkSource>(`SELECT ${CHUNK_COLUMNS} FROM records WHERE dataset = $1 AND component = $2 AND id > $3 ORDER BY id LIMIT $4`, [dataset, component, after, BATCH]);
			if (rows.length === 0) {
				more = false;
				break;
			}
			// The facet tokens sit in the chunk's tsvector beside its words (facets.ts).
			for (const row of rows) indexRecord(row, trainer, stride, (rowid, text, facets) => pending.push([rowid, `${text}\n${facets}`]));
			after = rows[rows.length - 1].id;
			staged += rows.length;
		}
		if (pending.length > 0) {
			const copy = copyInto(client, stage, ['rowid', 'body']);
			for (const values of pending) await copy.row(values);
			await copy.end();
		}
		// The other stage's conversion has ended before this one starts (and before that stage is filled again).
		await converting;
		converting = convert(sql, table, stage).then(() => advanced(staged));
		// Observed now, thrown where it is awaited: a failed conversion must not end the process meanwhile.
		converting.catch(() => {});
	}
	await converting;
	for (const stage of stages) await client.query(`DROP TABLE ${stage}`);
	await client.query(`CREATE INDEX ${table}_body ON ${table} USING gin (body)`);
	await client.query(`VACUUM (ANALYZE) ${table}`);
}

/** A stage's chunks as tsvectors in the chunk table; the stage emptied for its next turn. */
async function convert(sql: PostgresSql, table: string, stage: string): Promise<void> {
	await sql.run(`INSERT INTO ${table} (rowid, body) SELECT rowid, to_tsvector('icd_english', body) FROM ${stage}`);
	await sql.run(`TRUNCATE ${stage}`);
}
