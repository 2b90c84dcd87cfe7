// searchIcdVideos, searchIcdImages, searchIcdbVideos, searchIcdbImages.
import { COMPONENTS, COMPONENT_PATH, DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { operationId } from '../../names';
import { searchQuery, searchResponse } from '../../schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

export function searchTools(dataset: Dataset): McpTool[] {
	return COMPONENTS.map((component) => {
		const what = `${DATASET_LABEL[dataset]} ${component}`;
		return defineTool({
			name: operationId.search(dataset, component),
			title: `Search ${DATASET_LABEL[dataset]} ${COMPONENT_PATH[component]}`,
			description:
				`Structured search of ${what} records (analysed from entity-generated video, audio, transcripts and images). ` +
				'Suits precise searches with known keywords or filters: plain keywords (every word must match), country, entity, date range; ' +
				'page through results with page and per_page (nextPage is null on the last page). ' +
				`When the component id is known, call ${operationId.byComponentId(dataset, component)} instead. ` +
				`Items are summaries; ${operationId.detail(dataset, component)} returns the full record with its report. ` +
				'An empty result is a normal answer, not an error, and does not prove that no such content exists: results are limited to what this key may see.',
			dataset,
			feature: 'search',
			input: searchQuery,
			args: 'query',
			output: searchResponse,
			hints: READ_ONLY,
			run: ({ deps, key, at }, params) => deps.reads.json('search', at, key, dataset, component, params)
		});
	});
}
