// The trained term model and synonym table, loaded from the database on first use and kept for
// the life of the process (the records are read-only while the server runs). A rebuilt index has
// a new stamp, which drops the cached copy.
import type { Sql } from '../../db/sql';
import type { Dataset } from '../../../types/dataset';
import { NL_META_KEY } from './index-build';
import { DIMENSIONS, TermModel } from './term-model';

export interface NlModel {
	stamp: string;
	models: Map<Dataset, TermModel>;
	synonyms: Map<string, string[]>;
}

const cache = new WeakMap<Sql, Promise<NlModel>>();

async function load(sql: Sql, stamp: string): Promise<NlModel> {
	const chunks = stamp ? (JSON.parse(stamp).chunks as Record<Dataset, number>) : { icd: 0, icdb: 0 };
	const models = new Map<Dataset, TermModel>();
	for (const dataset of ['icd', 'icdb'] as const) {
		const rows = await sql.all<{ term: string; df: number; vector: Buffer }>('SELECT term, df, vector FROM nl_terms WHERE dataset = ? ORDER BY term', [
			dataset
		]);
		const vectors = rows.map((r) =>
			r.vector.length === DIMENSIONS * 4
				? new Float32Array(r.vector.buffer.slice(r.vector.byteOffset, r.vector.byteOffset + r.vector.length))
				: new Float32Array(DIMENSIONS)
		);
		models.set(
			dataset,
			new TermModel(
				rows.map((r) => r.term),
				Int32Array.from(rows.map((r) => r.df)),
				vectors,
				chunks[dataset] ?? 0
			)
		);
	}
	const synonyms = new Map<string, string[]>();
	for (const r of await sql.all<{ word: string; synonyms: string }>('SELECT word, synonyms FROM nl_synonyms')) synonyms.set(r.word, JSON.parse(r.synonyms));
	return { stamp, models, synonyms };
}

/** The term models of both datasets and the synonyms, as the index was last built. */
export async function nlModel(sql: Sql): Promise<NlModel> {
	const stamp = (await sql.pluck<string>('SELECT value FROM meta WHERE key = ?', [NL_META_KEY])) ?? '';
	const hit = cache.get(sql);
	if (hit && (await hit).stamp === stamp) return hit;
	const loading = load(sql, stamp);
	cache.set(sql, loading);
	loading.catch(() => cache.delete(sql));
	return loading;
}

export const termModel = async (sql: Sql, dataset: Dataset): Promise<TermModel> => (await nlModel(sql)).models.get(dataset)!;
