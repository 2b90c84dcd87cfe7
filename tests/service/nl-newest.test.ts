// SQLite's stored bounded lists of common words (src/lib/server/service/nl/newest.ts) give natural
// language search the same lexical lists as reading each word's newest matches from FTS5, and the
// bounded list ranks exactly as summing each word's idf over its matches would. SQLite only (the
// postgres project leaves it out; PostgreSQL's lists: nl-pg-newest.test.ts). The test data is small,
// so few words pass the real threshold (POSTINGS_PER_WORD chunks): lists are stored here for every
// word in more than a few chunks, and the words are declared common so that the bounded path runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, readMeta, writeMeta, type Db } from '../../src/lib/server/db/open';
import { bm25List, type TermStats } from '../../src/lib/server/service/nl/candidates';
import { tieOrder } from '../../src/lib/server/service/nl/chunks';
import { ensureNewestLists, POSTINGS_PER_WORD, storeNewestLists, storedNewest } from '../../src/lib/server/service/nl/newest';
import { NL_META_KEY } from '../../src/lib/server/service/nl/index-build';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let db: Db;
const noFilters = { clause: null, facets: null };

beforeAll(async () => {
	server = await startServer({ engine: 'sqlite', size: 1500 });
	db = openDatabase(server.dataDir);
});
afterAll(async () => {
	db?.close();
	await server?.stop();
});

/** The model's weights, every word declared common (so a list of them is bounded). */
function allCommon(words: string[]): TermStats {
	const rows = db.prepare(`SELECT term, df FROM nl_terms WHERE dataset = 'icd' AND term IN (${words.map(() => '?').join(', ')})`).all(...words) as {
		term: string;
		df: number;
	}[];
	const weight = new Map(rows.map((r) => [r.term, Math.log(1 + 10_000 / (r.df + 0.5))]));
	return { docFrequency: () => 1e9, weight: (w) => weight.get(w) ?? 0 };
}

const fts5Newest = (component: string, word: string) =>
	db
		.prepare(`SELECT rowid FROM nl_icd_${component} WHERE nl_icd_${component} MATCH ? ORDER BY rowid DESC LIMIT ${POSTINGS_PER_WORD}`)
		.pluck()
		.all(`"${word}"`) as number[];
const commonWords = (n: number) =>
	db.prepare("SELECT term FROM nl_terms WHERE dataset = 'icd' AND df > 20 ORDER BY df DESC, term LIMIT ?").pluck().all(n) as string[];

describe('stored newest matches of common words (SQLite)', () => {
	it('are stored by the server at start, once for the NL index in place, and again when the index changes', () => {
		// At 1,500 records some words are in more than POSTINGS_PER_WORD chunks: the server stored their lists.
		const stored = db.prepare('SELECT count(*) FROM nl_newest').pluck().get() as number;
		const words = db.prepare(`SELECT count(*) FROM nl_terms WHERE df > ${POSTINGS_PER_WORD}`).pluck().get() as number;
		expect(words).toBeGreaterThan(0);
		expect(stored).toBe(2 * words);
		expect(JSON.parse(readMeta(db, 'nl_newest')!)).toEqual({ version: 1, nl: readMeta(db, NL_META_KEY) });
		expect(ensureNewestLists(db)).toBe(false);
		const nl = readMeta(db, NL_META_KEY)!;
		writeMeta(db, NL_META_KEY, JSON.stringify({ ...JSON.parse(nl), chunks: { icd: 1, icdb: 1 } }));
		try {
			expect(ensureNewestLists(db)).toBe(true);
			expect(db.prepare('SELECT count(*) FROM nl_newest').pluck().get()).toBe(stored);
		} finally {
			writeMeta(db, NL_META_KEY, nl);
			ensureNewestLists(db);
		}
	});

	it('hold each word’s newest matches in rowid order, as FTS5 gives them', () => {
		storeNewestLists(db, 20);
		const lists = db.prepare("SELECT component, term FROM nl_newest WHERE dataset = 'icd' ORDER BY length(rowids) DESC LIMIT 6").all() as {
			component: 'video' | 'image';
			term: string;
		}[];
		expect(lists.length).toBe(6);
		for (const { component, term } of lists) {
			const expected = fts5Newest(component, term);
			expect(expected.length).toBeGreaterThan(0);
			expect([...storedNewest(db)('icd', component, term)!]).toEqual(expected);
		}
	});

	it('rank the same chunks as reading FTS5, which is the fallback without them, and as summing each word’s idf', () => {
		const words = commonWords(5);
		expect(words.length).toBe(5);
		// A word twice counts twice, as before.
		const asked = [...words, words[0]];
		const stats = allCommon(asked);
		storeNewestLists(db, 20);
		const stored = bm25List(db, 'icd', asked, {}, noFilters, 100, stats);
		db.exec('DELETE FROM nl_newest');
		const read = bm25List(db, 'icd', asked, {}, noFilters, 100, stats);
		expect(stored.length).toBe(100);
		expect(stored).toEqual(read);

		// The reference: every word's newest matches in each component, each chunk scored by the sum of its words' idf.
		const score = new Map<number, { component: string; score: number }>();
		for (const component of ['video', 'image']) {
			for (const w of asked) {
				for (const rowid of fts5Newest(component, w)) score.set(rowid, { component, score: (score.get(rowid)?.score ?? 0) + stats.weight(w) });
			}
		}
		const expected = [...score]
			.sort(([a, x], [b, y]) => y.score - x.score || tieOrder(a) - tieOrder(b))
			.slice(0, 100)
			.map(([rowid, { component }]) => ({ rowid, component }));
		expect(read).toEqual(expected);
		storeNewestLists(db, POSTINGS_PER_WORD);
	});

	it('are what a question reads when they exist', () => {
		const [word] = commonWords(1);
		const stats = allCommon([word]);
		storeNewestLists(db, 20);
		const image = fts5Newest('image', word);
		expect(image.length).toBeGreaterThan(3);
		// The video list of the word replaced by three of its image matches: only those can come back.
		const three = image.slice(0, 3);
		const bytes = Buffer.alloc(12);
		three.forEach((r, i) => bytes.writeUInt32LE(r, 4 * i));
		db.prepare("UPDATE nl_newest SET rowids = ? WHERE dataset = 'icd' AND component = 'video' AND term = ?").run(bytes, word);
		db.prepare("UPDATE nl_newest SET rowids = x'' WHERE dataset = 'icd' AND component = 'image' AND term = ?").run(word);
		const hits = bm25List(db, 'icd', [word], {}, noFilters, 10, stats);
		expect(hits.map((h) => h.rowid).sort()).toEqual([...three].sort());
		expect(new Set(hits.map((h) => h.component))).toEqual(new Set(['video']));
		storeNewestLists(db, POSTINGS_PER_WORD);
	});
});
