// The explorer's own endpoints (/api/*, src/routes/api): one zod schema per request, the single
// declaration of what each reads and what it makes of it. The explorer's server parses with them
// (parse.ts); the page imports their types (`import type`: zod stays out of the page's scripts), so
// the body it sends is the one declared here; requests.ts builds the queries the page sends.
//
// A request that does not pass is answered 400 `{ message }` with the message of its first
// problem: each schema checks in the order people are told, and stops at the first (stages()).
// The messages say what to change; docs/explorer.md lists the endpoints.
import { z } from 'zod';
import { parseAreas } from '../geo/areas';
import { isIdRef } from '../stream/decode';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../types/dataset';
import type { UnderstoodGroup } from '../types/search';
import { MAX_STREAM_ID, type PartId } from '../types/stream';
import type { QueryInput } from './parse';

export const MAX_QUESTION = 4000;
export const MAX_SEARCH = 1000;
/** The last page of merged search results that may be asked for. */
export const MAX_SEARCH_PAGE = 100;
/** Countries and organisations an export filters by, each. */
export const MAX_EXPORT_NAMES = 500;
export const UNDERSTOOD_GROUPS = ['place', 'date', 'organisation', 'component'] as const satisfies readonly UnderstoodGroup[];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A version of the record stream, as the explorer's server names them (stream-cache/snapshot.ts). */
const STREAM_VERSION = /^[0-9a-f]{24}$/;

const notADate = (day: unknown) => `"${day}" is not a date (YYYY-MM-DD).`;
const IGNORE_PARTS = `ignore lists parts of the question: ${UNDERSTOOD_GROUPS.join(', ')}.`;

// ---- checking in order ----

type Merged<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? { [K in keyof I]: I[K] } : never;

/**
 * A schema that checks in stages, each a schema of its own over the whole input: the first stage
 * that fails answers (its first problem), so a request with several mistakes is told of the one it
 * would have been told of first; the value is every stage's value together.
 */
function stages<const S extends readonly z.ZodType<object>[]>(...list: S) {
	return z.unknown().transform((input, ctx) => {
		// A JSON array is an object without the fields asked for, as the checks read it.
		const fields = Array.isArray(input) ? Object.assign({}, input) : input;
		const value: Record<string, unknown> = {};
		for (const stage of list) {
			const result = stage.safeParse(fields);
			if (!result.success) {
				for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
				return z.NEVER;
			}
			Object.assign(value, result.data);
		}
		return value as Merged<z.output<S[number]>>;
	});
}

// ---- reading queries (parse.ts: queryInput) ----

/** The first value given, as URLSearchParams.get reads it (undefined when there is none). */
const firstValue = z
	.array(z.string())
	.optional()
	.transform((values) => values?.[0]);

/** Passes the query on as it is, for a check of the names it gives (which z.object would drop). */
const wholeQuery = z.custom<QueryInput>((input) => typeof input === 'object' && input !== null);

function readDataset(text: string): Dataset | undefined {
	const value = text.trim().toLowerCase();
	return DATASETS.find((d) => d === value);
}

/** "video" or "videos", as people (and the service's paths) say it. */
function readComponent(text: string): Component | undefined {
	const value = text.trim().toLowerCase().replace(/s$/, '');
	return COMPONENTS.find((c) => c === value);
}

/** `icd,icdb`: names separated by commas (each once, in the order given), every one when none is given. */
function nameList<T extends string>(all: readonly T[], read: (text: string) => T | undefined, noun: string) {
	return firstValue.transform((text, ctx) => {
		if (text === undefined || text.trim() === '') return [...all];
		const values: T[] = [];
		for (const word of text.split(',')) {
			const value = read(word);
			if (!value) {
				ctx.addIssue({ code: 'custom', message: `Unknown ${noun} "${word.trim()}"; expected ${all.join(', ')}.` });
				return z.NEVER;
			}
			if (!values.includes(value)) values.push(value);
		}
		return values;
	});
}

const PART_NAMES = ['datasets', 'components'];

/**
 * `?datasets=icd,icdb&components=video,image` (each defaults to all) → the parts to walk, datasets
 * × components. `others`: the endpoint's other parameters, read by its other stages. Any further
 * name is refused (`also` is named in the message beside the parts' own), or with `unknown:
 * 'ignored'` left unread; a part's parameter given twice is refused (list values with commas).
 */
export function streamParts(options: { others?: readonly string[]; also?: string; unknown?: 'refused' | 'ignored' } = {}) {
	const { others = [], also, unknown = 'refused' } = options;
	return wholeQuery
		.superRefine((query, ctx) => {
			for (const name of Object.keys(query)) {
				if (others.includes(name)) continue;
				const part = PART_NAMES.includes(name);
				if (!part && unknown === 'ignored') continue;
				if (!part)
					return ctx.addIssue({ code: 'custom', message: `Unknown parameter "${name}"; expected datasets and components${also ? ` (and ${also})` : ''}.` });
				if (query[name].length > 1)
					return ctx.addIssue({ code: 'custom', message: `The parameter "${name}" is given more than once; list values separated by commas.` });
			}
		})
		.pipe(z.object({ datasets: nameList(DATASETS, readDataset, 'dataset'), components: nameList(COMPONENTS, readComponent, 'component') }))
		.transform(({ datasets, components }) => datasets.flatMap((d) => components.map((c) => `${d}/${c}` as PartId)));
}

/** A date (YYYY-MM-DD) when one is given (an empty value is none); as written, not trimmed. */
const optionalDay = firstValue
	.refine((day) => !day || ISO_DAY.test(day), { error: (issue) => notADate(issue.input) })
	.transform((day) => day || undefined)
	.optional();

// ---- GET /api/stream ----

/**
 * `?datasets=…&components=…[&since=VERSION]`: the parts (streamParts), and `since`, the version of
 * the stream the page already holds (from a 'done' message), to be sent only what is newer.
 */
export const streamQuery = stages(
	z.object({
		since: z
			.array(z.string())
			.optional()
			.refine((values) => !values || values.length === 1, 'The parameter "since" is given more than once.')
			.transform((values) => values?.[0] ?? null)
			.pipe(
				z
					.string()
					.regex(STREAM_VERSION, {
						error: (issue) =>
							`"since" must be a version of the record stream (24 hexadecimal digits), as its 'done' message gives it; got "${String(issue.input).slice(0, 40)}".`
					})
					.nullable()
			)
	}),
	streamParts({ others: ['since'], also: 'since' }).transform((parts) => ({ parts }))
);
export type StreamRequest = z.output<typeof streamQuery>;

// ---- GET /api/record/{dataset}/{component}/{ref}, GET /api/media/… ----

/** A record named by its uuid or by its primary_id (the component id, as the record stream names it). */
export interface RecordRef {
	dataset: Dataset;
	component: Component;
	uuid?: string;
	primaryId?: number;
}

/** The path's `{dataset}/{component}/{ref}`: ref is a uuid (with its dashes) or a primary_id (digits). */
export const recordRef = z
	.object({
		dataset: z
			.string()
			.optional()
			.transform((text, ctx) => {
				const dataset = readDataset(text ?? '');
				if (dataset) return dataset;
				ctx.addIssue({ code: 'custom', message: `Unknown dataset "${text}"; expected ${DATASETS.join(' or ')}.` });
				return z.NEVER;
			}),
		component: z
			.string()
			.optional()
			.transform((text, ctx) => {
				const component = readComponent(text ?? '');
				if (component) return component;
				ctx.addIssue({ code: 'custom', message: `Unknown component "${text}"; expected ${COMPONENTS.join(' or ')}.` });
				return z.NEVER;
			}),
		ref: z
			.string()
			.optional()
			.transform((text = '', ctx): { uuid: string } | { primaryId: number } => {
				if (UUID.test(text)) return { uuid: text.toLowerCase() };
				if (isIdRef(text) && Number(text) <= MAX_STREAM_ID) return { primaryId: Number(text) };
				ctx.addIssue({ code: 'custom', message: `"${text}" is neither a record uuid nor a record id (primary_id).` });
				return z.NEVER;
			})
	})
	.transform(({ dataset, component, ref }): RecordRef => ({ dataset, component, ...ref }));

// ---- GET /api/search ----

/** `?mode=keyword|meaning&q=…&datasets=…&components=…&country=…&entity=…&from=…&to=…&page=…&ignore=…`; other names are not read. */
export const searchQuery = stages(
	z.object({
		mode: firstValue
			.transform((mode) => mode ?? 'keyword')
			.pipe(z.enum(['keyword', 'meaning'], { error: (issue) => `Unknown search mode "${issue.input}"; expected keyword or meaning.` })),
		q: firstValue
			.transform((q) => (q ?? '').trim())
			.pipe(z.string().min(1, 'Type something to search for.').max(MAX_SEARCH, `The search is too long (at most ${MAX_SEARCH} characters).`))
	}),
	streamParts({ unknown: 'ignored' }).transform((parts) => ({
		datasets: DATASETS.filter((d) => parts.some((p) => p.startsWith(`${d}/`))),
		components: COMPONENTS.filter((c) => parts.some((p) => p.endsWith(`/${c}`)))
	})),
	z.object({
		from: optionalDay,
		to: optionalDay,
		/** 1-based page of the merged results. */
		page: firstValue.transform((text, ctx) => {
			const page = Number(text ?? '1');
			if (Number.isInteger(page) && page >= 1 && page <= MAX_SEARCH_PAGE) return page;
			ctx.addIssue({ code: 'custom', message: `"${text}" is not a page number (1 to ${MAX_SEARCH_PAGE}).` });
			return z.NEVER;
		}),
		/** Meaning search: parts of the question the analyst removed, separated by commas. */
		ignore: firstValue.transform((text, ctx) => {
			const groups = (text ?? '')
				.split(',')
				.map((g) => g.trim())
				.filter(Boolean);
			const unknown = groups.find((g) => !UNDERSTOOD_GROUPS.includes(g as UnderstoodGroup));
			if (unknown === undefined) return [...new Set(groups)] as UnderstoodGroup[];
			ctx.addIssue({ code: 'custom', message: `"${unknown}" is not a part of a question; expected ${UNDERSTOOD_GROUPS.join(', ')}.` });
			return z.NEVER;
		}),
		country: firstValue.transform((text) => text?.trim() || undefined),
		entity: firstValue.transform((text) => text?.trim() || undefined)
	})
).transform(({ mode, q, datasets, components, from, to, page, ignore, country, entity }) => ({
	mode,
	query: q,
	datasets,
	components,
	country,
	entity,
	dateFrom: from?.trim() || undefined,
	dateTo: to?.trim() || undefined,
	page,
	ignore
}));
export type SearchRequest = z.output<typeof searchQuery>;

// ---- GET /api/export ----

export const EXPORT_FORMATS = ['csv', 'geojson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const EXPORT_FILTERS = ['format', 'countries', 'entities', 'from', 'to', 'areas'];

/** Names may hold commas ("Korea, Republic of"): an export's lists are separated by "|". */
const barList = firstValue.transform((text) =>
	(text ?? '')
		.split('|')
		.map((s) => s.trim())
		.filter(Boolean)
);

/** `?format=csv&datasets=…&components=…&countries=A|B&entities=…&from=YYYY-MM-DD&to=…&areas=r:…|p:…` */
export const exportQuery = stages(
	z.object({
		format: firstValue
			.transform((format) => format ?? 'csv')
			.pipe(z.enum(EXPORT_FORMATS, { error: (issue) => `Unknown export format "${issue.input}"; expected csv or geojson.` }))
	}),
	streamParts({ others: EXPORT_FILTERS }).transform((parts) => ({ parts })),
	z.object({ from: optionalDay, to: optionalDay, countries: barList, entities: barList }).superRefine(({ from, to, countries, entities }, ctx) => {
		if (countries.length > MAX_EXPORT_NAMES || entities.length > MAX_EXPORT_NAMES)
			ctx.addIssue({ code: 'custom', message: `At most ${MAX_EXPORT_NAMES} countries and ${MAX_EXPORT_NAMES} organisations.` });
		else if (from && to && from > to) ctx.addIssue({ code: 'custom', message: `The start date ${from} is after the end date ${to}.` });
	}),
	z.object({
		/** Drawn areas (geo/areas.ts): only records inside one of them. */
		areas: firstValue.transform((text, ctx) => {
			const areas = parseAreas(text ?? '');
			if (areas.ok) return areas.areas;
			ctx.addIssue({ code: 'custom', message: areas.message });
			return z.NEVER;
		})
	})
);
export type ExportRequest = z.output<typeof exportQuery>;

// ---- POST /api/ask ----

/** Text where text is optional: trimmed; blank, or not text at all, is not given. */
const optionalText = z
	.string()
	.optional()
	.catch(undefined)
	.transform((text) => text?.trim() || undefined)
	.optional();

const askDay = optionalText.pipe(
	z
		.string()
		.regex(ISO_DAY, { error: (issue) => notADate(issue.input) })
		.optional()
);

/**
 * The body of one question: `{dataset, question, conversationId?, country?, entity?, from?, to?,
 * component?, ignore?}` as JSON. The page sends an AskBody (map/assist/api.ts).
 */
export const askBody = stages(
	z.custom<object>((body) => !!body && typeof body === 'object', { error: 'The request must be a JSON object.' }).transform(() => ({})),
	z.object({
		dataset: z.enum(DATASETS, { error: 'Choose the dataset to ask: icd or icdb.' }),
		question: z
			.string({ error: 'Type a question.' })
			.transform((q) => q.trim())
			.pipe(z.string().min(1, 'Type a question.').max(MAX_QUESTION, `The question is too long (at most ${MAX_QUESTION} characters).`))
	}),
	/** The map's dates: the question's context, which the question can narrow. */
	z.object({ from: askDay, to: askDay }).superRefine(({ from, to }, ctx) => {
		if (from && to && from > to) ctx.addIssue({ code: 'custom', message: 'The start date is after the end date.' });
	}),
	z.object({
		/** The map's single component, when it shows one. */
		component: optionalText.pipe(z.enum(['video', 'image'], { error: (issue) => `Unknown component "${issue.input}"; expected video or image.` }).optional()),
		/** Parts of the question the analyst removed (chips): not applied as filters. */
		ignore: z
			.array(z.enum(UNDERSTOOD_GROUPS, { error: IGNORE_PARTS }), { error: IGNORE_PARTS })
			.transform((groups) => (groups.length ? [...new Set(groups)] : undefined))
			.optional(),
		conversationId: optionalText,
		country: optionalText,
		entity: optionalText
	})
);
/** What the page sends and the explorer's server reads: one question. */
export type AskBody = z.output<typeof askBody>;

// ---- DELETE /api/ask/{dataset}/{conversation} ----

/** The path's `{dataset}/{conversation}`: the conversation to end. */
export const conversationRef = z.object({
	dataset: z.enum(DATASETS, { error: (issue) => `Unknown dataset "${issue.input}".` }),
	conversation: z.string({ error: 'Not a conversation id.' }).min(1, 'Not a conversation id.').max(200, 'Not a conversation id.')
});
