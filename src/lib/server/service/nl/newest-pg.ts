// The bounded lists of PostgreSQL's common words, stored. A word in more chunks than
// FULL_SCORING_POSTINGS contributes only its newest POSTINGS_PER_WORD matches to an unfiltered list
// (candidates-pg.ts), as on SQLite. FTS5 reads those straight off the word's doclist, in rowid
// order; a GIN posting list has no order, so PostgreSQL either walked the chunk table's primary
// key backwards testing every chunk's tsvector (93,000 chunks for 2,000 matches of "training" at
// 100,000 records per component), or read every match. Either cost 80-90 ms per word and
// component, and up to seconds for the rarer common words, at every question
// (docs/benchmarks.md). The lists depend only on the data, so they are stored once here, after the
// NL index, one row per dataset, component and common word (the matches' rowids and ts_ranks);
// a question reads one row per common word.
import type pg from 'pg';
import { COMPONENTS, DATASETS } from '../../../types/dataset';
import { readMetaValue } from '../../db/meta';
import type { PostgresSql } from '../../db/postgres';
import { spreadOver, type LoadStatement } from '../../db/pg-spread';
import { withLoadLock } from '../../dataset/postgres';
import type { Progress } from '../../dataset/progress';
import { TS_CONFIG } from '../records/keyword';
import { NL_META_KEY } from './index-build';
import { FULL_SCORING_POSTINGS, POSTINGS_PER_WORD, quoted } from './candidates-pg';

const META_KEY = 'nl_newest';
/** Bump when what a stored list holds changes. */
const VERSION = 1;
const PHASE = 'Storing the newest matches of common words';

/** Built for the NL index in place (its meta, which names its version and dataset); nothing to do without one. */
async function built(sql: PostgresSql): Promise<{ nl: string | null; built: boolean }> {
	const nl = (await readMetaValue(sql, NL_META_KEY)) ?? null;
	const raw = await readMetaValue(sql, META_KEY);
	const meta = raw ? (JSON.parse(raw) as { version: number; nl: string }) : undefined;
	return { nl, built: nl === null || (meta?.version === VERSION && meta.nl === nl) };
}

/** Stores the lists when the data has none for its NL index; returns whether it did. */
export async function ensureNewestLists(sql: PostgresSql, onProgress: (p: Progress) => void = () => {}): Promise<boolean> {
	if ((await built(sql)).built) return false;
	return withLoadLock(sql.pool, async (client) => {
		const { nl, built: done } = await built(sql);
		if (done) return false;
		await client.query('DELETE FROM meta WHERE key = $1', [META_KEY]);
		await storeNewestLists(sql.pool, client, FULL_SCORING_POSTINGS, onProgress);
		await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [META_KEY, JSON.stringify({ version: VERSION, nl })]);
		return true;
	});
}

/** Replaces the lists with those of every term in more than `threshold` chunks (nl_terms' df), one word per statement, over two connections. */
export async function storeNewestLists(pool: pg.Pool, client: pg.PoolClient, threshold: number, onProgress: (p: Progress) => void = () => {}): Promise<void> {
	await client.query('TRUNCATE nl_newest');
	const common = (await client.query<{ dataset: string; term: string; df: number }>('SELECT dataset, term, df FROM nl_terms WHERE df > $1 ORDER BY dataset, term', [threshold])).rows;
	const statements: LoadStatement[] = [];
	for (const dataset of DATASETS) {
		const terms = common.filter((c) => c.dataset === dataset);
		for (const component of COMPONENTS) {
			const table = `nl_${dataset}_${component}`;
			const chunks = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
			for (const { term, df } of terms) {
				// The same matches as the question's query; of the two ways to the newest, the one
				// that reads fewer rows: backwards along the key reads about POSTINGS_PER_WORD /
				// density chunks, the GIN index every match. (df is the dataset's, over both components.)
				const perComponent = Math.max(1, df / COMPONENTS.length);
				const backwards = (POSTINGS_PER_WORD * chunks) / perComponent < perComponent;
				const order = backwards ? 'rowid DESC' : 'rowid + 0 DESC';
				// With each match its ts_rank for the word (a real, stored exactly): a question then
				// reads no chunk at all for its common words.
				statements.push({
					text: `INSERT INTO nl_newest (dataset, component, term, rowids, ranks)
					 SELECT $1, $2, $3, coalesce(array_agg(m.rowid ORDER BY m.rowid DESC), '{}'), coalesce(array_agg(ts_rank(c.body, to_tsquery(${TS_CONFIG}, $4)) ORDER BY m.rowid DESC), '{}')
					 FROM (SELECT rowid FROM ${table} WHERE body @@ to_tsquery(${TS_CONFIG}, $4) ORDER BY ${order} LIMIT ${POSTINGS_PER_WORD}) m JOIN ${table} c ON c.rowid = m.rowid`,
					values: [dataset, component, term, quoted(term)]
				});
			}
		}
	}
	const progress = { phase: PHASE, done: 0, total: statements.length };
	onProgress(progress);
	await spreadOver(pool, client, statements, () => {
		progress.done++;
		onProgress(progress);
	});
}
