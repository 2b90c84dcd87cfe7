// npm run bench -- [--records N[,N…]] [--only service|stream|browser|export|nl|signin|network|team|all] [--runs R] [--timeout S]
//                  [--seconds S] [--connections 1,16,64] [--walks W] [--name NAME] [--postgres]
//                  [--baseline BUILD_ENTRY] [--pages explorer,baseline,uncached,naive] [--links loopback,40ms,150ms]
//                  [--visits first,return] (network section)
//                  [--scenarios "search: newest page,…"] [--rounds R] (service section: only these
//                  scenarios; R rounds alternating the servers, the median round of each reported)
// --baseline BUILD_ENTRY: an earlier build's server entry (e.g. scripts/serve.mjs of a worktree),
// measured beside this build in the same run: in the network section as a page, in the service
// section as one more server on the same data (SQLite, or PostgreSQL with --postgres), in the browser
// section as its explorer page loaded in every round beside this build's, in the signin section as
// a sign-in server of its own in every round of the per-request figure.
// Prepares (and caches) a dataset of N records per component, starts the production server on it,
// measures, and writes bench/results/<name>.json plus a readable summary on stdout. With several
// sizes (--records 10000,100000,1000000) it measures each in turn and adds how every figure grows
// with the data (scripts/bench/scales.ts) to bench/results/<name>.json.
//   service: latency and throughput of the embedded service's endpoints, a mixed load (NL search
//            and lookups at once), full manifest walks, memory: each on the reader workers and on
//            the single-threaded path (DB_READERS=0, a second server on the same data) in turn;
//            with --postgres instead: SQLite's reader workers beside PostgreSQL with one instance
//            and with two (npm start -- --workers 2), the same dataset loaded into a private
//            cluster in bench/data-pg (the load is timed the first time);
//   stream:  the explorer's /api/stream beside the naive /bench/naive-stream (wire size, times);
//   browser: the explorer page beside the naive /bench/naive page in headless Chromium
//            (both naive pages: the bench's own build, build-bench/, on a server of their own);
//   export:  /api/export of every record as CSV and GeoJSON: records/s and the server's memory;
//   nl:      natural language search quality (scripts/eval-nl.ts: BM25 vs hybrid on the committed
//            evaluation set, over the default dataset) and its latency on this dataset;
//   team:    the record stream for one analyst and for eight at once, on an empty stream cache
//            (the walk they share) and on a warm one, and a page that holds the current version:
//            each load's time to the stream's end and the server's CPU per load (scripts/bench/team.ts);
//            with --baseline the earlier build beside it. Not part of "all".
//   signin:  what a sign-in session costs: unsealing it, per request, and first points signed in
//            beside single-user (scripts/bench/signin.ts). Not part of "all": it starts a second server.
//   network: the explorer and the naive page in Chromium through a shaped link (loopback,
//            40 ms / 20 Mbit/s, 150 ms / 5 Mbit/s): first and all points, bytes on the wire, on a
//            first visit and on a return visit (the profile of a visit before, with the page's copy
//            of the records); `uncached`: this build with its stream cache off (every load walks)
//            (scripts/bench/network.ts). Not part of "all": minutes per link at a million records.
// Stream and browser runs are bounded: a side that exceeds --timeout is recorded as timed out.
// BENCH_SERVER_ENTRY=build/index.js runs adapter-node's server alone instead of npm start's entry
// (scripts/serve.mjs): every lookup and manifest page through SvelteKit, the baseline of the fast path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { benchBrowser } from './bench/browser';
import { formatTable } from './bench/naive-compare';
import {
	ensureBenchBuild,
	ensureBuild,
	freshCacheDir,
	preparePostgresDataset,
	prepareDataset,
	startClusteredServer,
	startNaiveServer,
	startProductionServer,
	type RunningServer
} from './bench/server';
import { benchService, keywordAgreement } from './bench/service';
import { benchSignin } from './bench/signin';
import { benchNetwork, formatNetwork, VISITS, type NetworkPage, type Visit } from './bench/network';
import { LINKS } from './bench/link-shaper';
import { benchTeam, formatTeam, type TeamRow } from './bench/team';
import { benchStream } from './bench/stream';
import { understandingLatency } from './bench/understanding';
import { benchExport } from './bench/export';
import { formatGrowth, growthTable, type ScaleRun } from './bench/scales';

const { values } = parseArgs({
	options: {
		records: { type: 'string', default: '10000' },
		only: { type: 'string', default: 'all' },
		runs: { type: 'string', default: '3' },
		timeout: { type: 'string', default: '120' },
		seconds: { type: 'string', default: '5' },
		connections: { type: 'string', default: '1,16,64' },
		walks: { type: 'string', default: '3' },
		name: { type: 'string' },
		postgres: { type: 'boolean', default: false },
		baseline: { type: 'string' },
		scenarios: { type: 'string' },
		rounds: { type: 'string', default: '1' },
		pages: { type: 'string', default: 'explorer,naive' },
		links: { type: 'string' },
		visits: { type: 'string' }
	}
});

const SECTIONS = ['service', 'stream', 'browser', 'export', 'nl', 'signin', 'network', 'team'] as const;
type Section = (typeof SECTIONS)[number];
/** Sections that "all" runs. */
const ALL: readonly Section[] = ['service', 'stream', 'browser', 'nl'];

const sizes = values.records!.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--records must be a positive integer or a comma-separated list of them');
const only = values.only!;
if (only !== 'all' && !(SECTIONS as readonly string[]).includes(only)) throw new Error(`--only ${only}: available: ${SECTIONS.join(', ')}, all`);
const sections = new Set<Section>(only === 'all' ? ALL : [only as Section]);
const runs = Number(values.runs);
const timeoutSeconds = Number(values.timeout);
if (!Number.isInteger(runs) || runs <= 0) throw new Error('--runs must be a positive integer');
if (!(timeoutSeconds > 0)) throw new Error('--timeout must be a positive number of seconds');

const log = (s: string) => process.stdout.write(s + '\n');

/**
 * Sections that load the naive baseline. Its pages are not in the production build: they come from
 * the bench's own build (build-bench/, scripts/bench/server.ts), served by a second server on the
 * same data.
 */
const needsNaive = sections.has('stream') || sections.has('browser') || (sections.has('network') && values.pages!.split(',').includes('naive'));

async function runAt(records: number, name: string): Promise<Record<string, unknown>> {
	const runStarted = performance.now();
	const { dataDir, key } = await prepareDataset(records);
	// Its stream cache starts empty: the first load of the run walks the manifests.
	const server = await startProductionServer(dataDir, records, { STREAM_CACHE_DIR: freshCacheDir() });
	// The naive baseline's server, started when a section first needs it (the service section runs without it).
	let naive: Promise<RunningServer> | null = null;
	const naiveServer = () => (naive ??= startNaiveServer(dataDir, records));
	// Interrupted (Ctrl-C, kill): the servers are our children and must not outlive us. Playwright
	// closes the browsers it launched on its own.
	const stopOnSignal = () => void Promise.all([server.stop(), naive?.then((n) => n.stop())]).finally(() => process.exit(130));
	process.once('SIGINT', stopOnSignal);
	process.once('SIGTERM', stopOnSignal);
	const started = new Date();
	// The load average says how much else ran on the machine: timings on a shared machine drift.
	const machine = {
		cpus: os.cpus().length,
		model: os.cpus()[0]?.model,
		memoryGiB: Math.round(os.totalmem() / 2 ** 30),
		node: process.version,
		loadAverage: { start: os.loadavg().map((l) => Number(l.toFixed(2))), end: [] as number[] }
	};
	const result: Record<string, unknown> = {
		name,
		command:
			`${process.env.BENCH_SERVER_ENTRY ? `BENCH_SERVER_ENTRY=${process.env.BENCH_SERVER_ENTRY} ` : ''}npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
		date: started.toISOString(),
		machine,
		recordsPerComponent: records
	};
	// --scenarios: only the named scenarios of the service section (comma-separated, as the log names them).
	const serviceOptions = {
		seconds: Number(values.seconds),
		connections: values.connections!.split(',').map(Number),
		walkRuns: Number(values.walks),
		log,
		// Split at commas not followed by a digit: "geo manifest page (5,000)" is one name.
		only: values.scenarios ? values.scenarios.split(/,(?!\d)/).map((s) => s.trim()) : undefined,
		rounds: Number(values.rounds)
	};
	const heading = (what: string) =>
		log(`\n# ${what} at ${records.toLocaleString('en')} records per component (${machine.cpus} cores, ${machine.model ?? 'cpu'}, node ${process.version})`);
	try {
		if (sections.has('service') && values.postgres) {
			heading('service: SQLite (reader workers) beside PostgreSQL with one instance and with two');
			const pg = await preparePostgresDataset(records);
			result.postgresLoadSeconds = pg.loadSeconds;
			const others: RunningServer[] = [];
			try {
				const one = await startProductionServer(pg.dataDir, records, { DATABASE_URL: pg.databaseUrl });
				others.push(one);
				const two = await startClusteredServer(pg.dataDir, records, 2, { DATABASE_URL: pg.databaseUrl });
				others.push(two);
				const before = values.baseline
					? await startProductionServer(pg.dataDir, records, { DATABASE_URL: pg.databaseUrl }, path.resolve(values.baseline))
					: null;
				if (before) others.push(before);
				result.service = await benchService(
					[
						{ readers: 'pool', url: server.url, pid: server.pid },
						// Each engine's database has its own bench key.
						{ readers: 'postgres', url: one.url, pid: one.pid, key: pg.key },
						...(before ? [{ readers: 'postgres-baseline' as const, url: before.url, pid: before.pid, key: pg.key }] : []),
						{ readers: 'postgres-2', url: two.url, pid: two.pid, key: pg.key }
					],
					key,
					serviceOptions
				);
				const agreement = await keywordAgreement(
					{ readers: 'pool', url: server.url, pid: server.pid },
					{ readers: 'postgres', url: one.url, pid: one.pid, key: pg.key },
					key
				);
				for (const k of agreement)
					log(
						`  keyword ranking, BM25 (SQLite) beside ts_rank (PostgreSQL), ${k.kind}: ${k.queries} queries, same totals ${k.sameTotals}, same first result ${k.sameFirst}, overlap of the first 10 ${k.overlapAt10}`
					);
				result.keywordAgreement = agreement;
			} finally {
				for (const o of others) await o.stop();
			}
		} else if (sections.has('service')) {
			heading('service: reader workers beside the single-threaded path (DB_READERS=0)');
			const single = await startProductionServer(dataDir, records, { DB_READERS: '0' });
			const before = values.baseline ? await startProductionServer(dataDir, records, {}, path.resolve(values.baseline)) : null;
			try {
				result.service = await benchService(
					[
						{ readers: 'pool', url: server.url, pid: server.pid },
						...(before ? [{ readers: 'baseline' as const, url: before.url, pid: before.pid }] : []),
						{ readers: 'single', url: single.url, pid: single.pid }
					],
					key,
					serviceOptions
				);
			} finally {
				await single.stop();
				await before?.stop();
			}
		}
		if (sections.has('nl')) {
			heading('natural language search');
			// Quality is measured on the default dataset the evaluation set was written for.
			const evaluation = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/eval-nl.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
			if (evaluation.status !== 0) throw new Error('the NL evaluation failed (scripts/eval-nl.ts)');
			log(evaluation.stdout.trimEnd());
			const latency = await benchService([{ readers: 'pool', url: server.url, pid: server.pid }], key, {
				seconds: Number(values.seconds),
				connections: values.connections!.split(',').map(Number),
				walkRuns: 0,
				log,
				only: ['natural language search']
			});
			// Questions that name a place and a year, aggregate Domain GenAI answers and question understanding, beside open questions.
			const questions = (JSON.parse(fs.readFileSync('bench/nl-eval/queries.json', 'utf8')).queries as { search: string }[]).map((q) => q.search);
			const understanding = await understandingLatency(server.url, key, dataDir, questions);
			log(`understanding: ${JSON.stringify(understanding)}`);
			result.nl = { evaluation: evaluation.stdout, latency: latency.load, understanding };
		}
		if (sections.has('stream')) {
			heading(`stream: explorer vs naive baseline, median of ${runs}`);
			const stream = await benchStream(server.url, (await naiveServer()).url, { runs, timeoutSeconds, log });
			result.stream = stream;
			log(formatTable(`stream (${stream.records.explorer?.toLocaleString('en') ?? '?'} mappable records)`, stream.rows));
		}
		if (sections.has('export')) {
			heading(`export: every record as CSV and GeoJSON, ${runs} runs each`);
			const exported = await benchExport(server.url, server.pid, { runs, log });
			result.export = exported;
			log(
				`  median CSV: ${exported.median.csv.recordsPerSecond.toLocaleString('en')} records/s (${exported.median.csv.seconds} s for ${exported.median.csv.records.toLocaleString('en')}), server memory +${exported.median.csv.peakRssGrowthMiB} MiB at its peak`
			);
			log(
				`  median GeoJSON: ${exported.median.geojson.recordsPerSecond.toLocaleString('en')} records/s, server memory +${exported.median.geojson.peakRssGrowthMiB} MiB at its peak`
			);
		}
		if (sections.has('browser')) {
			heading(`browser: explorer vs naive baseline${values.baseline ? ' and the earlier build' : ''}, median of ${runs}`);
			// --baseline: the earlier build's explorer is loaded in every round too, beside this one's.
			const earlier = values.baseline
				? await startProductionServer(dataDir, records, { STREAM_CACHE_DIR: freshCacheDir() }, path.resolve(values.baseline))
				: null;
			try {
				const browser = await benchBrowser(
					{ explorer: server.url, naive: (await naiveServer()).url, ...(earlier ? { earlier: earlier.url } : {}) },
					{ runs, timeoutSeconds, log }
				);
				result.browser = browser;
				log(formatTable(`browser (${browser.records.explorer?.toLocaleString('en') ?? '?'} mappable records)`, browser.rows));
				if (browser.againstBaseline)
					log(formatTable(`browser: this build beside the earlier build (${values.baseline})`, browser.againstBaseline, 'earlier build'));
				for (const note of browser.notes) log(`  - ${note}`);
			} finally {
				await earlier?.stop();
			}
		}
		if (sections.has('network')) {
			heading(`network: explorer and naive page through shaped links, median of ${runs}`);
			// --baseline: the server entry of an earlier build (e.g. a worktree of the commit before a
			// change, built there), measured in the same run on the same dataset. Its stream cache, if
			// it has one, starts empty too.
			const pages = values.pages!.split(',') as NetworkPage[];
			const baseline = values.baseline
				? await startProductionServer(dataDir, records, { STREAM_CACHE_DIR: freshCacheDir() }, path.resolve(values.baseline))
				: null;
			const uncached = pages.includes('uncached') ? await startProductionServer(dataDir, records, { STREAM_CACHE_MB: '0' }) : null;
			try {
				if (baseline && !pages.includes('baseline')) pages.splice(1, 0, 'baseline');
				const others = {
					...(baseline ? { baseline } : {}),
					...(uncached ? { uncached } : {}),
					...(pages.includes('naive') ? { naive: await naiveServer() } : {})
				};
				// --links loopback,40ms,150ms: a link by its name's first words, spaces left out.
				const linkName = (l: { name: string }) => l.name.split(',')[0].replace(/\s+/g, '');
				const links = values.links
					? LINKS.filter((l) =>
							values
								.links!.split(',')
								.map((n) => n.replace(/\s+/g, ''))
								.includes(linkName(l))
						)
					: LINKS;
				const visits = (values.visits ?? VISITS.join(',')).split(',') as Visit[];
				const network = await benchNetwork(server.url, { runs, timeoutSeconds, log, pages, visits, links, serverPid: server.pid, others });
				result.network = network;
				log(formatNetwork(network));
			} finally {
				await baseline?.stop();
				await uncached?.stop();
			}
		}
		if (sections.has('team')) {
			heading(`team: the record stream for one analyst and for eight at once, first and later loads, ${runs} runs`);
			const baseline = values.baseline
				? await startProductionServer(dataDir, records, { STREAM_CACHE_DIR: freshCacheDir() }, path.resolve(values.baseline))
				: null;
			// This build on an empty stream cache, started anew for each cold measurement.
			let cold: RunningServer | null = null;
			const restartCold = async () => {
				await cold?.stop();
				cold = await startProductionServer(dataDir, records, { STREAM_CACHE_DIR: freshCacheDir() });
				return cold;
			};
			try {
				const servers = [
					{ name: 'explorer', url: server.url, pid: server.pid, restartCold },
					...(baseline ? [{ name: 'baseline', url: baseline.url, pid: baseline.pid }] : [])
				];
				result.team = await benchTeam(servers, { runs, log });
				log(formatTeam(result.team as TeamRow[]));
			} finally {
				await (cold as RunningServer | null)?.stop();
				await baseline?.stop();
			}
		}
		if (sections.has('signin')) {
			heading(`sign-in: session cost, and first points signed in beside single-user, median of ${runs}`);
			const baseline = values.baseline ? path.resolve(values.baseline) : undefined;
			result.signin = await benchSignin(server, dataDir, records, { runs, timeoutSeconds, log, baseline });
		}
		machine.loadAverage.end = os.loadavg().map((l) => Number(l.toFixed(2)));
		result.seconds = Math.round((performance.now() - runStarted) / 1000);
		log(`\nload average (1, 5, 15 min): ${machine.loadAverage.start.join(', ')} at the start, ${machine.loadAverage.end.join(', ')} at the end`);
		log(`the run at ${records.toLocaleString('en')} records per component took ${result.seconds} s, preparation included`);
		writeResult(name, result);
		return result;
	} finally {
		process.off('SIGINT', stopOnSignal);
		process.off('SIGTERM', stopOnSignal);
		await server.stop();
		// A cast as for `cold` below: TypeScript does not see the assignment in naiveServer().
		await (await (naive as Promise<RunningServer> | null)?.catch(() => null))?.stop();
	}
}

function writeResult(name: string, result: unknown): void {
	fs.mkdirSync('bench/results', { recursive: true });
	const file = path.join('bench/results', `${name}.json`);
	fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
	log(`\nwrote ${file}`);
}

async function main() {
	ensureBuild();
	if (needsNaive) ensureBenchBuild();
	const runs: Record<string, unknown>[] = [];
	for (const records of sizes) {
		const name = sizes.length === 1 ? (values.name ?? `${only}-${records}`) : `${values.name ?? `${only}-scales`}-${records}`;
		runs.push(await runAt(records, name));
	}
	if (sizes.length > 1) {
		const growth = growthTable(runs as unknown as ScaleRun[]);
		log(`\n# growth from ${sizes.map((s) => s.toLocaleString('en')).join(' to ')} records per component (k: cost ∝ records^k)`);
		log(formatGrowth(growth));
		writeResult(values.name ?? `${only}-scales`, {
			command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
			date: new Date().toISOString(),
			sizes,
			growth,
			runs: runs.map((r) => r.name)
		});
	}
}

main().catch((e) => {
	process.stderr.write(`bench: ${e instanceof Error ? e.message : e}\n`);
	process.exit(1);
});
