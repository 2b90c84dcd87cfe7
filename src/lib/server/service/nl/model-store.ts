// The trained term model and synonym table, loaded from SQLite on first use and kept for the
// life of the process (the records are read-only while the server runs). A rebuilt index has a
// new stamp, which drops the cached copy.
import type { Db } from '../../db/open';
import type { Dataset } from '../../../types/dataset';
import { NL_META_KEY } from './index-build';
import { readMeta } from '../../db/open';
import { DIMENSIONS, TermModel } from './term-model';

interface Loaded {
	stamp: string;
	models: Map<Dataset, TermModel>;
	synonyms: Map<string, string[]>;
}

const cache = new WeakMap<Db, Loaded>();

function load(db: Db): Loaded {
	const stamp = readMeta(db, NL_META_KEY) ?? '';
	const hit = cache.get(db);
	if (hit && hit.stamp === stamp) return hit;
	const chunks = stamp ? (JSON.parse(stamp).chunks as Record<Dataset, number>) : { icd: 0, icdb: 0 };
	const models = new Map<Dataset, TermModel>();
	for (const dataset of ['icd', 'icdb'] as const) {
		const rows = db.prepare('SELECT term, df, vector FROM nl_terms WHERE dataset = ? ORDER BY term').all(dataset) as { term: string; df: number; vector: Buffer }[];
		const vectors = rows.map((r) =>
			r.vector.length === DIMENSIONS * 4 ? new Float32Array(r.vector.buffer.slice(r.vector.byteOffset, r.vector.byteOffset + r.vector.length)) : new Float32Array(DIMENSIONS)
		);
		models.set(dataset, new TermModel(rows.map((r) => r.term), Int32Array.from(rows.map((r) => r.df)), vectors, chunks[dataset] ?? 0));
	}
	const synonyms = new Map<string, string[]>();
	for (const r of db.prepare('SELECT word, synonyms FROM nl_synonyms').all() as { word: string; synonyms: string }[]) synonyms.set(r.word, JSON.parse(r.synonyms));
	const loaded = { stamp, models, synonyms };
	cache.set(db, loaded);
	return loaded;
}

export const termModel = (db: Db, dataset: Dataset): TermModel => load(db).models.get(dataset)!;
export const synonymsOf = (db: Db, word: string): string[] => load(db).synonyms.get(word) ?? [];
