// searchIcdNl, searchIcdbNl.
import { COMPONENTS, DATASET_LABEL, type Component, type Dataset } from '../../../../types/dataset';
import { operationId } from '../../names';
import { nlSearchQuery, nlSearchResponse } from '../../nl/schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

export function nlSearchTools(dataset: Dataset): McpTool[] {
	const label = DATASET_LABEL[dataset];
	const list = (name: (dataset: Dataset, component: Component) => string) => COMPONENTS.map((c) => name(dataset, c)).join(', ');
	return [
		defineTool({
			name: operationId.nlSearch(dataset),
			title: `Natural language search of ${label}`,
			description:
				`Search ${label} by meaning with a descriptive phrase or question (search), across the transcripts, visual and audio analysis, summaries and metadata of both video and image records. ` +
				'Returns ranked records with relevance scores (0..1, best first) and the best-matching section; it generates no answer. ' +
				'Places, organisations, periods and components named in the question ("in Sudan in 2023", "last month", "videos") are applied as filters and reported in interpretation: show it, and pass ignore (place, date, organisation, component) to drop a part. ' +
				'Explicit country, entity, source_component and date range win over the question; top_k caps the ranked records, page and per_page page through them. ' +
				`For known keywords or filters use the search tools (${list(operationId.search)}); when the component id is known use ${list(operationId.byComponentId)}. ` +
				'Results are limited to what this key may see: an empty result does not prove that no such content exists.',
			dataset,
			feature: 'nl_search',
			input: nlSearchQuery,
			args: 'query',
			output: nlSearchResponse,
			hints: READ_ONLY,
			run: ({ deps, key, at }, params) => deps.reads.json('nlSearch', at, key, dataset, params)
		})
	];
}
