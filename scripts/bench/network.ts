// Network section of the benchmark: the explorer and the naive page opened in headless Chromium
// through a shaped TCP link (link-shaper.ts: loopback, 40 ms / 20 Mbit/s, 150 ms / 5 Mbit/s),
// as an analyst on another machine would see them. Per link and page, median of the runs (the
// pages' loads alternated) with quartiles: time to first points, to all points on screen (in the
// explorer's 2D first paint or on the map) and to all points drawn by the map (the browser
// section's draw probe), the CPU the load took, and the bytes the link carried down for the whole
// load. Then the record stream alone, read from each page's server on loopback with the
// Accept-Encoding Chromium sends: bytes per record, and when its first batch and its end came.
import http from 'node:http';
import fs from 'node:fs';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import { installDrawProbe, type LoadMarks } from './browser';
import { LINKS, shapeLink, type Link, type ShapedLink } from './link-shaper';
import { median, percentile, round } from './stats';

const VIEWPORT = { width: 1280, height: 720 };
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/**
 * The explorer, the same explorer of an earlier build (--baseline, its own server), this build with
 * its stream cache off (STREAM_CACHE_MB=0, its own server: every load walks), the naive page (the
 * bench's own build, its own server: options.others.naive).
 */
const PAGES = { explorer: '/', baseline: '/', uncached: '/', naive: '/bench/naive' } as const;
type Kind = keyof typeof PAGES;
export type NetworkPage = Kind;

/** A first visit (a new browser profile), or a return visit (the profile of a visit before: its caches, and the page's copy of the records). */
export type Visit = 'first' | 'return';
export const VISITS: readonly Visit[] = ['first', 'return'];

export interface NetworkRow {
	link: string;
	page: Kind;
	visit: Visit;
	firstPointsS: number | null;
	/** Every record on screen: the explorer's 2D first paint of the whole stream, or the map. */
	allShownS: number | null;
	/** Every record drawn by the map (deck.gl): the analyst can pan, zoom and open them. */
	allPointsS: number | null;
	/**
	 * The loads' spread: first points and all points shown at the 25th and 75th percentiles. On a
	 * 2-core machine loads of one build on one link spread over ±0.15 s at 38k, more than some of
	 * the differences a change makes; read medians with them.
	 */
	spread: { firstPointsS: [number, number]; allShownS: [number, number] } | null;
	/** Median bytes down the link for one whole load (page, scripts, stream, everything). */
	bytesDown: number | null;
	/** Median CPU seconds of a load until all points were drawn: Chromium's processes, and the page's server (LoadResult). */
	cpuS: { browser: number; server: number } | null;
	records: number | null;
	timedOut: number;
}

export interface NetworkBench {
	records: number | null;
	/** The record stream alone, as Chromium would receive it: bytes on the wire, per record. */
	stream: { bytes: number; records: number; bytesPerRecord: number; encoding: string };
	/**
	 * The server's part of a load: the stream read on loopback as fast as it comes, medians of
	 * STREAM_RUNS per page's server, alternated. First bytes: past the header and 'start' frames
	 * (under 100 B compressed), that is, the first batch of records.
	 */
	serverStream: { page: Kind; firstBatchMs: number; endMs: number }[];
	rows: NetworkRow[];
}

const STREAM_RUNS = 15;
/** More bytes than the stream's header and 'start' frames take on the wire: the first batch has begun. */
const FIRST_BATCH_BYTES = 1000;

/** Raw bytes of the record stream over the link, not decoded: what crossed it; and when its first batch and its end came. */
function streamBytes(url: string): Promise<{ bytes: number; encoding: string; firstBatchMs: number; endMs: number }> {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		// The page's own request: same-origin, as the browser's fetch marks it.
		const headers = { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING, 'sec-fetch-site': 'same-origin' };
		const req = http.get(`${url}/api/stream?datasets=icd,icdb&components=video,image`, { headers }, (res) => {
			let bytes = 0;
			let firstBatchMs = NaN;
			res.on('data', (d: Buffer) => {
				bytes += d.length;
				if (Number.isNaN(firstBatchMs) && bytes > FIRST_BATCH_BYTES) firstBatchMs = performance.now() - started;
			});
			res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), firstBatchMs, endMs: performance.now() - started }));
			res.on('error', reject);
		});
		req.on('error', reject);
	});
}

/** The stream of each page's server read STREAM_RUNS times, the servers alternated; medians. */
async function serverStreams(kinds: Kind[], serverOf: (kind: Kind) => string): Promise<NetworkBench['serverStream']> {
	const servers = kinds.filter((k) => k !== 'naive');
	const samples = new Map(servers.map((k) => [k, { first: [] as number[], end: [] as number[] }]));
	for (let run = 0; run < STREAM_RUNS; run++) {
		for (const kind of servers) {
			const { firstBatchMs, endMs } = await streamBytes(serverOf(kind));
			samples.get(kind)!.first.push(firstBatchMs);
			samples.get(kind)!.end.push(endMs);
			await new Promise((r) => setTimeout(r, 200));
		}
	}
	return servers.map((page) => ({ page, firstBatchMs: Math.round(median(samples.get(page)!.first)), endMs: Math.round(median(samples.get(page)!.end)) }));
}

/** CPU seconds of each of Chromium's processes (browser, renderers, GPU, utilities) by id. */
async function browserCpu(session: CDPSession): Promise<Map<number, number>> {
	const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; cpuTime: number }[] };
	return new Map(processInfo.map((p) => [p.id, p.cpuTime]));
}

/** Linux's USER_HZ, 100 on every architecture Debian ships. */
const CLOCK_TICKS_PER_SECOND = 100;

/** User and system CPU seconds of a process and all its threads (the server's readers too), from /proc. */
function processCpu(pid: number): number {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
	} catch {
		return NaN;
	}
}

interface LoadResult extends LoadMarks {
	records: number;
	/**
	 * CPU seconds the load took until all points were drawn: Chromium's processes (the page, its
	 * worker, the GPU process's software WebGL, the network service) and the page's server. Meant
	 * to be steadier than wall time on a shared 2-core machine, where a load waits for the CPU as
	 * much as it uses it: one A/A run agreed within 4 % on the shaped links, 18 % at loopback.
	 */
	cpu: { browserS: number; serverS: number };
}

/**
 * A return visit starts with a visit of the page in the same profile, unmeasured and on loopback
 * (the analyst came before): its HTTP cache and the page's copy of the records (once the page says
 * it has kept them) are what the measured visit finds.
 */
async function visitBefore(context: BrowserContext, url: string, timeoutMs: number, link: ShapedLink): Promise<void> {
	link.shape(false);
	const page = await context.newPage();
	try {
		await page.goto(url, { timeout: timeoutMs });
		await page.waitForFunction(() => /mappable records loaded/.test(document.querySelector('[data-testid="progress"]')?.textContent ?? '') || window.__naive?.done, null, { timeout: timeoutMs, polling: 200 });
		// The explorer keeps its copy after the stream ends: wait until it is in IndexedDB.
		if (await page.locator('[data-testid="freshness"]').count()) await page.waitForFunction(copyKept, null, { timeout: 30_000, polling: 200 });
	} finally {
		await page.close();
		// The measured visit comes as the next day's would: over the link, on connections of its own.
		link.shape(true);
		link.reset('connections');
	}
}

/** Whether the page's copy of the records is kept (map/load/stream-copy.ts's database has one). */
async function copyKept(): Promise<boolean> {
	return new Promise((resolve) => {
		const request = indexedDB.open('icd-explorer-stream');
		request.onerror = () => resolve(false);
		request.onsuccess = () => {
			const db = request.result;
			if (!db.objectStoreNames.contains('held')) return (db.close(), resolve(false));
			const count = db.transaction('held').objectStore('held').count();
			count.onsuccess = () => (db.close(), resolve(count.result > 0));
			count.onerror = () => (db.close(), resolve(false));
		};
	});
}

async function loadOnce(browser: Browser, url: string, timeoutMs: number, serverPid?: number, returning?: ShapedLink): Promise<LoadResult | null> {
	const context = await browser.newContext({ viewport: VIEWPORT });
	const session = await browser.newBrowserCDPSession();
	try {
		await context.addInitScript('globalThis.__name = (f) => f;');
		if (returning) await visitBefore(context, url, timeoutMs, returning);
		const page = await context.newPage();
		await page.addInitScript(installDrawProbe);
		const before = await browserCpu(session);
		const serverBefore = serverPid === undefined ? NaN : processCpu(serverPid);
		await page.goto(url, { timeout: timeoutMs });
		const handle = await page.waitForFunction(
			() => {
				const m = window.__benchMarks;
				if (m?.allDrawn == null) return null;
				const naive = window.__naive;
				const records = naive ? naive.received : Number(document.querySelector('[data-testid="visible-count"]')?.getAttribute('data-total'));
				return { ...m, records };
			},
			null,
			{ timeout: timeoutMs, polling: 100 }
		);
		const marks = (await handle.jsonValue()) as LoadMarks & { records: number };
		const after = await browserCpu(session);
		// A process started during the load (the page's renderer, a worker's) counts from zero.
		let browserS = 0;
		for (const [id, cpu] of after) browserS += cpu - (before.get(id) ?? 0);
		const serverS = serverPid === undefined ? NaN : processCpu(serverPid) - serverBefore;
		return { ...marks, cpu: { browserS, serverS } };
	} catch {
		return null;
	} finally {
		await context.close().catch(() => {});
		await session.detach().catch(() => {});
	}
}

export async function benchNetwork(
	serverUrl: string,
	options: { runs: number; timeoutSeconds: number; links?: Link[]; log: (s: string) => void; pages?: Kind[]; visits?: readonly Visit[]; serverPid?: number; others?: Partial<Record<Kind, { url: string; pid: number }>> }
): Promise<NetworkBench> {
	const links = options.links ?? LINKS;
	const visits = options.visits ?? VISITS;
	// The baseline, the uncached and the naive pages have servers of their own (the naive page's: the
	// bench's own build, scripts/bench/server.ts); the explorer is this server's.
	const kinds = (options.pages ?? ['explorer', 'naive']).filter((k) => (k !== 'baseline' && k !== 'uncached') || options.others?.[k]);
	if (kinds.includes('naive') && !options.others?.naive) throw new Error('the naive page is served by a server of its own: options.others.naive (startNaiveServer)');
	const serverOf = (kind: Kind) => options.others?.[kind]?.url ?? serverUrl;
	const pidOf = (kind: Kind) => options.others?.[kind]?.pid ?? options.serverPid;
	const rows: NetworkRow[] = [];
	const browser = await launchChromium();
	let records: number | null = null;
	try {
		// Shaders compile once per browser (software WebGL): a discarded load of each page first.
		for (const kind of kinds) await loadOnce(browser, serverOf(kind) + PAGES[kind], options.timeoutSeconds * 1000);
		for (const link of links) {
			// One shaped link per page's server (the baseline has its own). The pages' loads
			// alternate run by run: in blocks (every load of one page, then every load of the
			// other), a machine growing busier or quieter over a block's minutes read as a
			// difference between the pages. Their order turns every other run (A B, B A, ...), so
			// that neither page always follows the other's load.
			const shapedLinks = new Map<Kind, ShapedLink>();
			for (const kind of kinds) shapedLinks.set(kind, await shapeLink(new URL(serverOf(kind)), link));
			// Each page on its own, and each as a return visit (the profile of a visit before).
			const variants = kinds.flatMap((kind) => visits.map((visit) => ({ kind, visit, key: `${kind}/${visit}` })));
			const samples = new Map(variants.map(({ key }) => [key, { first: [] as number[], all: [] as number[], shown: [] as number[], bytes: [] as number[], browserCpu: [] as number[], serverCpu: [] as number[], timedOut: 0, stopped: false }]));
			try {
				for (let run = 0; run < options.runs; run++) {
					for (const { kind, visit, key } of run % 2 ? [...variants].reverse() : variants) {
						const sample = samples.get(key)!;
						// A page that did not finish is not loaded again on this link.
						if (sample.stopped) continue;
						const shaped = shapedLinks.get(kind)!;
						shaped.reset();
						const marks = await loadOnce(browser, shaped.url + PAGES[kind], options.timeoutSeconds * 1000, pidOf(kind), visit === 'return' ? shaped : undefined);
						const name = `${kind} (${visit})`.padEnd(18);
						if (!marks || marks.allDrawn === null) {
							sample.timedOut++;
							sample.stopped = true;
							options.log(`  ${link.name.padEnd(18)} ${name} run ${run + 1}: not finished in ${options.timeoutSeconds} s`);
							continue;
						}
						sample.first.push(marks.firstDraw! / 1000);
						// A page without a 2D paint (the naive one) shows its points when the map draws them.
						const shownAt = marks.allShown ?? marks.allDrawn;
						sample.all.push(marks.allDrawn / 1000);
						sample.shown.push(shownAt / 1000);
						// The link's counters keep the last bytes of a closing page: read after a moment.
						await new Promise((r) => setTimeout(r, 300));
						sample.bytes.push(shaped.bytes().down);
						sample.browserCpu.push(marks.cpu.browserS);
						sample.serverCpu.push(marks.cpu.serverS);
						if (kind === 'explorer') records = marks.records;
						options.log(`  ${link.name.padEnd(18)} ${name} run ${run + 1}: first points ${round(marks.firstDraw! / 1000)} s, all shown ${round(shownAt / 1000)} s, on the map ${round(marks.allDrawn / 1000)} s, ${(shaped.bytes().down / 1e6).toFixed(2)} MB down`);
					}
				}
			} finally {
				for (const shaped of shapedLinks.values()) await shaped.close();
			}
			for (const { kind, visit, key } of variants) {
				const { first, all, shown, bytes, browserCpu: browserCpuS, serverCpu, timedOut } = samples.get(key)!;
				rows.push({
					link: link.name,
					page: kind,
					visit,
					firstPointsS: first.length ? round(median(first)) : null,
					allShownS: shown.length ? round(median(shown)) : null,
					allPointsS: all.length ? round(median(all)) : null,
					spread: first.length ? { firstPointsS: quartiles(first), allShownS: quartiles(shown) } : null,
					bytesDown: bytes.length ? Math.round(median(bytes)) : null,
					cpuS: first.length ? { browser: round(median(browserCpuS)), server: round(median(serverCpu)) } : null,
					records: kind === 'explorer' ? records : null,
					timedOut
				});
			}
		}
	} finally {
		await browser.close();
	}
	const { bytes, encoding } = await streamBytes(serverUrl);
	const n = records ?? NaN;
	const serverStream = await serverStreams(kinds, serverOf);
	return { records, stream: { bytes, encoding, records: n, bytesPerRecord: round(bytes / n, 1) }, serverStream, rows };
}

function quartiles(values: number[]): [number, number] {
	return [round(percentile(values, 25)), round(percentile(values, 75))];
}

export function formatNetwork(b: NetworkBench): string {
	const lines = [
		`record stream: ${b.stream.bytes.toLocaleString('en')} B on the wire (${b.stream.encoding}) for ${b.records?.toLocaleString('en') ?? '?'} records: ${b.stream.bytesPerRecord} B per record`,
		...b.serverStream.map((x) => `server's stream alone (${x.page}, loopback, median of ${STREAM_RUNS}): first batch ${x.firstBatchMs} ms, end ${x.endMs} ms`),
		'| link | page | visit | first points (s) | all points shown (s) | all points on the map (s) | first / shown, 25th-75th percentile (s) | CPU per load: browser + server (s) | bytes down per load | note |',
		'|---|---|---|---|---|---|---|---|---|---|'
	];
	for (const r of b.rows) {
		lines.push(`| ${r.link} | ${r.page} | ${r.visit} | ${r.firstPointsS ?? '—'} | ${r.allShownS ?? '—'} | ${r.allPointsS ?? '—'} | ${r.spread ? `${r.spread.firstPointsS.join('-')} / ${r.spread.allShownS.join('-')}` : '—'} | ${r.cpuS ? `${r.cpuS.browser} + ${Number.isNaN(r.cpuS.server) ? '?' : r.cpuS.server}` : '—'} | ${r.bytesDown === null ? '—' : `${(r.bytesDown / 1e6).toFixed(2)} MB`} | ${r.timedOut ? 'did not finish in time' : ''} |`);
	}
	return lines.join('\n');
}
