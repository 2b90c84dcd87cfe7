// getIcdVideoByComponentId, getIcdImageByComponentId, getIcdbVideoByComponentId, getIcdbImageByComponentId.
import { COMPONENTS, DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { operationId } from '../../names';
import { componentIdParam, recordDetail } from '../../schemas';
import { defineTool, READ_ONLY, type McpTool } from '../tool';

export function componentIdTools(dataset: Dataset): McpTool[] {
	return COMPONENTS.map((component) => {
		const what = `${DATASET_LABEL[dataset]} ${component}`;
		return defineTool({
			name: operationId.byComponentId(dataset, component),
			title: `${what} by component id`,
			description:
				`One ${what} record by its component id (primary_id), given as a number. ` +
				`Use this instead of keyword search (${operationId.search(dataset, component)}) whenever the component id is known. ` +
				`Returns the full record: the summary fields plus report${component === 'video' ? ' and transcript' : ''}. ` +
				'not_found means no such record, or one outside what this key may see.',
			dataset,
			feature: 'lookup',
			input: componentIdParam,
			args: 'query',
			output: recordDetail,
			hints: READ_ONLY,
			run: ({ deps, key, at }, { component_id }) => deps.reads.json('byComponentId', at, key, dataset, component, component_id)
		});
	});
}
