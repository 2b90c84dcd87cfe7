// First-start work: bring the schema up to date, generate the synthetic dataset once (with a
// progress line), build the natural language index, then reuse them. On PostgreSQL every step
// takes a lock in the database, so instances that start at once do each step once.
import { ensureDataset, formatProgress, type GenerateOptions } from './dataset';
import type { Runtime } from './runtime';
import { forgetCanonicalValues } from './service/records/scope';
import { forgetCounts } from './service/records/count-cache';
import { forgetPassingRecords } from './service/nl/passing-records';
import { progressLine } from './progress';
import { ensureNlIndex } from './service/nl/index-build';
import { ensureNewestLists } from './service/nl/newest';
import { purgeExpiredConversations } from './service/genai/conversations';
import { forgetLexicons, lexicon } from './service/question/lexicon';
import { ensureLocalKey } from './service/auth/local-key';
import { migratePostgres } from './db/pg-migrations';
import type { PostgresSql } from './db/pg-sql';
import { ensurePostgresDataset } from './dataset/pg-generate';
import { ensurePgNlIndex } from './service/nl/pg-index-build';
import { DATASETS } from '../types/dataset';

/** The records and both search indexes, as the settings ask; returns whether the records were (re)generated. */
async function prepareData(rt: Runtime): Promise<boolean> {
	const line = progressLine(process.stderr);
	const options: GenerateOptions = { size: rt.settings.datasetSize, seed: rt.settings.datasetSeed, onProgress: (p) => line.update(formatProgress(p)) };
	const nlLine = progressLine(process.stderr);
	const nlProgress = (p: Parameters<typeof formatProgress>[0]) => nlLine.update(formatProgress(p));
	if (rt.db === null) {
		const pg = rt.sql as PostgresSql;
		await migratePostgres(pg.pool, (m) => process.stderr.write(m + '\n'));
		const generated = await ensurePostgresDataset(pg, options);
		line.done();
		await ensurePgNlIndex(pg, nlProgress);
		nlLine.done();
		return generated;
	}
	const generated = ensureDataset(rt.db, options);
	line.done();
	if (generated) forgetPassingRecords(rt.db);
	// Natural language search needs its own index; built once per dataset, skipped after that.
	ensureNlIndex(rt.db, nlProgress);
	ensureNewestLists(rt.db, nlProgress);
	nlLine.done();
	return generated;
}

export async function prepareService(rt: Runtime): Promise<void> {
	if (await prepareData(rt)) {
		forgetCanonicalValues(rt.sql);
		forgetCounts(rt.sql);
		forgetLexicons(rt.sql);
	}
	await purgeExpiredConversations(rt.sql, rt.now());
	rt.localKey = await ensureLocalKey(rt.sql, rt.settings.dataDir, rt.now());
	// The names questions are read against (seconds to build on a large dataset): before the first
	// question, not during it. With reader workers they are handed to them (runtime.ts).
	for (const dataset of DATASETS) await lexicon(rt.sql, dataset);
}
