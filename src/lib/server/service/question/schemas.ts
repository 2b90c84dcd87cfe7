// The interpretation as it goes out (NL search, Domain GenAI, their MCP tools), and the
// `ignore` parameter that drops parts of it: additions to the spec's fields, documented in
// docs/api.md ("How a question is understood").
import { z } from 'zod';
import { isoDate } from '../schemas';
import { IGNORE_VALUES, PART_GROUPS, type PartGroup } from './parts';

const IGNORE_PART = `(?:${IGNORE_VALUES.join('|')})`;
/** One string of parts, comma-separated, spaces around the commas allowed (as a URL is typed). */
const IGNORE_LIST = new RegExp(`^ *${IGNORE_PART}? *(?:, *${IGNORE_PART}? *)*$`);

/** Why a value of `ignore` was refused: the parts it names that are not parts. */
function ignoreRefusal(input: unknown): string {
	const given: unknown[] = Array.isArray(input) ? input : typeof input === 'string' ? input.split(',').map((s) => s.trim()) : [];
	const bad = given.filter((g) => g !== '' && !(IGNORE_VALUES as readonly unknown[]).includes(g));
	const expected = `expected ${PART_GROUPS.join(', ')} or all`;
	return bad.length ? `unknown part ${bad.map((b) => JSON.stringify(b)).join(', ')}; ${expected}` : `${expected}, as an array or one comma-separated string`;
}

// Both forms are schema, not prose, so that /openapi.json and the MCP tools' input schemas carry
// the enum: an array (a JSON body, MCP arguments, a query parameter repeated) or one string.
export const ignoreGroups = z
	.union(
		[
			z.array(z.enum(IGNORE_VALUES, { error: (issue) => ignoreRefusal([issue.input]) })),
			z.string().regex(IGNORE_LIST, { error: (issue) => ignoreRefusal(issue.input) })
		],
		{ error: (issue) => ignoreRefusal(issue.input) }
	)
	.transform((v) => {
		const list = (Array.isArray(v) ? v : v.split(',').map((s) => s.trim())).filter(Boolean) as (typeof IGNORE_VALUES)[number][];
		const expanded: PartGroup[] = list.includes('all') ? [...PART_GROUPS] : (list as PartGroup[]);
		return [...new Set(expanded)];
	})
	.describe(
		`Parts of the question not to apply as filters: ${PART_GROUPS.join(', ')}, or all (then the question is only searched as text); an array, or one comma-separated string ("date,place").`
	);

const placeFilter = z.union([
	z.object({ country: z.string() }),
	z.object({ country: z.string(), area: z.string() }),
	z.object({ country: z.string(), town: z.string(), lat: z.number(), lon: z.number(), radius_km: z.number() })
]);

export const interpretation = z
	.object({
		parts: z.array(
			z.object({
				kind: z.enum(['country', 'area', 'town', 'entity', 'sub_entity', 'date', 'component']),
				group: z.enum(PART_GROUPS),
				text: z.string().describe('the words of the question'),
				label: z.string().describe('how to show it, e.g. "Khartoum, Sudan" or "March–May 2023"'),
				status: z.enum(['applied', 'overridden', 'ignored']),
				reason: z.string().optional().describe('why a part is not applied'),
				value: z.string().optional(),
				country: z.string().optional(),
				date_from: isoDate.optional(),
				date_to: isoDate.optional(),
				from_earlier_question: z.boolean().optional().describe('named by an earlier question of the conversation'),
				in_data: z.literal(false).optional().describe('false for a real place the data has no record of; applied all the same, so the answer is empty'),
				note: z.string().optional().describe('what to know about the part beside its status, e.g. "the data has no record from Ukraine"'),
				excluded: z.literal(true).optional().describe('the question leaves it out ("outside Sudan", "except 2020"): records it names are not answered')
			})
		),
		filters: z
			.object({
				country: z.string().optional().describe('set when the places are in one country'),
				places: z.array(placeFilter).optional().describe('any of these'),
				entity: z.string().optional(),
				entities: z.array(z.string()).optional().describe('set when the question names two or more organisations: any of them'),
				sub_entity: z.string().optional(),
				date_from: isoDate.optional(),
				date_to: isoDate.optional(),
				source_component: z.enum(['video', 'image']).optional(),
				exclude: z
					.object({
						places: z.array(placeFilter).optional(),
						entities: z.array(z.string()).optional(),
						sub_entities: z.array(z.string()).optional(),
						periods: z.array(z.object({ from: isoDate.optional(), to: isoDate.optional() })).optional()
					})
					.optional()
					.describe('what the question leaves out: records matching any of these are not answered')
			})
			.describe('every filter applied: the request parameters and what was read from the question'),
		searched_text: z.string().describe('the question without the recognised parts: what was matched as text'),
		reference_time: z.string().meta({ format: 'date-time' }).describe('the clock relative dates ("last month") were read against'),
		ignored_groups: z.array(z.enum(PART_GROUPS))
	})
	.describe('How the question was understood (an addition to the spec: clients may ignore it).');
