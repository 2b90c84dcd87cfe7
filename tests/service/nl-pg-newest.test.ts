// PostgreSQL's stored bounded lists of common words (src/lib/server/service/nl/pg-newest.ts) give
// natural language search the same lexical lists as reading the matches from the chunk tables.
// Always on PostgreSQL (the lists exist only there), so the postgres project leaves it out.
// The test data is small, so no word passes the real threshold of common (5,000 chunks): the lists
// are stored here for every word in more than a few chunks, and the words are declared common.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, postgresSql, type PostgresSql } from '../../src/lib/server/db/pg-sql';
import { pgBm25List, POSTINGS_PER_WORD } from '../../src/lib/server/service/nl/pg-candidates';
import { storeNewestLists } from '../../src/lib/server/service/nl/pg-newest';
import type { TermStats } from '../../src/lib/server/service/nl/candidates';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let sql: PostgresSql;
const noFilters = { clause: null, facets: null };

beforeAll(async () => {
	server = await startServer({ engine: 'postgres', size: 1500 });
	sql = postgresSql(createPool(server.databaseUrl!, { max: 2, name: 'nl-newest-test' }));
});
afterAll(async () => {
	await sql?.close();
	await server?.stop();
});

/** The model's weights, every word declared common. */
async function allCommon(words: string[]): Promise<TermStats> {
	const rows = await sql.all<{ term: string; df: number }>(
		`SELECT term, df FROM nl_terms WHERE dataset = 'icd' AND term IN (${words.map(() => '?').join(', ')})`,
		words
	);
	const weight = new Map(rows.map((r) => [r.term, Math.log(1 + 10_000 / (r.df + 0.5))]));
	return { docFrequency: () => 1e9, weight: (w) => weight.get(w) ?? 0 };
}

async function store(threshold: number): Promise<number> {
	const client = await sql.pool.connect();
	try {
		await storeNewestLists(sql.pool, client, threshold);
	} finally {
		client.release();
	}
	return (await sql.pluck<number>('SELECT count(*)::int FROM nl_newest')) ?? 0;
}

describe('stored newest matches of common words', () => {
	it('hold each word’s newest matches in rowid order with their ranks, as the question’s own query gives them', async () => {
		// A term that is no single lexeme (a phrase: to_tsquery makes it 'a' <-> 'b') takes the
		// statement of its own; the rest come from one pass over each chunk table (pg-newest.ts).
		const title = await sql.pluck<string>("SELECT title FROM records WHERE dataset = 'icd' AND title ~ '^[A-Za-z]{4,} [A-Za-z]{4,}' ORDER BY id LIMIT 1");
		const phrase = title!.split(' ').slice(0, 2).join(' ').toLowerCase();
		await sql.run("INSERT INTO nl_terms (dataset, term, df, vector) VALUES ('icd', ?, 1000000, '\\x00') ON CONFLICT DO NOTHING", [phrase]);
		try {
			expect(await store(20)).toBeGreaterThan(10);
			const lists = await sql.all<{ component: string; term: string; rowids: string[]; ranks: number[] }>(
				"SELECT component, term, rowids, ranks FROM nl_newest WHERE dataset = 'icd' ORDER BY component, term"
			);
			const terms = await sql.pluck<number>("SELECT count(*)::int FROM nl_terms WHERE dataset = 'icd' AND df > 20");
			expect(lists).toHaveLength(2 * terms!);
			let matched = 0;
			for (const list of lists) {
				const expected = await sql.all<{ rowid: string; rank: number }>(
					`SELECT rowid, ts_rank(body, to_tsquery('icd_english', ?)) AS rank FROM nl_icd_${list.component} WHERE body @@ to_tsquery('icd_english', ?) ORDER BY rowid DESC LIMIT ${POSTINGS_PER_WORD}`,
					[`'${list.term}'`, `'${list.term}'`]
				);
				expect(list.rowids.map(String), list.term).toEqual(expected.map((e) => String(e.rowid)));
				expect(list.ranks, list.term).toEqual(expected.map((e) => e.rank));
				if (list.term === phrase) matched += list.rowids.length;
			}
			// The phrase's record holds it: its list is not empty.
			expect(matched).toBeGreaterThan(0);
		} finally {
			await sql.run("DELETE FROM nl_terms WHERE dataset = 'icd' AND term = ?", [phrase]);
		}
	});

	it('rank the same chunks the same as reading the matches, and the reading is the fallback without them', async () => {
		const words = await sql.column<string>("SELECT term FROM nl_terms WHERE dataset = 'icd' AND df > 20 ORDER BY df DESC, term LIMIT 5");
		expect(words.length).toBe(5);
		const stats = await allCommon(words);
		await store(20);
		const stored = await pgBm25List(sql, 'icd', words, {}, noFilters, 100, stats);
		await sql.run('TRUNCATE nl_newest');
		const read = await pgBm25List(sql, 'icd', words, {}, noFilters, 100, stats);
		expect(stored.length).toBe(100);
		expect(stored).toEqual(read);
	});

	it('are what a question reads when they exist: a list ranked higher moves its chunks first', async () => {
		const words = await sql.column<string>("SELECT term FROM nl_terms WHERE dataset = 'icd' AND df > 20 ORDER BY df DESC, term LIMIT 2");
		const stats = await allCommon(words);
		await store(20);
		const [boosted] = await sql.all<{ rowids: string[] }>("SELECT rowids FROM nl_newest WHERE dataset = 'icd' AND component = 'image' AND term = ?", [
			words[1]
		]);
		await sql.run(
			"UPDATE nl_newest SET ranks = array_fill(1000::real, ARRAY[array_length(rowids, 1)]) WHERE dataset = 'icd' AND component = 'image' AND term = ?",
			[words[1]]
		);
		const hits = await pgBm25List(sql, 'icd', words, {}, noFilters, 10, stats);
		expect(hits.length).toBe(10);
		for (const h of hits) {
			expect(h.component).toBe('image');
			expect(boosted.rowids.map(String)).toContain(String(h.rowid));
		}
	});
});
