// Builds the natural language search index after the dataset: every record's section chunks
// into the per-component FTS5 tables, the term model trained on the same stream, and the
// synonym table. Records are read in id order in bounded batches, so memory stays flat whatever
// the size; the term model trains on an evenly spread sample of at most TRAIN_RECORDS records a
// dataset, because a template-written corpus has said all it has to say long before a million;
// document frequencies are counted on the same sample and scaled.
// Skipped when the stored index was built for the same dataset (size, seed, generator version).
// This file writes SQLite's (FTS5); pg-index-build.ts PostgreSQL's, from the same chunks and model.
import type { Db } from '../../db/open';
import { readMeta, writeMeta } from '../../db/open';
import { readDatasetMeta, type DatasetMeta } from '../../dataset/ensure';
import type { Progress } from '../../dataset/progress';
import { COMPONENTS, DATASETS, type Dataset } from '../../../types/dataset';
import { CHUNK_COLUMNS, chunkRecord, chunkRowid, type ChunkSource } from './chunks';
import { recordFacets } from './facets';
import { TermModelTrainer } from './term-model';
import { terms } from './tokens';
import { firstSenseSynonyms } from './wordnet';

/** Bump when chunking, tokenising, facets or training change. */
export const NL_INDEX_VERSION = 3;
export const NL_META_KEY = 'nl_index';
const TRAIN_RECORDS = 100_000;
export const BATCH = 2_000;
export const PROGRESS_PHASE = 'Building natural language search index';

export interface NlIndexMeta {
	version: number;
	dataset: string;
	chunks: Record<Dataset, number>;
}

/** What an index is built for: the stored dataset, by its meta record. */
export const stampOf = (m: DatasetMeta | undefined) => (m ? `${m.size}/${m.seed}/${m.version}/${m.completedAt}` : null);
const datasetStamp = (db: Db) => stampOf(readDatasetMeta(db));

/** One record a stride trains the term model: an evenly spread sample of at most TRAIN_RECORDS. */
export const sampleStride = (records: number) => Math.max(1, Math.ceil(records / TRAIN_RECORDS));

/**
 * A record's chunks for the index (rowid, text, the record's facet tokens), counted by the trainer,
 * and when the record is in the sample, its terms counted and trained on.
 */
export function indexRecord(row: ChunkSource, trainer: TermModelTrainer, stride: number, emit: (rowid: number, text: string, facets: string) => void): void {
	const sampled = row.id % stride === 0;
	const recordTerms = new Set<string>();
	const facets = recordFacets(row);
	for (const chunk of chunkRecord(row)) {
		emit(chunkRowid(row.id, chunk.section), chunk.text, facets);
		trainer.chunks++;
		// Tokenising is most of the cost of a build; outside the sample only the index reads the text.
		if (!sampled) continue;
		const chunkTerms = new Set(terms(chunk.text));
		trainer.count(chunkTerms);
		for (const t of chunkTerms) recordTerms.add(t);
	}
	if (sampled) trainer.train(row.uuid, recordTerms);
}

/** The term model's rows: document frequencies counted on the sample and scaled to the whole dataset. */
export function* termRows(trainer: TermModelTrainer): Generator<[term: string, df: number, vector: Buffer]> {
	const scale = trainer.sampledChunks > 0 ? trainer.chunks / trainer.sampledChunks : 1;
	const empty = Buffer.alloc(0);
	for (const [term, df] of trainer.df) {
		const v = trainer.vectors.get(term);
		yield [term, Math.max(1, Math.round(df * scale)), v ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : empty];
	}
}

export function readNlMeta(db: Db): NlIndexMeta | undefined {
	const raw = readMeta(db, NL_META_KEY);
	return raw ? (JSON.parse(raw) as NlIndexMeta) : undefined;
}

/** Returns whether it built. */
export function ensureNlIndex(db: Db, onProgress: (p: Progress) => void = () => {}): boolean {
	const stamp = datasetStamp(db);
	if (!stamp) return false;
	const meta = readNlMeta(db);
	if (meta && meta.version === NL_INDEX_VERSION && meta.dataset === stamp) return false;
	db.prepare('DELETE FROM meta WHERE key = ?').run(NL_META_KEY);
	// The stored lists of common words (newest.ts) belong to the index being replaced.
	db.exec('DELETE FROM nl_newest');

	// Read through the page cache rather than the memory map, whose pages count as resident
	// memory: a build reads the whole records table once (as the generator does, see generate.ts).
	const mmap = db.pragma('mmap_size', { simple: true });
	db.pragma('mmap_size = 0');
	try {
		build(db, stamp, onProgress);
	} finally {
		db.pragma(`mmap_size = ${mmap}`);
	}
	return true;
}

function build(db: Db, stamp: string, onProgress: (p: Progress) => void): void {
	const total = db.prepare('SELECT count(*) FROM records').pluck().get() as number;
	const progress = { done: 0, total };
	onProgress({ phase: PROGRESS_PHASE, ...progress });
	const vocabulary = new Set<string>();
	const chunks = {} as Record<Dataset, number>;
	for (const dataset of DATASETS) {
		const trainer = new TermModelTrainer();
		const records = db.prepare('SELECT count(*) FROM records WHERE dataset = ?').pluck().get(dataset) as number;
		const stride = sampleStride(records);
		for (const component of COMPONENTS) {
			indexComponent(db, dataset, component, trainer, stride, (n) => {
				progress.done += n;
				onProgress({ phase: PROGRESS_PHASE, ...progress });
			});
		}
		writeTerms(db, dataset, trainer);
		for (const t of trainer.df.keys()) vocabulary.add(t);
		chunks[dataset] = trainer.chunks;
	}
	writeSynonyms(
		db,
		firstSenseSynonyms((w) => vocabulary.has(w))
	);
	const done: NlIndexMeta = { version: NL_INDEX_VERSION, dataset: stamp, chunks };
	writeMeta(db, NL_META_KEY, JSON.stringify(done));
}

function indexComponent(db: Db, dataset: Dataset, component: string, trainer: TermModelTrainer, stride: number, advanced: (n: number) => void): void {
	const table = `nl_${dataset}_${component}`;
	db.exec(`INSERT INTO ${table}(${table}) VALUES ('delete-all')`);
	db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${64 * 1024 * 1024})`);
	const read = db.prepare(`SELECT ${CHUNK_COLUMNS} FROM records WHERE dataset = ? AND component = ? AND id > ? ORDER BY id LIMIT ?`);
	const insert = db.prepare(`INSERT INTO ${table}(rowid, body, facets) VALUES (?, ?, ?)`);
	const write = db.transaction((rows: ChunkSource[]) => {
		for (const row of rows) indexRecord(row, trainer, stride, (rowid, text, facets) => insert.run(rowid, text, facets));
	});
	let after = 0;
	for (;;) {
		const rows = read.all(dataset, component, after, BATCH) as ChunkSource[];
		if (rows.length === 0) break;
		write(rows);
		after = rows[rows.length - 1].id;
		advanced(rows.length);
	}
	db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${1024 * 1024})`);
	// One merged segment per table: queries then read one posting list per term, not dozens.
	db.exec(`INSERT INTO ${table}(${table}) VALUES ('optimize')`);
}

function writeTerms(db: Db, dataset: Dataset, trainer: TermModelTrainer): void {
	const insert = db.prepare('INSERT INTO nl_terms (dataset, term, df, vector) VALUES (?, ?, ?, ?)');
	db.transaction(() => {
		db.prepare('DELETE FROM nl_terms WHERE dataset = ?').run(dataset);
		for (const row of termRows(trainer)) insert.run(dataset, ...row);
	})();
}

function writeSynonyms(db: Db, synonyms: Map<string, string[]>): void {
	const insert = db.prepare('INSERT INTO nl_synonyms (word, synonyms) VALUES (?, ?)');
	db.transaction(() => {
		db.exec('DELETE FROM nl_synonyms');
		for (const [word, list] of synonyms) insert.run(word, JSON.stringify(list));
	})();
}
