// Start-up entry point: keep a complete dataset that matches the settings, regenerate otherwise.
// "Complete" is recorded only after the last step, so a run killed halfway is redone next time.
import type { Db } from '../db/open';
import { readMeta, writeMeta } from '../db/open';
import { generateDataset, type GenerateOptions } from './generate';

/** Bump whenever the generator's output for a given (size, seed) changes. */
export const GENERATOR_VERSION = 2;

export const DATASET_META_KEY = 'dataset';

export interface DatasetMeta {
	size: number;
	seed: string;
	version: number;
	records: number;
	completedAt: string;
}

export function readDatasetMeta(db: Db): DatasetMeta | undefined {
	const raw = readMeta(db, DATASET_META_KEY);
	if (!raw) return undefined;
	try {
		return JSON.parse(raw) as DatasetMeta;
	} catch {
		return undefined;
	}
}

/** Marks the stored dataset as not to be trusted, so the next ensureDataset regenerates it. */
export function forgetDataset(db: Db): void {
	db.prepare('DELETE FROM meta WHERE key = ?').run(DATASET_META_KEY);
}

/**
 * Generates unless the db already holds a complete dataset for the same (size, seed, generator
 * version); otherwise wipes records and search indexes and regenerates. Returns whether it generated.
 */
export function ensureDataset(db: Db, options: GenerateOptions): boolean {
	const meta = readDatasetMeta(db);
	if (meta && meta.size === options.size && meta.seed === options.seed && meta.version === GENERATOR_VERSION) {
		return false;
	}
	forgetDataset(db);
	const result = generateDataset(db, options);
	const complete: DatasetMeta = {
		size: options.size,
		seed: options.seed,
		version: GENERATOR_VERSION,
		records: result.records,
		completedAt: new Date().toISOString()
	};
	writeMeta(db, DATASET_META_KEY, JSON.stringify(complete));
	return true;
}
