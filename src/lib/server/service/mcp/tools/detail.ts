// getOneIcdVideo, getOneIcdImage, getOneIcdbVideo, getOneIcdbImage.
import { COMPONENTS, DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { operationId } from '../../names';
import { recordDetail, uuidParam } from '../../schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

export function detailTools(dataset: Dataset): McpTool[] {
	return COMPONENTS.map((component) => {
		const what = `${DATASET_LABEL[dataset]} ${component}`;
		return defineTool({
			name: operationId.detail(dataset, component),
			title: `${what} record`,
			description:
				`The full ${what} record by uuid (from search results or geo manifests): the summary fields plus report${component === 'video' ? ' and transcript' : ''}. ` +
				`If you have the component id (primary_id) instead, use ${operationId.byComponentId(dataset, component)}. ` +
				'not_found means no such record, or one outside what this key may see.',
			dataset,
			feature: 'detail',
			input: uuidParam,
			args: 'query',
			output: recordDetail,
			hints: READ_ONLY,
			run: ({ deps, key, at }, { uuid }) => deps.reads.json('detail', at, key, dataset, component, uuid)
		});
	});
}
