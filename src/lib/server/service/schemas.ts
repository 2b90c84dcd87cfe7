// One zod schema per request and response: the single source for validation, TypeScript types,
// /openapi.json and the MCP tools' input and output schemas. Descriptions written here reach both.
import { z } from 'zod';
import { ProblemError } from './problems';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;
export const MAX_SEARCH_LENGTH = 1000;
export const MAX_FILTER_LENGTH = 200;
export const MAX_PAGE = 1_000_000;
export const GEO_DEFAULT_LIMIT = 1000;
export const GEO_MAX_LIMIT = 5000;
export const SORTS = ['date_desc', 'date_asc', 'relevance', 'id_asc', 'id_desc'] as const;
export type Sort = (typeof SORTS)[number];

export const isoDate = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
	.refine((s) => {
		const d = new Date(`${s}T00:00:00Z`);
		return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
	}, 'not a calendar date')
	.meta({ format: 'date' });

/**
 * Query integers arrive as text: digits only, no signs, no exponents, no fractions. On the wire
 * they are integers (OpenAPI query parameters, MCP arguments), which the metadata declares.
 */
export const queryInt = (min: number, max: number) =>
	z
		.string()
		.regex(/^\d{1,10}$/, 'expected a whole number')
		.transform(Number)
		.pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
		.meta({ type: 'integer', minimum: min, maximum: max });

/** Control characters other than tab and line breaks (pasted text keeps those as spaces). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// Any printable text is a search: records/search-text.ts reads the grammar out of it and never
// passes it to FTS5 as syntax. Blank text is no search (records/search.ts); anything else needs a
// letter or digit, stated as a pattern so that /openapi.json and the MCP schemas carry it.
const searchText = z
	.string()
	.max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
	.regex(/^\s*$|[\p{L}\p{N}]/u, 'must contain at least one letter or digit')
	.refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed');

export const filterText = z
	.string()
	.max(MAX_FILTER_LENGTH, `must be at most ${MAX_FILTER_LENGTH} characters`)
	// eslint-disable-next-line no-control-regex -- finding control characters is the point
	.refine((s) => !/[\u0000-\u001f]/.test(s), 'control characters are not allowed');

export const dateRange = <T extends { date_from?: string; date_to?: string }>(q: T, ctx: z.RefinementCtx) => {
	if (q.date_from && q.date_to && q.date_from > q.date_to) {
		ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'date_from must be on or before date_to' });
	}
};

// date_from <= date_to spans two parameters, which JSON Schema cannot relate: the descriptions say it.
export const DATE_FROM = 'Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400.';
export const DATE_TO = 'Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400.';

/** Filters shared by structured search and geo manifests. */
const recordFilters = {
	country: filterText.describe('Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria".').optional(),
	entity: filterText.describe('Only records of this associated entity (exact name, case-insensitive).').optional(),
	date_from: isoDate.describe(DATE_FROM).optional(),
	date_to: isoDate.describe(DATE_TO).optional()
};

export const searchQuery = z
	.strictObject({
		search: searchText
			.describe(
				`Words to find in title, summary, report and transcript; every word must match. "Quoted words" match as a phrase, -word (or -"a phrase") excludes, word* matches as a prefix, hyphenated words (al-Qasr) match as a phrase; other punctuation separates words. Up to ${MAX_SEARCH_LENGTH} characters; blank is no search, otherwise at least one letter or digit (and a word to look for, not only -exclusions).`
			)
			.optional(),
		...recordFilters,
		page: queryInt(1, MAX_PAGE).describe('Page number, from 1 (default 1).').optional(),
		per_page: queryInt(1, MAX_PER_PAGE).describe(`Results per page, 1 to ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).`).optional(),
		sort: z.enum(SORTS).describe('Order: relevance (default with search), date_desc (default without), date_asc, id_asc, id_desc.').optional()
	})
	.superRefine(dateRange);
export type SearchQuery = z.output<typeof searchQuery>;

export const uuidParam = z.strictObject({
	uuid: z
		.string()
		.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'expected a uuid')
		.meta({ format: 'uuid', description: 'The record uuid, as returned in search results.' })
});

export const componentIdParam = z.strictObject({
	component_id: queryInt(1, 9_999_999_999).describe('The component id (primary_id) of the record, a positive integer.')
});

export const geoQuery = z
	.strictObject({
		cursor: z
			.string()
			.max(2000, 'cursor too long')
			.describe('next_cursor of the previous page, with every other parameter unchanged; omit for the first page.')
			.optional(),
		limit: queryInt(1, GEO_MAX_LIMIT).describe(`Items per page, 1 to ${GEO_MAX_LIMIT} (default ${GEO_DEFAULT_LIMIT}).`).optional(),
		...recordFilters
	})
	.superRefine(dateRange);
export type GeoQuery = z.output<typeof geoQuery>;

/**
 * JSON Schema of a request or response, for /openapi.json and MCP tool listings. Without
 * "$schema" (MCP clients validate with draft-07 defaults); integers carried as digit text keep
 * their integer type and lose the text pattern.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
	const out = z.toJSONSchema(schema, {
		io,
		unrepresentable: 'any',
		override: ({ jsonSchema: js }) => {
			if (js.type === 'integer') delete js.pattern;
		}
	}) as Record<string, unknown>;
	delete out.$schema;
	return out;
}

// ---- responses ----

export const recordSummary = z.object({
	uuid: z.string().meta({ format: 'uuid' }).optional(),
	primary_id: z.number().int().optional(),
	primary_date: z.string().meta({ format: 'date' }).optional(),
	entity: z.string().optional(),
	primary_country: z.string().optional(),
	title: z.string().optional(),
	second_geo_layer: z.string().optional(),
	dominant_lat: z.number().optional(),
	dominant_long: z.number().optional(),
	summary: z.string().optional()
});
export type RecordSummary = z.infer<typeof recordSummary>;

export const recordDetail = recordSummary.extend({
	report: z.string().optional(),
	transcript: z.string().optional()
});
export type RecordDetail = z.infer<typeof recordDetail>;

export const searchResponse = z.object({
	itemsReceived: z.number().int(),
	curPage: z.number().int(),
	nextPage: z.number().int().nullable(),
	prevPage: z.number().int().nullable(),
	offset: z.number().int(),
	perPage: z.number().int(),
	itemsTotal: z.number().int(),
	pageTotal: z.number().int(),
	items: z.array(recordSummary)
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const videoPlayerResponse = z.object({
	status: z.literal('ok'),
	embed_url: z.string(),
	expires: z.number().int().describe('unix epoch seconds'),
	uuid: z.string().meta({ format: 'uuid' }),
	title: z.string()
});

export const imageViewerResponse = z.object({
	status: z.literal('ok'),
	signed_url: z.string(),
	expires: z.number().int().describe('unix epoch seconds (an addition to the spec fields)'),
	uuid: z.string().meta({ format: 'uuid' }),
	title: z.string()
});

export const geoItem = z.object({
	uuid: z.string().meta({ format: 'uuid' }),
	primary_id: z.number().int(),
	primary_date: z.string().meta({ format: 'date' }),
	entity: z.string().optional(),
	primary_country: z.string().optional(),
	second_geo_layer: z.string().optional(),
	title: z.string().optional(),
	dominant_lat: z.number(),
	dominant_long: z.number()
});
export type GeoItem = z.infer<typeof geoItem>;

export const geoManifestResponse = z.object({
	status: z.literal('ok'),
	items: z.array(geoItem),
	itemsReceived: z.number().int(),
	itemsTotal: z.number().int(),
	limit: z.number().int(),
	next_cursor: z.string().nullable()
});
export type GeoManifestResponse = z.infer<typeof geoManifestResponse>;

export const problemSchema = z.object({
	type: z.string(),
	title: z.string(),
	status: z.number().int(),
	detail: z.string().optional(),
	instance: z.string().optional(),
	code: z.string().optional(),
	remediation: z.string().optional(),
	errors: z.array(z.object({ param: z.string(), message: z.string() })).optional()
});

/**
 * Parses query, path or tool parameters with a schema, turning failures into one 400 problem.
 * An optional parameter that is empty ("" or null) is not given: HTML forms and many clients send
 * every field. A required one stays, so its own message ("must not be empty") answers.
 */
export function parseParams<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
	const result = schema.safeParse(withoutBlankOptionals(schema, input));
	if (result.success) return result.data;
	const errors = result.error.issues.map((issue) => {
		const param = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? 'query');
		const message = issue.code === 'unrecognized_keys' ? 'unknown parameter' : issue.message;
		return { param, message };
	});
	const detail = errors.map((e) => `${e.param}: ${e.message}`).join('; ');
	throw new ProblemError('invalid_parameter', `Invalid parameters: ${detail}`, { errors });
}

function withoutBlankOptionals(schema: z.ZodType, input: Record<string, unknown>): Record<string, unknown> {
	if (!(schema instanceof z.ZodObject)) return input;
	const shape = schema.shape as Record<string, z.ZodType>;
	const out = { ...input };
	for (const [name, value] of Object.entries(input)) {
		if ((value === '' || value === null) && shape[name]?.safeParse(undefined).success) delete out[name];
	}
	return out;
}

/**
 * Query parameters that are lists: given repeated (ignore=date&ignore=place, how OpenAPI's default
 * query style sends an array, and so what generated clients send) or as one comma-separated value.
 * /openapi.json declares them as arrays (openapi.ts).
 */
export const LIST_PARAMS: ReadonlySet<string> = new Set(['ignore']);

/** A query string as a plain object; a parameter given twice is an error rather than a guess, except a list's. */
export function queryObject(params: URLSearchParams): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of params) {
		// Empty fields stay (an unknown name must still be refused) but are never a second value.
		if (k in out) {
			if (v === '') continue;
			if (LIST_PARAMS.has(k) && out[k] !== '') {
				out[k] += `,${v}`;
				continue;
			}
			if (out[k] !== '')
				throw new ProblemError('invalid_parameter', `Invalid parameters: ${k} given more than once`, {
					errors: [{ param: k, message: 'given more than once' }]
				});
		}
		out[k] = v;
	}
	return out;
}

/** Routes whose only inputs are path parameters refuse query parameters rather than ignore them. */
export function noQuery(query: Record<string, string>): void {
	const names = Object.keys(query);
	if (names.length > 0) {
		throw new ProblemError('invalid_parameter', `Invalid parameters: ${names.join(', ')}: unknown parameter`, {
			errors: names.map((param) => ({ param, message: 'unknown parameter' }))
		});
	}
}
