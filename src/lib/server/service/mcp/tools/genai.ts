// icdDomainGenAiChat, icdbDomainGenAiChat. Conversation deletion stays REST-only (spec).
import { DATASET_LABEL, type Dataset } from '../../../../types/dataset';
import { genaiRequest, genaiResponse } from '../../genai/schemas';
import { genaiTurn } from '../../genai/turn';
import { operationId } from '../../names';
import { defineTool, GENAI_TURN, type McpTool } from '../tool';

export function genaiTools(dataset: Dataset): McpTool[] {
	const label = DATASET_LABEL[dataset];
	return [
		defineTool({
			name: operationId.genaiChat(dataset),
			title: `${label} Domain GenAI chat`,
			description:
				`Ask a question about ${label} records and get an answer grounded in cited ${label} sources (one Domain GenAI turn). ` +
				'Each successful call is a billable turn that consumes credits (see credits_charged, credits_remaining): never replay or retry it automatically, a repeat is another billable turn. ' +
				'The question is read for places, organisations, periods and components (see interpretation in the result); counting, ranking, trend and comparison questions are answered with exact figures over every record the key may see (figures). ' +
				'On the first turn omit conversation_id; for a follow-up send the conversation_id returned by the previous successful turn, and restate critical context in long conversations. ' +
				'If the answer is conversation_unavailable, start over without conversation_id. ' +
				'Answers are grounded in the returned sources but may be incomplete: show the sources with their dataset labels and verify critical conclusions against them. ' +
				`To find records without an answer, use ${operationId.nlSearch(dataset)}. Sources are limited to what this key may see.`,
			dataset,
			feature: 'genai',
			input: genaiRequest,
			args: 'body',
			output: genaiResponse,
			hints: GENAI_TURN,
			run: ({ deps, key }, body) => genaiTurn(deps, key, dataset, body)
		})
	];
}
