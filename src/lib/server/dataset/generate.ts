// Writes a whole dataset into the database: wipe, bulk insert without secondary indexes,
// fill the four full-text indexes, rebuild the secondary indexes. Memory stays flat whatever
// the size: records are written as they are composed, and a component's plan takes a few
// bytes a record.
import { performance } from 'node:perf_hooks';
import type { Db } from '../db/open';
import { readMeta, writeMeta } from '../db/open';
import { COMPONENTS, DATASETS, type Component, type Dataset, type RecordRow } from '../../types/dataset';
import { loadGazetteer, type Gazetteer } from './gazetteer';
import { ALL_COUNTRIES } from './organisations';
import { planComponent, type ComponentPlan } from './plan';
import type { Progress } from './progress';
import { Random } from './random';
import { RecordComposer } from './records';
import { planTheatre, type Theatre } from './theatre';

export interface GenerateOptions {
	/** Records per component; the dataset holds four times as many. */
	size: number;
	seed: string;
	onProgress?: (p: Progress) => void;
}

export interface GenerateResult {
	records: number;
	mappable: number;
	ms: number;
}

/**
 * Large transactions: every commit rewrites each index page it touched, and uuids land on
 * random pages of their unique index, so with 5,000-row commits a million-row component
 * rewrote most of that index every commit. 50,000 rows measured ~25% faster at 3M rows.
 */
const ROWS_PER_TRANSACTION = 50_000;
const ROWS_PER_PROGRESS = 5_000;
const FTS_ROWS_PER_TRANSACTION = 50_000;
/**
 * FTS5 buffers new terms in memory and writes a segment whenever the buffer fills (1 MB by
 * default); a larger buffer during the bulk fill means far fewer segments to merge later.
 */
const FTS_BULK_HASHSIZE = 64 * 1024 * 1024;
const FTS_DEFAULT_HASHSIZE = 1024 * 1024;
/** Meta key holding the definitions of secondary indexes dropped for a bulk load, until they are back. */
const DROPPED_INDEXES_KEY = 'dataset.dropped_indexes';

/** The records table's columns in the order rows are written (the PostgreSQL loader shares it). */
export const COLUMNS = [
	'id',
	'dataset',
	'component',
	'uuid',
	'primary_id',
	'primary_date',
	'entity',
	'sub_entity',
	'primary_country',
	'second_geo_layer',
	'dominant_lat',
	'dominant_long',
	'mappable',
	'title',
	'summary',
	'report',
	'transcript',
	'visual_analysis',
	'audio_analysis'
] as const;

/** Replaces whatever records the database holds with the dataset for (size, seed). */
export function generateDataset(db: Db, options: GenerateOptions): GenerateResult {
	const started = performance.now();
	const progress = options.onProgress ?? (() => {});
	const total = options.size * DATASETS.length * COMPONENTS.length;

	const gazetteer = loadGazetteer({ countries: ALL_COUNTRIES });
	const theatres = new Map(DATASETS.map((d) => [d, planTheatre(d, options.seed, gazetteer)]));

	const restorePragmas = bulkLoadPragmas(db);
	try {
		wipeRecords(db);
		const indexes = dropSecondaryIndexes(db);
		const written = writeRecords(db, theatres, gazetteer, options);
		fillSearchIndexes(db, written.ranges, total, progress);
		restoreSecondaryIndexes(db, indexes, progress);
		return { records: written.records, mappable: written.mappable, ms: Math.round(performance.now() - started) };
	} finally {
		restorePragmas();
		db.pragma('wal_checkpoint(TRUNCATE)');
	}
}

/**
 * Settings for the duration of a bulk load, so that memory stays flat whatever the size:
 * - checkpoint the WAL every ~64 MB rather than every 4 MB (each checkpoint syncs the file);
 * - read through the page cache, not the memory map, whose pages count as resident memory;
 * - let index builds spill their sort runs to temporary files: in memory (temp_store = MEMORY)
 *   they take hundreds of MB at a million records per component.
 */
function bulkLoadPragmas(db: Db): () => void {
	const saved = ['wal_autocheckpoint', 'mmap_size', 'temp_store'].map((name) => [name, db.pragma(name, { simple: true })] as const);
	db.pragma('wal_autocheckpoint = 16384');
	db.pragma('mmap_size = 0');
	db.pragma('temp_store = FILE');
	return () => {
		for (const [name, value] of saved) db.pragma(`${name} = ${value}`);
	};
}

/** Ids of one component's records: inserted in one run, so contiguous. */
type IdRange = { dataset: Dataset; component: Component; first: number; last: number };

/** Composes and inserts every record, component by component, in chronological order. */
function writeRecords(
	db: Db,
	theatres: Map<Dataset, Theatre>,
	gazetteer: Gazetteer,
	{ size, seed, onProgress }: GenerateOptions
): { records: number; mappable: number; ranges: IdRange[] } {
	const total = size * DATASETS.length * COMPONENTS.length;
	const insert = db.prepare(`INSERT INTO records (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
	let id = 0;
	let mappable = 0;
	// Each record is written as soon as it is composed, so its strings die young instead of
	// being promoted to the old generation while a batch waits.
	const writeBatch = db.transaction((composer: RecordComposer, plan: ComponentPlan, from: number, to: number) => {
		for (let i = from; i < to; i++) {
			const record = composer.compose(plan.days[i], plan.decode(plan.sources[i]));
			mappable += record.mappable;
			insert.run(toRow(++id, record));
			if ((i + 1) % ROWS_PER_PROGRESS === 0 || i === to - 1) onProgress?.({ phase: 'records', done: id, total });
		}
	});

	const ranges: IdRange[] = [];
	for (const dataset of DATASETS) {
		const theatre = theatres.get(dataset)!;
		for (const component of COMPONENTS) {
			const plan = planComponent(theatre, size, new Random(seed, 'plan', dataset, component));
			const composer = new RecordComposer(theatre, gazetteer, component, seed);
			const first = id + 1;
			for (let from = 0; from < size; from += ROWS_PER_TRANSACTION) {
				writeBatch(composer, plan, from, Math.min(size, from + ROWS_PER_TRANSACTION));
			}
			ranges.push({ dataset, component, first, last: id });
		}
	}
	return { records: id, mappable, ranges };
}

export function toRow(id: number, r: RecordRow): unknown[] {
	return [
		id,
		r.dataset,
		r.component,
		r.uuid,
		r.primary_id,
		r.primary_date,
		r.entity,
		r.sub_entity,
		r.primary_country,
		r.second_geo_layer,
		r.dominant_lat,
		r.dominant_long,
		r.mappable,
		r.title,
		r.summary,
		r.report,
		r.transcript,
		r.visual_analysis,
		r.audio_analysis
	];
}

const ftsTable = (dataset: Dataset, component: Component) => `fts_${dataset}_${component}`;

/** Empties records and the four external-content FTS tables, which have no triggers to follow. */
export function wipeRecords(db: Db): void {
	db.transaction(() => {
		for (const d of DATASETS) for (const c of COMPONENTS) db.exec(`INSERT INTO ${ftsTable(d, c)}(${ftsTable(d, c)}) VALUES ('delete-all')`);
		db.exec('DELETE FROM records');
	})();
}

/**
 * Inserting into five B-trees per row is several times slower than building each once from
 * sorted data. The definitions are read from the schema rather than repeated here, and kept in
 * meta until restored, so a crash between drop and restore loses nothing: the next run finds them.
 */
function dropSecondaryIndexes(db: Db): { name: string; sql: string }[] {
	return db.transaction(() => {
		const current = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records' AND sql IS NOT NULL ORDER BY name").all() as {
			name: string;
			sql: string;
		}[];
		const pending = JSON.parse(readMeta(db, DROPPED_INDEXES_KEY) ?? '[]') as { name: string; sql: string }[];
		const all = [...pending.filter((p) => !current.some((c) => c.name === p.name)), ...current];
		writeMeta(db, DROPPED_INDEXES_KEY, JSON.stringify(all));
		for (const index of current) db.exec(`DROP INDEX ${index.name}`);
		return all;
	})();
}

function restoreSecondaryIndexes(db: Db, indexes: { name: string; sql: string }[], progress: (p: Progress) => void): void {
	indexes.forEach((index, i) => {
		progress({ phase: 'indexes', done: i, total: indexes.length });
		db.exec(index.sql.replace(/^CREATE (UNIQUE )?INDEX /i, (m) => `${m}IF NOT EXISTS `));
	});
	db.prepare('DELETE FROM meta WHERE key = ?').run(DROPPED_INDEXES_KEY);
	progress({ phase: 'indexes', done: indexes.length, total: indexes.length });
}

/** Bulk INSERT … SELECT per component, in id-range chunks so progress can be reported. */
function fillSearchIndexes(db: Db, ranges: IdRange[], total: number, progress: (p: Progress) => void): void {
	let done = 0;
	progress({ phase: 'search', done, total });
	for (const { dataset, component, first, last } of ranges) {
		const table = ftsTable(dataset, component);
		const fill = db.prepare(
			`INSERT INTO ${table}(rowid, title, summary, report, transcript)
			 SELECT id, title, summary, report, transcript FROM records WHERE id BETWEEN ? AND ?`
		);
		db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${FTS_BULK_HASHSIZE})`);
		try {
			for (let from = first; from <= last; from += FTS_ROWS_PER_TRANSACTION) {
				const to = Math.min(last, from + FTS_ROWS_PER_TRANSACTION - 1);
				db.transaction(() => fill.run(from, to))();
				done += to - from + 1;
				progress({ phase: 'search', done, total });
			}
		} finally {
			db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', ${FTS_DEFAULT_HASHSIZE})`);
		}
	}
}
