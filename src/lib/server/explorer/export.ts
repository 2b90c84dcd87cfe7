// Export of the records the map's filters select, as CSV or GeoJSON, streamed from the geo
// manifests under the server-held key (so the key's restrictions hold) with every field a
// manifest item has. The manifest narrows by what it supports (dates, one country, one entity);
// several countries or organisations are filtered here. The walk is the map's (restart on a
// rejected cursor, nothing twice), paced by how fast the browser reads.
import { DATASET_LABEL, type Component, type Dataset } from '../../types/dataset';
import type { GeoFilters, GeoItem } from './adapters/geo-manifest';
import { DrainGate } from './drain-gate';
import { failure, NO_STORE, service, upstreamFailure } from './endpoints';
import { ServiceError } from './errors';
import { walkManifests, type GeoManifestSource } from './walker';
import { areaTest } from '../../geo/areas';
import { parse, queryInput } from '../../explorer-api/parse';
import { exportQuery, type ExportFormat, type ExportRequest } from '../../explorer-api/schemas';
import { CsvFormat, GeoJsonFormat, type RecordsFormat } from './export-format';

export { csvCell, CSV_COLUMNS } from './export-format';

export type { ExportFormat, ExportRequest };

/** What the manifest can filter by itself; the rest is checked per item. */
function manifestFilters(r: ExportRequest): GeoFilters {
	return {
		country: r.countries.length === 1 ? r.countries[0] : undefined,
		entity: r.entities.length === 1 ? r.entities[0] : undefined,
		date_from: r.from,
		date_to: r.to
	};
}

export function exportStream(source: GeoManifestSource, r: ExportRequest, signal: AbortSignal, walk: { pageSize?: number } = {}): ReadableStream<Uint8Array> {
	const abort = new AbortController();
	signal.addEventListener('abort', () => abort.abort(), { once: true });
	const countries = r.countries.length > 1 ? new Set(r.countries) : null;
	const entities = r.entities.length > 1 ? new Set(r.entities) : null;
	const inAreas = areaTest(r.areas);
	const format: RecordsFormat = r.format === 'csv' ? new CsvFormat() : new GeoJsonFormat();
	const keep = (item: GeoItem) =>
		(!countries || countries.has(item.country ?? '')) && (!entities || entities.has(item.entity ?? '')) && (!inAreas || inAreas(item.lon, item.lat));
	// The parts are walked concurrently, so several writers may wait for the reader at once.
	const gate = new DrainGate();
	return new ReadableStream<Uint8Array>(
		{
			start(controller) {
				const write = async (bytes: Uint8Array) => {
					if (abort.signal.aborted || bytes.length === 0) return;
					await gate.write(controller, bytes);
				};
				void (async () => {
					try {
						await write(format.head());
						await walkManifests({
							source,
							parts: r.parts,
							signal: abort.signal,
							pageSize: walk.pageSize,
							filters: manifestFilters(r),
							emit: async (event) => {
								// A part that fails makes the file incomplete: the download fails rather than end short.
								if (event.type === 'error') throw new ServiceError({ status: event.status ?? 502, code: event.code, title: 'Export failed' }, event.message);
								if (event.type !== 'page') return;
								const [dataset, component] = event.part.split('/') as [Dataset, Component];
								const items = countries || entities || inAreas ? event.items.filter(keep) : event.items;
								await write(format.page(DATASET_LABEL[dataset], component, items));
							}
						});
						if (abort.signal.aborted) return;
						await write(format.tail());
						controller.close();
					} catch (error) {
						if (!abort.signal.aborted) controller.error(error);
					}
				})();
			},
			pull: gate.release,
			cancel() {
				abort.abort();
				gate.release();
			}
		},
		{ highWaterMark: 8 }
	);
}

/** GET /api/export : the filtered records as a file. Every part is asked first, so that a refusal is a status, not a short file. */
export async function exportEndpoint(url: URL, signal: AbortSignal): Promise<Response> {
	const parsed = parse(exportQuery, queryInput(url.searchParams));
	if (!parsed.ok) return failure(parsed.message, 400);
	const r = parsed.value;
	const { client } = service(url);
	let total = 0;
	try {
		for (const part of r.parts) {
			const [dataset, component] = part.split('/') as [Dataset, Component];
			total += (await client.geoManifestPage(dataset, component, { limit: 1, filters: manifestFilters(r) }, { signal, attempts: 1 })).total ?? 0;
		}
	} catch (error) {
		return upstreamFailure(error, signal);
	}
	const stamp = new Date().toISOString().slice(0, 10);
	const name = `records-${stamp}.${r.format === 'csv' ? 'csv' : 'geojson'}`;
	return new Response(exportStream(client, r, signal), {
		headers: {
			'content-type': r.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json',
			'content-disposition': `attachment; filename="${name}"`,
			// Before the explorer's own filtering of several countries, organisations or drawn areas: an upper bound then.
			'x-export-upper-bound': String(total),
			'x-content-type-options': 'nosniff',
			...NO_STORE
		}
	});
}
