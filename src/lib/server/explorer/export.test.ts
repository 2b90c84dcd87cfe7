import { afterEach, describe, expect, it } from 'vitest';
import type { PartId } from '../../types/stream';
import { ServiceClient } from './client';
import { exportStream, type ExportRequest } from './export';
import { Pacer } from './pacer';
import { startFakeService, type FakeService } from './testing/fake-service';

const PARTS: PartId[] = ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'];

let fake: FakeService;
afterEach(() => fake?.close());

/** Reads the whole export slowly (a compressing or distant reader), with a deadline that names a stall. */
async function readSlowly(body: ReadableStream<Uint8Array>, pauseMs: number): Promise<string> {
	const reader = body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	for (;;) {
		const next = await Promise.race([reader.read(), new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 10_000))]);
		if (next === 'stalled') throw new Error(`the export stalled after ${text.split('\n').length - 1} lines`);
		if (next.done) return text;
		text += decoder.decode(next.value, { stream: true });
		await new Promise((resolve) => setTimeout(resolve, pauseMs));
	}
}

describe('exportStream', () => {
	it('finishes with every record when the reader is slower than the four concurrent parts', async () => {
		fake = await startFakeService({ 'icd/videos': 900, 'icd/images': 900, 'icdb/videos': 900, 'icdb/images': 900 });
		const client = new ServiceClient({ baseUrl: fake.url, apiKey: 'test-key-123', pacer: new Pacer(), retry: { baseMs: 20, capMs: 100 } });
		const request: ExportRequest = { format: 'csv', parts: PARTS, countries: [], entities: [], areas: [] };
		// Pages of 50: 72 pages for a queue of 8, so every part finds it full again and again.
		const csv = await readSlowly(exportStream(client, request, new AbortController().signal, { pageSize: 50 }), 5);
		const lines = csv.trimEnd().split('\n');
		const expected = ['icd/videos', 'icd/images', 'icdb/videos', 'icdb/images'].flatMap((p) => fake.records(p)).filter((r) => Number.isFinite(r.dominant_lat));
		expect(lines.length - 1).toBe(expected.length);
		expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(expected.length);
	});
});
