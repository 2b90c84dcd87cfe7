// The bounded lists of PostgreSQL's common words, stored. A word in more chunks than
// FULL_SCORING_POSTINGS contributes only its newest POSTINGS_PER_WORD matches to an unfiltered list
// (pg-candidates.ts), as on SQLite. FTS5 reads those straight off the word's doclist, in rowid
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
import type { PostgresSql } from '../../db/pg-sql';
import { spreadOver, type LoadStatement } from '../../db/pg-spread';
import { withLoadLock } from '../../dataset/pg-generate';
import type { Progress } from '../../dataset/progress';
import { TS_CONFIG } from '../records/keyword';
import { NL_META_KEY } from './index-build';
import { FULL_SCORING_POSTINGS, POSTINGS_PER_WORD, quoted } from './pg-candidates';

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
		await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
			META_KEY,
			JSON.stringify({ version: VERSION, nl })
		]);
		return true;
	});
}

/**
 * Replaces the lists with those of every term in more than `threshold` chunks (nl_terms' df).
 *
 * A term whose query is one plain lexeme (nearly all) matches exactly the chunks whose tsvector
 * holds that lexeme, so the lists of all of a component's such terms come from one statement over
 * its chunk table (onePass): the newest POSTINGS_PER_WORD chunks holding each lexeme, and only
 * those chunks read again for their ts_rank. One statement
 * per term instead read every match through the GIN index (or walked the key backwards) per word:
 * at 1,000,000 records per component 7,522 statements, the slowest seconds each on a cold cache,
 * about half an hour of the first load (docs/benchmarks.md). A term whose query is anything else
 * (a stop word, several lexemes) keeps its own statement, which asks the question's query itself.
 * The four components' passes and those statements go over two connections.
 */
export async function storeNewestLists(pool: pg.Pool, client: pg.PoolClient, threshold: number, onProgress: (p: Progress) => void = () => {}): Promise<void> {
	await client.query('TRUNCATE nl_newest');
	const common = (await client.query<{ dataset: string; term: string }>('SELECT dataset, term FROM nl_terms WHERE df > $1 ORDER BY dataset, term', [threshold]))
		.rows;
	const passes: LoadStatement[] = [];
	const singles: LoadStatement[] = [];
	for (const dataset of DATASETS) {
		const terms = common.filter((c) => c.dataset === dataset).map((c) => c.term);
		const lexemes = await singleLexemes(client, terms);
		const plain = terms.filter((t) => lexemes.has(t));
		for (const component of COMPONENTS) {
			const table = `nl_${dataset}_${component}`;
			if (plain.length > 0) passes.push({ text: onePass(table), values: [dataset, component, plain, plain.map((t) => lexemes.get(t)), plain.map(quoted)] });
			for (const term of terms) if (!lexemes.has(term)) singles.push({ text: oneTerm(table), values: [dataset, component, term, quoted(term)] });
		}
	}
	const statements = [...passes, ...singles];
	const progress = { phase: PHASE, done: 0, total: statements.length };
	onProgress(progress);
	await spreadOver(pool, client, statements, () => {
		progress.done++;
		onProgress(progress);
	});
}

/**
 * The terms whose query (to_tsquery of the quoted term, as a question asks it) is one plain
 * lexeme, with that lexeme. Read off the query's text, `'lexeme'`, only when the lexeme holds no
 * quote or backslash (which the text would escape); any other term is left out.
 */
async function singleLexemes(client: pg.PoolClient, terms: string[]): Promise<Map<string, string>> {
	const rows = (
		await client.query<{ term: string; lexeme: string }>(
			`SELECT term, lexeme FROM (
				SELECT t.term, q, substr(q::text, 2, length(q::text) - 2) AS lexeme
				FROM unnest($1::text[], $2::text[]) AS t(term, query), to_tsquery(${TS_CONFIG}, t.query) AS q
			 ) resolved
			 -- chr(39) a quote, chr(92) a backslash
			 WHERE numnode(q) = 1 AND q::text = chr(39) || lexeme || chr(39) AND strpos(lexeme, chr(39)) = 0 AND strpos(lexeme, chr(92)) = 0`,
			[terms, terms.map(quoted)]
		)
	).rows;
	return new Map(rows.map((r) => [r.term, r.lexeme]));
}

/** Rowid ranges a pass counts matches in (onePass): the counts' hash table stays within work_mem. */
const BUCKETS = 200;

/**
 * One component's lists of plain-lexeme terms in one statement. Parameters: dataset, component,
 * then the terms, their lexemes and their quoted queries (arrays in the same order). A term
 * without matches gets empty lists, as the statement per term gives.
 *
 * Numbering every match of every lexeme newest first would sort all of them (at 1M records per
 * component over 100 million, spilled to disk: 380 s for one table). Instead a first scan counts
 * each lexeme's matches per range of rowids (a hash aggregate, no sort); from the newest range
 * back, the ranges a lexeme needs are those before its POSTINGS_PER_WORD-th match is reached. The
 * second scan numbers only the matches within them, the same newest matches, a few thousand per
 * lexeme.
 */
const onePass = (table: string) => `
	WITH wanted AS (SELECT * FROM unnest($3::text[], $4::text[], $5::text[]) AS w(term, lexeme, query)),
	size AS (SELECT coalesce(max(rowid), 0) / ${BUCKETS} + 1 AS rows FROM ${table}),
	counts AS (
		SELECT l.lexeme, c.rowid / (SELECT rows FROM size) AS bucket, count(*) AS n
		FROM ${table} c CROSS JOIN LATERAL unnest(c.body) AS l
		WHERE l.lexeme IN (SELECT lexeme FROM wanted)
		GROUP BY 1, 2
	),
	cutoffs AS (
		SELECT lexeme, min(bucket) * (SELECT rows FROM size) AS first_rowid FROM (
			SELECT lexeme, bucket, n, sum(n) OVER (PARTITION BY lexeme ORDER BY bucket DESC) AS newer FROM counts
		) cumulative
		WHERE newer - n < ${POSTINGS_PER_WORD}
		GROUP BY lexeme
	),
	newest AS (
		SELECT lexeme, rowid FROM (
			SELECT l.lexeme, c.rowid, row_number() OVER (PARTITION BY l.lexeme ORDER BY c.rowid DESC) AS n
			FROM ${table} c CROSS JOIN LATERAL unnest(c.body) AS l JOIN cutoffs k ON k.lexeme = l.lexeme
			WHERE c.rowid >= (SELECT min(first_rowid) FROM cutoffs) AND c.rowid >= k.first_rowid
		) numbered
		WHERE n <= ${POSTINGS_PER_WORD}
	)
	INSERT INTO nl_newest (dataset, component, term, rowids, ranks)
	SELECT $1, $2, w.term,
		coalesce(array_agg(c.rowid ORDER BY c.rowid DESC) FILTER (WHERE c.rowid IS NOT NULL), '{}'),
		coalesce(array_agg(ts_rank(c.body, to_tsquery(${TS_CONFIG}, w.query)) ORDER BY c.rowid DESC) FILTER (WHERE c.rowid IS NOT NULL), '{}')
	FROM wanted w LEFT JOIN newest n ON n.lexeme = w.lexeme LEFT JOIN ${table} c ON c.rowid = n.rowid
	GROUP BY w.term`;

/**
 * One term's list, by the question's own query. Parameters: dataset, component, term, its quoted
 * query. Of the two ways to the newest matches, the planner is left the GIN index (rowid + 0 keeps
 * it off the key's order): these are the few terms that are not one lexeme.
 */
const oneTerm = (table: string) => `
	INSERT INTO nl_newest (dataset, component, term, rowids, ranks)
	SELECT $1, $2, $3, coalesce(array_agg(m.rowid ORDER BY m.rowid DESC), '{}'), coalesce(array_agg(ts_rank(c.body, to_tsquery(${TS_CONFIG}, $4)) ORDER BY m.rowid DESC), '{}')
	FROM (SELECT rowid FROM ${table} WHERE body @@ to_tsquery(${TS_CONFIG}, $4) ORDER BY rowid + 0 DESC LIMIT ${POSTINGS_PER_WORD}) m JOIN ${table} c ON c.rowid = m.rowid`;
