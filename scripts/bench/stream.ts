// Stream benchmark: the explorer's /api/stream (binary frames of columns, format 2) beside the naive
// /bench/naive-stream (the service's JSON pages as NDJSON; the bench's own build, on a server of its
// own: scripts/bench/server.ts), read by Node's fetch as the body
// arrives and decoded the way each client would (frames → typed columns; lines → JSON.parse).
// Per run: bytes on the wire per record, time to the first record, time to all records, records/s.
import { StreamDecoder } from '../../src/lib/stream/decode';
import { compare, failed, isFailure, timedOutBefore, type ComparisonRow, type Failure, type Sample } from './naive-compare';
import { round } from './stats';

export const EXPLORER_STREAM = '/api/stream?datasets=icd,icdb&components=video,image';
export const NAIVE_STREAM = '/bench/naive-stream';

export interface StreamRun {
	bytes: number;
	records: number;
	firstRecordMs: number;
	allRecordsMs: number;
}

/** Counts the records in a stream's chunks, pushed in order; finish() checks nothing is left over. */
interface RecordCounter {
	push(chunk: Uint8Array): number;
	finish(): void;
}

/** Counts records in the explorer's frames: batches are decoded into columns, as the worker does. */
function frameCounter(): RecordCounter {
	const frames = new StreamDecoder();
	return {
		push(chunk) {
			let n = 0;
			for (const event of frames.push(chunk)) {
				if (event.type === 'batch') n += event.batch.length;
				else if (event.message.type === 'error') throw new Error(`stream error: ${event.message.message}`);
			}
			return n;
		},
		finish() {
			if (frames.pending > 0) throw new Error('the stream ended in the middle of a frame');
		}
	};
}

/** Counts items in NDJSON lines, each parsed in full, as the naive page does. */
function ndjsonCounter(): RecordCounter {
	const decoder = new TextDecoder();
	let pending = '';
	return {
		push(chunk) {
			pending += decoder.decode(chunk, { stream: true });
			let n = 0;
			let end: number;
			while ((end = pending.indexOf('\n')) >= 0) {
				const page = JSON.parse(pending.slice(0, end)) as { items?: unknown[]; error?: string };
				if (page.error) throw new Error(`stream error: ${page.error}`);
				n += page.items?.length ?? 0;
				pending = pending.slice(end + 1);
			}
			return n;
		},
		finish() {
			if (pending.trim() !== '') throw new Error('the stream ended in the middle of a line');
		}
	};
}

/** One full read of a stream; rejects on a timeout (the request is aborted) or a bad stream. */
export async function readStream(url: string, counter: RecordCounter, timeoutMs: number): Promise<StreamRun> {
	const signal = AbortSignal.timeout(timeoutMs);
	const started = performance.now();
	const response = await fetch(url, { signal });
	if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
	let bytes = 0;
	let records = 0;
	let firstRecordMs = NaN;
	const reader = response.body.getReader();
	for (;;) {
		const { done, value: chunk } = await reader.read();
		if (done) break;
		bytes += chunk.byteLength;
		records += counter.push(chunk);
		if (records > 0 && Number.isNaN(firstRecordMs)) firstRecordMs = performance.now() - started;
	}
	counter.finish();
	return { bytes, records, firstRecordMs, allRecordsMs: performance.now() - started };
}

type Outcome = StreamRun | Failure;

/** The warm-up reads stop here: enough to warm the JIT and the first pages of the database. */
const WARM_UP_MS = 15_000;

async function attempt(url: string, counter: RecordCounter, timeoutMs: number): Promise<Outcome> {
	try {
		return await readStream(url, counter, timeoutMs);
	} catch (error) {
		if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return failed(`> ${timeoutMs / 1000} s (timed out)`);
		return failed(`failed: ${error instanceof Error ? error.message : error}`);
	}
}

const describe = (r: Outcome) => (isFailure(r) ? r.failed : `${r.records.toLocaleString('en')} records in ${round(r.allRecordsMs / 1000)} s`);

export interface StreamBench {
	runs: number;
	records: { explorer: number | null; baseline: number | null };
	rows: ComparisonRow[];
}

/** `baseUrl`: the production server's; `naiveUrl`: the naive baseline's (the bench's own build). */
export async function benchStream(baseUrl: string, naiveUrl: string, options: { runs: number; timeoutSeconds: number; log: (s: string) => void }): Promise<StreamBench> {
	const timeoutMs = options.timeoutSeconds * 1000;
	const explorer: Outcome[] = [];
	const baseline: Outcome[] = [];
	// One discarded read of each (its first WARM_UP_MS) warms SQLite's page cache and the JIT for both alike.
	await attempt(baseUrl + EXPLORER_STREAM, frameCounter(), Math.min(timeoutMs, WARM_UP_MS));
	await attempt(naiveUrl + NAIVE_STREAM, ndjsonCounter(), Math.min(timeoutMs, WARM_UP_MS));
	// Alternating the two spreads any drift of the machine over both.
	for (let i = 0; i < options.runs; i++) {
		explorer.push(await attempt(baseUrl + EXPLORER_STREAM, frameCounter(), timeoutMs));
		// A side that timed out is not run again at this size (see timedOutBefore).
		baseline.push(timedOutBefore(baseline) ?? (await attempt(naiveUrl + NAIVE_STREAM, ndjsonCounter(), timeoutMs)));
		options.log(`  stream run ${i + 1}/${options.runs}: explorer ${describe(explorer[i])}; naive ${describe(baseline[i])}`);
	}
	const pick = (runs: Outcome[], f: (r: StreamRun) => number): Sample[] => runs.map((r) => (isFailure(r) ? r : f(r)));
	const count = (runs: Outcome[]) => runs.find((r): r is StreamRun => !isFailure(r))?.records ?? null;
	return {
		runs: options.runs,
		records: { explorer: count(explorer), baseline: count(baseline) },
		rows: [
			compare('bytes on the wire per record', 'B', 'lower', pick(explorer, (r) => r.bytes / r.records), pick(baseline, (r) => r.bytes / r.records), 1),
			compare('time to first record', 'ms', 'lower', pick(explorer, (r) => r.firstRecordMs), pick(baseline, (r) => r.firstRecordMs), 1),
			compare('time to all records', 's', 'lower', pick(explorer, (r) => r.allRecordsMs / 1000), pick(baseline, (r) => r.allRecordsMs / 1000), 2),
			compare('records per second', 'records/s', 'higher', pick(explorer, (r) => r.records / (r.allRecordsMs / 1000)), pick(baseline, (r) => r.records / (r.allRecordsMs / 1000)), 0)
		]
	};
}
