// Team section of the benchmark: what the record stream costs when several analysts open the map
// at once, and when they come back. Streams are read on loopback as curl would read them (brotli
// asked for, the body counted as it comes, not decoded), the server's CPU read from /proc. Per
// server (this build, and an earlier one with --baseline):
//   - one load alone, and eight at once: each one's time to the stream's end;
//   - this build: the first load on an empty stream cache (the walk), then loads that find it
//     (whole streams from the copy), a load of a page that holds the current version (since=),
//     and eight at once on an empty cache (they share one walk) and on a warm one;
//   - the server's CPU per load (median), the walk's including what the server does after it
//     (compressing the copy once).
import http from 'node:http';
import fs from 'node:fs';
import { median, round } from './stats';

const STREAM = '/api/stream?datasets=icd,icdb&components=video,image';
const AT_ONCE = 8;

interface StreamRead {
	ms: number;
	bytes: number;
	served: string;
	/** The version the stream's end names (its last frames are in clear only when the body is not compressed). */
	version?: string;
}

function readStream(base: string, since?: string): Promise<StreamRead> {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const headers = { 'accept-encoding': 'br, gzip', 'sec-fetch-site': 'same-origin' };
		const req = http.get(`${base}${STREAM}${since ? `&since=${since}` : ''}`, { headers }, (res) => {
			let bytes = 0;
			res.on('data', (d: Buffer) => (bytes += d.length));
			res.on('end', () => resolve({ ms: performance.now() - started, bytes, served: String(res.headers['x-stream-served'] ?? 'uncached') }));
			res.on('error', reject);
		});
		req.on('error', reject);
	});
}

/** The version a server's stream ends at (read once in clear). */
function versionOf(base: string): Promise<string | undefined> {
	return new Promise((resolve, reject) => {
		http.get(`${base}${STREAM}`, { headers: { 'sec-fetch-site': 'same-origin' } }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (d: Buffer) => chunks.push(d));
			res.on('end', () => resolve(/"version":"([0-9a-f]{24})"/.exec(Buffer.concat(chunks).subarray(-400).toString('latin1'))?.[1]));
			res.on('error', reject);
		}).on('error', reject);
	});
}

const USER_HZ = 100;
function cpuSeconds(pid: number): number {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
}

/** Waits until the server has used no CPU for half a second (its work after a load: compressing the copy). */
async function quiet(pid: number): Promise<void> {
	let last = cpuSeconds(pid);
	for (let i = 0; i < 120; i++) {
		await new Promise((r) => setTimeout(r, 500));
		const now = cpuSeconds(pid);
		if (now - last < 0.02) return;
		last = now;
	}
}

async function measured(pid: number, run: () => Promise<StreamRead>): Promise<StreamRead & { cpuS: number; afterS: number }> {
	await quiet(pid);
	const before = cpuSeconds(pid);
	const read = await run();
	const during = cpuSeconds(pid) - before;
	await quiet(pid);
	return { ...read, cpuS: during, afterS: cpuSeconds(pid) - before - during };
}

async function atOnce(base: string): Promise<StreamRead[]> {
	return Promise.all(Array.from({ length: AT_ONCE }, () => readStream(base)));
}

export interface TeamRow {
	server: string;
	what: string;
	/** Median seconds to the stream's end (of the loads, or of each load at once). */
	seconds: number;
	/** The slowest of the loads at once. */
	slowestSeconds?: number;
	/** Server CPU seconds per load (median); for the walk, `afterS` is what followed it (compressing the copy). */
	cpuS?: number;
	afterS?: number;
	bytes: number;
	served: string;
}

export interface ServerUnderTest {
	name: string;
	url: string;
	pid: number;
	/** Restarts it on an empty stream cache (this build); absent for a baseline without one. */
	restartCold?: () => Promise<{ url: string; pid: number }>;
}

export async function benchTeam(servers: ServerUnderTest[], options: { runs: number; log: (s: string) => void }): Promise<TeamRow[]> {
	const rows: TeamRow[] = [];
	const row = (server: string, what: string, reads: StreamRead[], cpu?: number[], after?: number[]) => {
		const r: TeamRow = { server, what, seconds: round(median(reads.map((x) => x.ms)) / 1000), bytes: Math.round(median(reads.map((x) => x.bytes))), served: [...new Set(reads.map((x) => x.served))].join('/') };
		if (reads.length > 1 && what.includes('at once')) r.slowestSeconds = round(Math.max(...reads.map((x) => x.ms)) / 1000);
		if (cpu?.length) r.cpuS = round(median(cpu));
		if (after?.length) r.afterS = round(median(after));
		rows.push(r);
		options.log(`  ${server.padEnd(9)} ${what.padEnd(44)} ${r.seconds} s${r.slowestSeconds ? ` (slowest ${r.slowestSeconds} s)` : ''}${r.cpuS !== undefined ? `, server CPU ${r.cpuS} s${r.afterS ? ` + ${r.afterS} s after` : ''}` : ''}, ${(r.bytes / 1e6).toFixed(2)} MB, ${r.served}`);
	};
	for (const server of servers) {
		let { url, pid } = server;
		if (server.restartCold) {
			// The walk: the first load on an empty cache (a new server each run).
			const walks: (StreamRead & { cpuS: number; afterS: number })[] = [];
			for (let i = 0; i < options.runs; i++) {
				({ url, pid } = await server.restartCold());
				walks.push(await measured(pid, () => readStream(url)));
			}
			row(server.name, 'first load (walks, keeps a copy)', walks, walks.map((w) => w.cpuS), walks.map((w) => w.afterS));
			const cold: StreamRead[] = [];
			for (let i = 0; i < options.runs; i++) {
				({ url, pid } = await server.restartCold());
				await quiet(pid);
				cold.push(...(await atOnce(url)));
			}
			row(server.name, `${AT_ONCE} at once on an empty cache (one walk)`, cold);
		}
		const alone: (StreamRead & { cpuS: number })[] = [];
		for (let i = 0; i < options.runs; i++) alone.push(await measured(pid, () => readStream(url)));
		row(server.name, server.restartCold ? 'a load alone (from the copy)' : 'a load alone', alone, alone.map((a) => a.cpuS));
		const together: StreamRead[] = [];
		for (let i = 0; i < options.runs; i++) {
			await quiet(pid);
			together.push(...(await atOnce(url)));
		}
		row(server.name, server.restartCold ? `${AT_ONCE} at once (from the copy)` : `${AT_ONCE} at once`, together);
		if (server.restartCold) {
			const version = await versionOf(url);
			const returning: (StreamRead & { cpuS: number })[] = [];
			for (let i = 0; i < options.runs; i++) returning.push(await measured(pid, () => readStream(url, version)));
			row(server.name, 'a page that holds the current version', returning, returning.map((r) => r.cpuS));
		}
	}
	return rows;
}

export function formatTeam(rows: TeamRow[]): string {
	return [
		'| server | load | seconds to the end (median) | slowest | server CPU per load (s) | bytes | served |',
		'|---|---|---|---|---|---|---|',
		...rows.map((r) => `| ${r.server} | ${r.what} | ${r.seconds} | ${r.slowestSeconds ?? ''} | ${r.cpuS === undefined ? '' : `${r.cpuS}${r.afterS ? ` (+ ${r.afterS} after)` : ''}`} | ${(r.bytes / 1e6).toFixed(2)} MB | ${r.served} |`)
	].join('\n');
}
