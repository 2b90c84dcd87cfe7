// npm run bench:nl -- [--records N] [--seconds S] [--connections C]
// Natural language search latency on the production server over a cached benchmark dataset of
// N records per component (bench/data/N, generated on first use): builds the NL index (timed,
// with progress; skipped when already built), then loads GET /v1/{icd,icdb}/nl-search with the
// evaluation questions in rotation for S seconds at C concurrent clients (autocannon).
// Then, one client at a time, questions that name a place and a year (NL search, and Domain
// GenAI count/rank/trend questions), with the evaluation questions as the same run's baseline,
// and question understanding itself in process (understanding.ts).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/lib/server/db/open';
import { formatProgress } from '../src/lib/server/dataset';
import { progressLine } from '../src/lib/server/progress';
import { ensureNlIndex } from '../src/lib/server/service/nl/index-build';
import { ensureBuild, prepareDataset, startProductionServer } from './bench/server';
import { understandingLatency } from './bench/understanding';

const { values } = parseArgs({
	options: {
		records: { type: 'string', default: '10000' },
		seconds: { type: 'string', default: '20' },
		connections: { type: 'string', default: '1' }
	}
});
const records = Number(values.records);

function buildIndex(dataDir: string): number | null {
	const db = openDatabase(dataDir);
	const line = progressLine(process.stderr);
	const started = Date.now();
	const built = ensureNlIndex(db, (p) => line.update(formatProgress(p)));
	line.done();
	db.close();
	return built ? (Date.now() - started) / 1000 : null;
}

async function main(): Promise<void> {
	ensureBuild();
	const { dataDir, key } = await prepareDataset(records);
	const indexSeconds = buildIndex(dataDir);
	if (indexSeconds !== null) process.stderr.write(`bench: NL index of ${(records * 4).toLocaleString('en')} records built in ${indexSeconds.toFixed(0)} s\n`);
	const questions = (JSON.parse(fs.readFileSync('bench/nl-eval/queries.json', 'utf8')).queries as { search: string }[]).map((q) => q.search);
	const paths = questions.flatMap((q) => ['icd', 'icdb'].map((d) => `/v1/${d}/nl-search?search=${encodeURIComponent(q)}`));
	const server = await startProductionServer(dataDir, records);
	try {
		const warm = await fetch(`${server.url}${paths[0]}`, { headers: { authorization: `Bearer ${key}` } });
		if (!warm.ok) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);
		let i = 0;
		const result = await autocannon({
			url: server.url,
			connections: Number(values.connections),
			duration: Number(values.seconds),
			headers: { authorization: `Bearer ${key}` },
			requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }]
		});
		const summary = {
			records_per_component: records,
			nl_index_build_seconds: indexSeconds,
			connections: Number(values.connections),
			requests: result.requests.total,
			p50_ms: result.latency.p50,
			p90_ms: result.latency.p90,
			p99_ms: result.latency.p99,
			rps: result.requests.average,
			non2xx: result.non2xx,
			errors: result.errors
		};
		console.log(JSON.stringify(summary, null, 1));
		console.log(JSON.stringify(await understandingLatency(server.url, key, dataDir, questions), null, 1));
	} finally {
		await server.stop();
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
