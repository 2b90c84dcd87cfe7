// getIcdVideoGeoManifest, getIcdImageGeoManifest, getIcdbVideoGeoManifest, getIcdbImageGeoManifest.
import { COMPONENTS, DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { operationId } from '../../names';
import { geoManifestResponse, geoQuery } from '../../schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

export function geoManifestTools(dataset: Dataset): McpTool[] {
	return COMPONENTS.map((component) => {
		const what = `${DATASET_LABEL[dataset]} ${component}`;
		return defineTool({
			name: operationId.geoManifest(dataset, component),
			title: `${what} geo manifest`,
			description:
				`Mappable ${what} records (with coordinates) for maps and counts by place, newest first in a deterministic order, one page per call. ` +
				'Call first without cursor; then pass the returned next_cursor with exactly the same other arguments, until next_cursor is null. ' +
				'If a cursor is rejected (invalid_cursor), repeat the same call without cursor to restart. ' +
				`For keyword queries use ${operationId.search(dataset, component)}. Results are limited to what this key may see.`,
			dataset,
			feature: 'geo',
			input: geoQuery,
			args: 'query',
			output: geoManifestResponse,
			hints: READ_ONLY,
			run: ({ deps, key, at }, params) => deps.reads.json('geoManifest', at, key, dataset, component, params)
		});
	});
}
