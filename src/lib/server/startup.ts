// First-start work: generate the synthetic dataset once (with a progress line), then reuse it.
import { ensureDataset, formatProgress } from './dataset';
import type { Runtime } from './runtime';
import { forgetCanonicalValues } from './service/records/scope';
import { forgetCounts } from './service/records/count-cache';
import { forgetPassingRecords } from './service/nl/passing-records';
import { progressLine } from './progress';
import { ensureNlIndex } from './service/nl/index-build';
import { purgeExpiredConversations } from './service/genai/conversations';
import { forgetLexicons, lexicon } from './service/understand/lexicon';
import { DATASETS } from '../types/dataset';

export function prepareDataset(rt: Runtime): void {
	const line = progressLine(process.stderr);
	const generated = ensureDataset(rt.db, {
		size: rt.settings.datasetSize,
		seed: rt.settings.datasetSeed,
		onProgress: (p) => line.update(formatProgress(p))
	});
	line.done();
	if (generated) {
		forgetCanonicalValues(rt.db);
		forgetCounts(rt.db);
		forgetPassingRecords(rt.db);
		forgetLexicons(rt.db);
	}
	// Natural language search needs its own index; built once per dataset, skipped after that.
	const nlLine = progressLine(process.stderr);
	ensureNlIndex(rt.db, (p) => nlLine.update(formatProgress(p)));
	nlLine.done();
	purgeExpiredConversations(rt.db, rt.now());
	// The names questions are read against (seconds to build on a large dataset): before the first
	// question, not during it. With reader workers they are handed to them (runtime.ts).
	for (const dataset of DATASETS) lexicon(rt.db, dataset);
}
