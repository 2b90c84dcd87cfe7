// Request and response of Domain GenAI (icdDomainGenAiChat, icdbDomainGenAiChat).
import { z } from 'zod';
import { dateRange, filterText, isoDate, recordSummary } from '../schemas';
import { ignoreGroups, interpretation } from '../question/schemas';
import { SECTION_TYPES } from '../nl/chunks';
import { question } from '../nl/schemas';

export const GENAI_DEFAULT_TOP_K = 8;
export const GENAI_MAX_TOP_K = 50;
export const GENAI_MAX_QUESTION = 4000;

export const genaiRequest = z
	.strictObject({
		question: question(GENAI_MAX_QUESTION).describe(`the question, 1 to ${GENAI_MAX_QUESTION} characters with at least one letter or digit`),
		conversation_id: z.string().min(1).max(200).optional().describe('opaque, from the preceding successful turn; omit on the first turn'),
		primary_country: filterText.optional().describe('focuses retrieval on records of this country'),
		entity: filterText.optional().describe('focuses retrieval on records of this entity'),
		top_k: z.number().int().min(1).max(GENAI_MAX_TOP_K).optional().describe(`most sources to use (default ${GENAI_DEFAULT_TOP_K})`),
		date_from: isoDate
			.optional()
			.describe('(addition) limits the turn to records from this date (YYYY-MM-DD, inclusive; on or before date_to); the question can narrow it'),
		date_to: isoDate
			.optional()
			.describe('(addition) limits the turn to records up to this date (YYYY-MM-DD, inclusive; on or after date_from); the question can narrow it'),
		source_component: z.enum(['video', 'image']).optional().describe('(addition) limits the turn to one component'),
		ignore: ignoreGroups.optional()
	})
	.superRefine(dateRange);
export type GenaiRequest = z.output<typeof genaiRequest>;

const figures = z
	.object({
		kind: z
			.enum(['count', 'rank', 'trend', 'compare', 'changes'])
			.describe('changes: places whose records in the period differ from their own baseline beyond chance (emerging hotspots)'),
		dimension: z
			.enum(['entity', 'sub_entity', 'country', 'area', 'town', 'year', 'month', 'component', 'date'])
			.optional()
			.describe('rank: what is ranked; trend: the bucket; compare: what is compared'),
		total: z.number().int().describe('records within every filter that the key may see (compare: all compared values together)'),
		groups: z
			.array(
				z.object({
					label: z.string(),
					count: z.number().int(),
					expected: z.number().optional().describe("changes: the records the place's baseline leads one to expect in the period"),
					change: z.enum(['new', 'intensifying', 'diminishing']).optional().describe('changes: how the place changed'),
					centre: z.tuple([z.number(), z.number()]).optional().describe("changes: the place's cell centre, [longitude, latitude]")
				})
			)
			.optional()
			.describe(
				'rank: most first (fewest first with order "least"); trend: in time order; compare: in the order the question names them; changes: strongest change first'
			),
		order: z.literal('least').optional().describe('rank: the question asked for the fewest, and groups are fewest first'),
		by_component: z.object({ video: z.number().int().optional(), image: z.number().int().optional() }),
		period: z.object({ from: z.string().nullable(), to: z.string().nullable() }).describe('the dates covered'),
		text_terms: z.array(z.string()).optional().describe('words every counted record contains'),
		baseline: z
			.object({ from: z.string(), to: z.string(), windows: z.number().int() })
			.optional()
			.describe('changes: the windows of the same length before the period that it was compared with'),
		tested: z.number().int().optional().describe('changes: places (grid cells) with records in the period or its baseline'),
		note: z.string().optional()
	})
	.describe('(addition) The figure an aggregate question asks for, computed over the whole dataset.');

export const genaiSource = recordSummary.omit({ dominant_lat: true, dominant_long: true }).extend({
	citation: z.number().int().describe('the [n] that cites this source in the answer'),
	dataset: z.enum(['ICD', 'ICDB']).describe('dataset label: keep it when showing the source'),
	source_database: z.enum(['ICD', 'ICDB']),
	source_component: z.enum(['video', 'image']),
	score: z.number().min(0).max(1),
	match_chunk_id: z.string(),
	section_type: z.enum(SECTION_TYPES),
	excerpt: z.string().describe('the supporting chunk (shortened)')
});
export type GenaiSource = z.infer<typeof genaiSource>;

export const usage = z.object({
	prompt_tokens: z.number().int(),
	output_tokens: z.number().int(),
	total_tokens: z.number().int()
});
export type Usage = z.infer<typeof usage>;

export const genaiResponse = z
	.object({
		answer: z.string(),
		sources: z.array(genaiSource),
		response_id: z.string(),
		conversation_id: z.string(),
		conversation_expires_at: z.string().meta({ format: 'date-time' }).describe('current inactivity deadline'),
		conversation_absolute_expires_at: z.string().meta({ format: 'date-time' }).describe('fixed maximum-lifetime deadline'),
		usage,
		rag_prompt_tokens: z.number().int().meta({ deprecated: true }).describe('deprecated since v1.3.0, removed not before v2.0.0: same as usage.prompt_tokens'),
		rag_output_tokens: z.number().int().meta({ deprecated: true }).describe('deprecated since v1.3.0, removed not before v2.0.0: same as usage.output_tokens'),
		rag_total_tokens: z.number().int().meta({ deprecated: true }).describe('deprecated since v1.3.0, removed not before v2.0.0: same as usage.total_tokens'),
		answer_provider: z.string().describe('offline, or llm:<model>'),
		credits_charged: z.number().int(),
		credits_remaining: z.number().int(),
		interpretation: interpretation.optional(),
		figures: figures.optional()
	})
	.loose();
export type GenaiResponse = z.infer<typeof genaiResponse>;
