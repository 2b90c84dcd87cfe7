// The bounded lists of SQLite's common words, stored. A question whose words are in many chunks
// ranks the newest POSTINGS_PER_WORD matches of each word (candidates.ts boundedList). FTS5 reads
// one such list in 0.7-1.2 ms at a million records per component, but a question reads one a word
// of its exact, synonym and latent lists in each component: about twenty, 13 ms of its 45 ms
// (docs/benchmarks.md). The lists depend only on the data, so they are stored once, after the NL
// index, one row a dataset, component and word in more than POSTINGS_PER_WORD chunks: the rowids
// FTS5 gives, newest first, as little-endian 32-bit integers. A question then reads one short row
// a word. A word without a stored list (rarer, or an index built before the lists) is read from
// FTS5 as before, never skipped. (PostgreSQL: pg-newest.ts.)
import type { Db } from '../../db/open';
import { readMeta, writeMeta } from '../../db/open';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../../../types/dataset';
import type { Progress } from '../../dataset/progress';
import { NL_META_KEY } from './index-build';

/** Matches of a common word that an unfiltered bounded list ranks. */
export const POSTINGS_PER_WORD = 2_000;
export const NEWEST_PHASE = 'Storing the newest matches of common words';
const META_KEY = 'nl_newest';
/** Bump when what a stored list holds changes. */
const VERSION = 1;
const BYTES_PER_ROWID = 4;
const MAX_STORED_ROWID = 0xffff_ffff;

/** One word as an FTS5 phrase: the list of a stored word is exactly what this matches. */
export const wordPhrase = (word: string) => `"${word.replace(/"/g, '')}"`;

/** The newest rowids of `word` in one component's index, newest first: FTS5's answer to the bounded read, and what a stored list holds. */
export function readNewest(db: Db, dataset: Dataset, component: Component): (word: string) => number[] {
	const table = `nl_${dataset}_${component}`;
	const read = db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ${POSTINGS_PER_WORD}`).pluck();
	return (word) => read.all(wordPhrase(word)) as number[];
}

/** Stores the lists when the NL index in place has none; returns whether it did. */
export function ensureNewestLists(db: Db, onProgress: (p: Progress) => void = () => {}): boolean {
	const nl = readMeta(db, NL_META_KEY);
	if (nl === undefined) return false;
	const raw = readMeta(db, META_KEY);
	const meta = raw ? (JSON.parse(raw) as { version: number; nl: string }) : undefined;
	if (meta?.version === VERSION && meta.nl === nl) return false;
	db.prepare('DELETE FROM meta WHERE key = ?').run(META_KEY);
	storeNewestLists(db, POSTINGS_PER_WORD, onProgress);
	writeMeta(db, META_KEY, JSON.stringify({ version: VERSION, nl }));
	return true;
}

/** Replaces the lists with those of every word in more than `threshold` chunks of its dataset (nl_terms' df). */
export function storeNewestLists(db: Db, threshold: number, onProgress: (p: Progress) => void = () => {}): void {
	db.exec('DELETE FROM nl_newest');
	const common = db.prepare('SELECT dataset, term FROM nl_terms WHERE df > ? ORDER BY dataset, term').all(threshold) as { dataset: Dataset; term: string }[];
	const progress = { phase: NEWEST_PHASE, done: 0, total: common.length * COMPONENTS.length };
	onProgress(progress);
	const insert = db.prepare('INSERT INTO nl_newest (dataset, component, term, rowids) VALUES (?, ?, ?, ?)');
	for (const dataset of DATASETS) {
		const terms = common.filter((c) => c.dataset === dataset).map((c) => c.term);
		for (const component of COMPONENTS) {
			const newest = readNewest(db, dataset, component);
			const write = db.transaction((batch: string[]) => {
				for (const term of batch) {
					const rowids = newest(term);
					// Past 32 bits (over 500 million records) the word stays with FTS5.
					if (rowids.some((r) => r > MAX_STORED_ROWID)) continue;
					const bytes = Buffer.allocUnsafe(rowids.length * BYTES_PER_ROWID);
					rowids.forEach((r, i) => bytes.writeUInt32LE(r, i * BYTES_PER_ROWID));
					insert.run(dataset, component, term, bytes);
				}
			});
			for (let i = 0; i < terms.length; i += 200) {
				const batch = terms.slice(i, i + 200);
				write(batch);
				progress.done += batch.length;
				onProgress(progress);
			}
		}
	}
}

const statements = new WeakMap<Db, (dataset: Dataset, component: Component, word: string) => Uint32Array | undefined>();

/** The stored list of a word in one component, newest first, or undefined when it has none and FTS5 is to be read. */
export function storedNewest(db: Db): (dataset: Dataset, component: Component, word: string) => Uint32Array | undefined {
	let read = statements.get(db);
	if (!read) {
		const get = db.prepare('SELECT rowids FROM nl_newest WHERE dataset = ? AND component = ? AND term = ?').pluck();
		read = (dataset, component, word) => {
			const bytes = get.get(dataset, component, word) as Buffer | undefined;
			if (!bytes) return undefined;
			const rowids = new Uint32Array(bytes.length / BYTES_PER_ROWID);
			for (let i = 0; i < rowids.length; i++) rowids[i] = bytes.readUInt32LE(i * BYTES_PER_ROWID);
			return rowids;
		};
		statements.set(db, read);
	}
	return read;
}
