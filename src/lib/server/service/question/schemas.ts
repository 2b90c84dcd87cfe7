// The interpretation as it goes out (NL search, Domain GenAI, their MCP tools), and the
// `ignore` parameter that drops parts of it: additions to the spec's fields, documented in
// docs/api.md ("How a question is understood").
import { z } from 'zod';
import { isoDate } from '../schemas';
import { PART_GROUPS } from './read';

export const ignoreGroups = z
	.union([z.string(), z.array(z.string())])
	.transform((v, ctx) => {
		const list = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
		const expanded = list.includes('all') ? [...PART_GROUPS] : list;
		const bad = expanded.filter((g) => !(PART_GROUPS as readonly string[]).includes(g));
		if (bad.length) {
			ctx.addIssue({ code: 'custom', message: `unknown part ${bad.map((b) => `"${b}"`).join(', ')}; expected ${PART_GROUPS.join(', ')} or all` });
			return z.NEVER;
		}
		return [...new Set(expanded)] as (typeof PART_GROUPS)[number][];
	})
	.describe(`Parts of the question not to apply as filters, comma-separated: ${PART_GROUPS.join(', ')}, or all (then the question is only searched as text).`);

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
