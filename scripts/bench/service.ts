// Service benchmarks: latency percentiles and throughput per endpoint under 1, 16 and 64
// concurrent clients over loopback (autocannon, bounded in time), a mixed load (NL search and
// lookups at once), and full manifest walks. Every measurement is taken on each server given: the
// reader workers (DB_READERS default) and the single-threaded path (DB_READERS=0), one after the
// other, in the same run, so the ratio between them is visible; then each server's memory.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { median, round } from './stats';

/** A server under test: its URL, its process (for memory) and what it runs. */
export interface BenchTarget {
	/**
	 * "pool": reader workers; "single": DB_READERS=0 (both on SQLite); "postgres": reader workers on
	 * PostgreSQL, one instance; "postgres-2": two instances on one port (npm start -- --workers 2);
	 * "baseline", "postgres-baseline": an earlier build's server (--baseline), on SQLite or PostgreSQL.
	 */
	readers: 'pool' | 'single' | 'postgres' | 'postgres-2' | 'baseline' | 'postgres-baseline';
	url: string;
	pid: number;
	/** This server's key, when it is not the one given to benchService (another database's). */
	key?: string;
}

export interface LoadResult {
	readers: BenchTarget['readers'];
	scenario: string;
	connections: number;
	p50: number;
	p90: number;
	p95: number;
	p99: number;
	rps: number;
	errors: number;
	non2xx: number;
}

interface Scenario {
	name: string;
	paths: string[];
}

async function load(target: BenchTarget, key: string, scenario: Scenario, connections: number, seconds: number): Promise<LoadResult> {
	const url = target.url;
	let i = 0;
	// Every response time, for an exact p95 (autocannon's summary has p90 and p97.5, not p95).
	const times: number[] = [];
	const instance = autocannon({
		url,
		connections,
		duration: seconds,
		headers: { authorization: `Bearer ${key}` },
		requests: [
			{
				setupRequest: (req) => ({ ...req, path: scenario.paths[i++ % scenario.paths.length] })
			}
		]
	});
	instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
	const result = await instance;
	times.sort((a, b) => a - b);
	const p95 = times.length ? round(times[Math.min(times.length - 1, Math.floor(times.length * 0.95))], 1) : 0;
	return {
		readers: target.readers,
		scenario: scenario.name,
		connections,
		p50: result.latency.p50,
		p90: result.latency.p90,
		p95,
		p99: result.latency.p99,
		rps: round(result.requests.average, 0),
		errors: result.errors,
		non2xx: result.non2xx
	};
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the service's answers, read field by field by each caller
async function json(url: string, key: string): Promise<any> {
	const r = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
	if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
	return r.json();
}

/**
 * Waits until the server answers a cheap request quickly again: requests still queued from the
 * previous scenario (autocannon stops sending, the server keeps working) must not be billed to the next.
 */
async function drain(url: string, key: string): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const started = performance.now();
		await fetch(`${url}/v1/icd/videos?per_page=1`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.arrayBuffer());
		if (performance.now() - started < 20) return;
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** Share of the machine's CPU time that was busy in the last `ms` (Linux /proc/stat; 0 elsewhere). */
async function busyShare(ms: number): Promise<number> {
	const read = () => {
		try {
			const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
			const n = fields.map(Number);
			return { idle: n[3] + n[4], total: n.reduce((a, b) => a + b, 0) };
		} catch {
			return null;
		}
	};
	const a = read();
	await new Promise((r) => setTimeout(r, ms));
	const b = read();
	return a && b && b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : 0;
}

/**
 * Before a measurement: every server answers at once, and the machine has settled (less than half
 * of its CPU busy). A server whose clients went away can still be working through their queued
 * requests (PostgreSQL through keyword searches for seconds after 64 clients), and that work
 * would be charged to the next server measured.
 */
async function settle(targets: BenchTarget[], keyOf: (t: BenchTarget) => string): Promise<void> {
	for (const t of targets) await drain(t.url, keyOf(t));
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline && (await busyShare(500)) > 0.5);
}

function nlQuestions(): string[] {
	return (JSON.parse(fs.readFileSync('bench/nl-eval/queries.json', 'utf8')).queries as { search: string }[]).map((q) => q.search);
}

/** Picks realistic request paths from the data itself: real uuids, ids, countries and title words. */
async function scenarios(url: string, key: string): Promise<Scenario[]> {
	const sample = await json(`${url}/v1/icd/videos?per_page=100&sort=id_asc`, key);
	const later = await json(`${url}/v1/icd/videos?per_page=100&page=50&sort=date_asc`, key);
	const items = [...sample.items, ...later.items] as { uuid: string; primary_id: number; primary_country?: string; title?: string }[];
	const countries = [...new Set(items.map((i) => i.primary_country).filter(Boolean))].slice(0, 8) as string[];
	const words = [...new Set(items.flatMap((i) => (i.title ?? '').toLowerCase().split(/\W+/)).filter((w) => w.length > 5))].slice(0, 24);
	const enc = encodeURIComponent;
	return [
		{ name: 'lookup by component id', paths: items.map((i) => `/v1/icd/videos/by-component-id/${i.primary_id}`) },
		{ name: 'detail by uuid', paths: items.map((i) => `/v1/icd/videos/${i.uuid}`) },
		{ name: 'search: newest page', paths: Array.from({ length: 20 }, (_, p) => `/v1/icd/videos?page=${p + 1}`) },
		{ name: 'search: country + dates', paths: countries.map((c, n) => `/v1/icd/videos?country=${enc(c)}&date_from=${2015 + (n % 6)}-01-01&date_to=2025-12-31`) },
		{ name: 'geo manifest page (5,000)', paths: ['/v1/icd/videos/geo-manifest?limit=5000', '/v1/icdb/images/geo-manifest?limit=5000'] },
		// The committed evaluation questions (bench/nl-eval), over both datasets.
		{ name: 'natural language search', paths: nlQuestions().flatMap((q) => ['icd', 'icdb'].map((d) => `/v1/${d}/nl-search?search=${enc(q)}`)) },
		// Last: its slow requests would otherwise still be queued when the next scenario starts.
		{ name: 'search: keyword (relevance)', paths: words.map((w) => `/v1/icd/videos?search=${enc(w)}`) }
	];
}

export interface KeywordAgreement {
	kind: string;
	queries: number;
	/** Queries whose itemsTotal is the same on both servers. */
	sameTotals: number;
	/** Mean share of the first ten results both servers return (order ignored). */
	overlapAt10: number;
	/** Queries whose first result is the same record. */
	sameFirst: number;
}

/**
 * How far two servers' keyword rankings agree on the same queries (SQLite's BM25 beside
 * PostgreSQL's ts_rank): the words of the latency scenario alone, and in pairs (where BM25's
 * weighting of the rarer word can change the order).
 */
export async function keywordAgreement(a: BenchTarget, b: BenchTarget, key: string): Promise<KeywordAgreement[]> {
	const all = await scenarios(a.url, key);
	const words = all.find((s) => s.name === 'search: keyword (relevance)')!.paths.map((p) => decodeURIComponent(p.split('search=')[1]));
	const pairs = words.slice(0, -1).map((w, i) => `${w} ${words[i + 1]}`);
	const out: KeywordAgreement[] = [];
	for (const [kind, queries] of [['one word', words], ['two words', pairs]] as const) {
		let sameTotals = 0;
		let sameFirst = 0;
		let overlap = 0;
		for (const q of queries) {
			const path = `/v1/icd/videos?search=${encodeURIComponent(q)}&per_page=10`;
			const [x, y] = await Promise.all([json(a.url + path, a.key ?? key), json(b.url + path, b.key ?? key)]);
			const [xs, ys] = [x, y].map((r) => (r.items as { uuid: string }[]).map((i) => i.uuid));
			if (x.itemsTotal === y.itemsTotal) sameTotals++;
			if (xs[0] !== undefined && xs[0] === ys[0]) sameFirst++;
			const shared = xs.filter((u) => ys.includes(u)).length;
			overlap += Math.max(xs.length, ys.length) ? shared / Math.max(xs.length, ys.length) : 1;
		}
		out.push({ kind, queries: queries.length, sameTotals, overlapAt10: round(overlap / queries.length, 2), sameFirst });
	}
	return out;
}

export interface MixedResult {
	readers: BenchTarget['readers'];
	/** Each side's own clients, latencies and throughput, measured at the same time. */
	nl: LoadResult;
	lookup: LoadResult;
}

/** 16 clients asking NL questions and 16 looking records up, at once: does a lookup wait behind the questions? */
async function mixed(target: BenchTarget, key: string, all: Scenario[], connections: number, seconds: number): Promise<MixedResult> {
	const pick = (name: string) => all.find((s) => s.name === name)!;
	const [nl, lookup] = await Promise.all([load(target, key, pick('natural language search'), connections, seconds), load(target, key, pick('lookup by component id'), connections, seconds)]);
	return { readers: target.readers, nl: { ...nl, scenario: 'mixed: NL search side' }, lookup: { ...lookup, scenario: 'mixed: lookup side' } };
}

export interface MemoryResult {
	readers: BenchTarget['readers'];
	/** Resident memory now and at its peak, and its anonymous (heaps, private caches) and file-backed (the database's memory map, code) parts, in MiB. */
	rssMiB: number;
	peakRssMiB: number;
	anonMiB: number;
	fileMiB: number;
}

/** The server process's memory from /proc (Linux); null elsewhere. */
function memoryOf(target: BenchTarget): MemoryResult | null {
	let status: string;
	try {
		status = fs.readFileSync(`/proc/${target.pid}/status`, 'utf8');
	} catch {
		return null;
	}
	const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
	const mib = (n: number) => round(n / 1024, 0);
	return { readers: target.readers, rssMiB: mib(kib('VmRSS')), peakRssMiB: mib(kib('VmHWM')), anonMiB: mib(kib('RssAnon')), fileMiB: mib(kib('RssFile')) };
}

export interface WalkResult {
	component: string;
	items: number;
	pages: number;
	seconds: number;
	itemsPerSecond: number;
	firstPageMs: number;
}

/** Walks one component's whole geo manifest with limit 5000, as the explorer does. */
export async function walkManifest(url: string, key: string, path: string): Promise<WalkResult> {
	const started = performance.now();
	let cursor: string | null = null;
	let items = 0;
	let pages = 0;
	let firstPageMs = 0;
	do {
		const page: { items: unknown[]; next_cursor: string | null } = await json(`${url}${path}?limit=5000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
		if (pages === 0) firstPageMs = performance.now() - started;
		items += page.items.length;
		pages++;
		cursor = page.next_cursor;
	} while (cursor);
	const seconds = (performance.now() - started) / 1000;
	return { component: path, items, pages, seconds: round(seconds), itemsPerSecond: round(items / seconds, 0), firstPageMs: round(firstPageMs, 1) };
}

export interface ServiceBench {
	load: LoadResult[];
	mixed: MixedResult[];
	walks: (WalkResult & { readers: BenchTarget['readers'] })[];
	memory: MemoryResult[];
}

const LABEL: Record<BenchTarget['readers'], string> = {
	pool: 'readers',
	single: 'DB_READERS=0',
	postgres: 'PostgreSQL ×1',
	'postgres-2': 'PostgreSQL ×2',
	baseline: 'baseline build',
	'postgres-baseline': 'PG ×1 baseline'
};

function line(r: LoadResult): string {
	return `${LABEL[r.readers].padEnd(14)} p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  ${r.rps} req/s${r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`;
}

/** Throughput of the readers over the single-threaded path's, or of PostgreSQL over SQLite's readers, in the same run. */
function ratio(results: LoadResult[]): string {
	const find = (k: BenchTarget['readers']) => results.find((r) => r.readers === k);
	const [pool, single] = [find('pool'), find('single')];
	const over = (a: LoadResult, b: LoadResult) => `throughput ×${b.rps > 0 ? round(a.rps / b.rps, 2) : '—'}, p50 ×${b.p50 > 0 ? round(a.p50 / b.p50, 2) : '—'}`;
	// This build over an earlier one (--baseline), on the same engine.
	const builds = [
		[pool, find('baseline')],
		[find('postgres'), find('postgres-baseline')]
	].flatMap(([now, before]) => (now && before ? [`  ${LABEL[now.readers]} over the baseline build: ${over(now, before)}`] : []));
	if (pool && single) return [`  ${over(pool, single)}`, ...builds].join(';');
	const others = results.filter((r) => r.readers === 'postgres' || r.readers === 'postgres-2');
	return [...(pool ? others.map((r) => `  ${LABEL[r.readers]} over SQLite: ${over(r, pool)}`) : []), ...builds].join(';');
}

export async function benchService(
	targets: BenchTarget[],
	key: string,
	options: { seconds: number; connections: number[]; walkRuns: number; log: (s: string) => void; only?: string[]; mixedConnections?: number; rounds?: number }
): Promise<ServiceBench> {
	const all = await scenarios(targets[0].url, key);
	const measured = all.filter((s) => !options.only || options.only.includes(s.name));
	// Warm the page cache and the count cache the way a running service would be: each path three
	// times at once, so that every reader (each has its own caches) answers it once.
	const keyOf = (t: BenchTarget) => t.key ?? key;
	for (const t of targets) for (const s of measured) for (const p of s.paths) await Promise.all([1, 2, 3].map(() => json(t.url + p, keyOf(t))));
	const results: LoadResult[] = [];
	for (const s of measured) {
		for (const c of options.connections) {
			options.log(`  ${s.name}, ${c} client${c === 1 ? '' : 's'}:`);
			// Rounds alternate the servers, so that a machine whose speed drifts over minutes (a shared
			// one) weighs on each of them alike; each server's row is its round of median throughput.
			const rounds = Math.max(1, options.rounds ?? 1);
			const runs = targets.map(() => [] as LoadResult[]);
			for (let round = 0; round < rounds; round++) {
				for (const [i, t] of targets.entries()) {
					await settle(targets, keyOf);
					runs[i].push(await load(t, keyOf(t), s, c, options.seconds));
				}
			}
			const here = runs.map((r) => [...r].sort((a, b) => a.rps - b.rps)[Math.floor((r.length - 1) / 2)]);
			for (const r of here) options.log(`    ${line(r)}${rounds > 1 ? ` (median of ${rounds} rounds)` : ''}`);
			if (here.length > 1) options.log(`   ${ratio(here)}`);
			results.push(...here);
		}
	}
	const mixedResults: MixedResult[] = [];
	if (!options.only) {
		const c = options.mixedConnections ?? 16;
		options.log(`  mixed: ${c} NL search clients and ${c} lookup clients at once:`);
		for (const t of targets) {
			await settle(targets, keyOf);
			const m = await mixed(t, keyOf(t), all, c, options.seconds);
			options.log(`    NL side      ${line(m.nl)}`);
			options.log(`    lookup side  ${line(m.lookup)}`);
			mixedResults.push(m);
		}
	}
	const walks: ServiceBench['walks'] = [];
	for (const t of targets) {
		for (const path of options.walkRuns > 0 ? ['/v1/icd/videos/geo-manifest'] : []) {
			const runs: WalkResult[] = [];
			for (let i = 0; i < options.walkRuns; i++) {
				await settle(targets, keyOf);
				runs.push(await walkManifest(t.url, keyOf(t), path));
			}
			const m = median(runs.map((r) => r.seconds));
			const chosen = runs.find((r) => r.seconds === m) ?? runs[0];
			options.log(`  full walk ${path} (${LABEL[t.readers]}): ${chosen.items.toLocaleString('en')} items in ${chosen.seconds} s (median of ${runs.length}), ${chosen.itemsPerSecond.toLocaleString('en')} items/s`);
			walks.push({ ...chosen, seconds: round(m), readers: t.readers });
		}
	}
	const memory = targets.map(memoryOf).filter((m): m is MemoryResult => m !== null);
	for (const m of memory) options.log(`  memory (${LABEL[m.readers]}): RSS ${m.rssMiB} MiB (peak ${m.peakRssMiB}), of which anonymous ${m.anonMiB} MiB, file-backed ${m.fileMiB} MiB`);
	return { load: results, mixed: mixedResults, walks, memory };
}
