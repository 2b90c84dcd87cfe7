// Request and response of natural language search (searchIcdNl, searchIcdbNl): the single source
// for validation, types, /openapi.json and the MCP tool input schema.
import { z } from 'zod';
import { CONTROL_CHARS, DATE_FROM, DATE_TO, dateRange, filterText, isoDate, queryInt, recordSummary, searchResponse } from '../schemas';
import { SECTION_TYPES } from './chunks';
import { ignoreGroups, interpretation } from '../question/schemas';

export const NL_DEFAULT_PER_PAGE = 10;
export const NL_MAX_PER_PAGE = 50;
export const NL_DEFAULT_TOP_K = 50;
export const NL_MAX_TOP_K = 200;
export const NL_MAX_QUESTION = 4000;

/**
 * Something to search with: a letter or digit somewhere. A pattern rather than a refinement, so that
 * /openapi.json and the MCP input schemas state it (a blank text has no letter either).
 */
export const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A question: not blank, not a document, something to search with. */
export const question = (max: number) =>
	z
		.string()
		.max(max, `must be at most ${max} characters`)
		.refine((s) => s.trim().length > 0, 'must not be empty')
		.regex(HAS_LETTER_OR_DIGIT, 'must contain at least one letter or digit')
		.refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed')
		.meta({ minLength: 1 });

export const nlSearchQuery = z
	.strictObject({
		search: question(NL_MAX_QUESTION).describe(
			`The question or descriptive phrase, 1 to ${NL_MAX_QUESTION} characters with at least one letter or digit; any punctuation is fine, nothing is query syntax. Places, organisations, periods and components it names become filters, reported in interpretation.`
		),
		country: filterText
			.describe('Only records whose primary country is this name (exact, case-insensitive); a place the question names that contradicts it is overridden.')
			.optional(),
		entity: filterText
			.describe('Only records of this entity (exact name, case-insensitive); an organisation the question names that contradicts it is overridden.')
			.optional(),
		source_component: z
			.enum(['all', 'video', 'image'])
			.transform((c) => (c === 'all' ? undefined : c))
			.describe('video, image, or all (the default, as source_component_filter echoes it)')
			.optional(),
		page: queryInt(1, 1_000_000).describe('Page of the ranked list, from 1 (default 1); a page past the end is an empty 200.').optional(),
		per_page: queryInt(1, NL_MAX_PER_PAGE)
			.describe(`Results per page, 1 to ${NL_MAX_PER_PAGE} (default ${NL_DEFAULT_PER_PAGE}); above is 400, never a clamp.`)
			.optional(),
		top_k: queryInt(1, NL_MAX_TOP_K)
			.describe(`How many records are ranked, 1 to ${NL_MAX_TOP_K} (default ${NL_DEFAULT_TOP_K}); page and per_page page over them, itemsTotal counts them.`)
			.optional(),
		date_from: isoDate.describe(DATE_FROM).optional(),
		date_to: isoDate.describe(DATE_TO).optional(),
		ignore: ignoreGroups.optional()
	})
	.superRefine(dateRange);
export type NlSearchQuery = z.output<typeof nlSearchQuery>;

export const nlSearchItem = recordSummary
	.pick({ uuid: true, primary_id: true, primary_date: true, entity: true, primary_country: true, summary: true })
	.extend({
		source_component: z.enum(['video', 'image']),
		source_database: z.enum(['ICD', 'ICDB']),
		sub_entity: z.string().optional(),
		score: z.number().min(0).max(1).describe('relevance in 0..1; items are in descending order'),
		match_chunk_id: z.string().describe('the best-matching chunk: stable across restarts'),
		section_type: z.enum(SECTION_TYPES)
	});
export type NlSearchItem = z.infer<typeof nlSearchItem>;

export const nlSearchResponse = searchResponse.omit({ items: true }).extend({
	status: z.literal('ok'),
	itemsTotal: z.number().int().describe('ranked records, at most top_k'),
	retrieval_question: z.string(),
	source_component_filter: z.string().describe('video, image, or all'),
	top_k: z.number().int(),
	items: z.array(nlSearchItem),
	interpretation: interpretation.optional()
});
export type NlSearchResponse = z.infer<typeof nlSearchResponse>;
