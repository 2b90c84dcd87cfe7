// BENCHMARK BASELINE, not used by the explorer. GET /bench/naive-stream forwards the service's
// geo-manifest pages the straightforward way: every page of the four manifests, as the explorer's
// server-side client returns it (uuid, lat, lon, date, country, entity per item), is written as one
// NDJSON line of JSON. `npm run bench -- --only stream|browser` compares it with /api/stream.
// The parts are walked concurrently, as the explorer's walker does, so that the comparison is
// about the format and the browser's work, not about walking one manifest after another.
// Not in the production build: built into build-bench/ by the benchmark (svelte.config.js, BENCH_BUILD).
import { service } from '$lib/server/explorer/endpoints';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '$lib/types/dataset';
// Kit's own type, not ./$types: those are generated only in the bench's build (build-bench/kit).
import type { RequestHandler } from '@sveltejs/kit';

export const GET: RequestHandler = ({ url, request }) => {
	// The same service access as the explorer's stream (geo-manifest pages in process when embedded).
	const { client } = service(url);
	const signal = request.signal;
	const encoder = new TextEncoder();

	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			const line = (value: unknown) => {
				if (!signal.aborted) controller.enqueue(encoder.encode(JSON.stringify(value) + '\n'));
			};
			const walk = async (dataset: Dataset, component: Component) => {
				const part = `${dataset}/${component}`;
				let cursor: string | undefined;
				do {
					const page = await client.geoManifestPage(dataset, component, { cursor, limit: 5000 }, { signal });
					line({ part, items: page.items, total: page.total, nextCursor: page.nextCursor });
					cursor = page.nextCursor ?? undefined;
				} while (cursor && !signal.aborted);
			};
			// Not awaited: start() returns so that the body streams while the walks run.
			void Promise.all(DATASETS.flatMap((d) => COMPONENTS.map((c) => walk(d, c))))
				.catch((error) => line({ error: error instanceof Error ? error.message : String(error) }))
				.finally(() => {
					try {
						controller.close();
					} catch {
						// Already cancelled by the reader.
					}
				});
		}
	});
	return new Response(body, { headers: { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' } });
};
