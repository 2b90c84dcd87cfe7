// How the service understood a question (the embedded service's `interpretation` addition,
// docs/api.md). A deployment that does not send it, or sends a shape we cannot read, gives
// undefined: the explorer then shows no chips and the map does not follow, nothing fails.
import { z } from 'zod';
import type { AnswerFigures, Interpretation, UnderstoodGroup, UnderstoodPart } from '../../../types/search';
import { optionalText } from './shape';

const GROUPS = ['place', 'date', 'organisation', 'component'] as const;

const part = z.looseObject({
	kind: z.enum(['country', 'area', 'town', 'entity', 'sub_entity', 'date', 'component']),
	group: z.enum(GROUPS),
	text: z.string(),
	label: z.string(),
	status: z.enum(['applied', 'overridden', 'ignored']),
	reason: optionalText,
	value: optionalText,
	country: optionalText,
	date_from: optionalText,
	date_to: optionalText,
	from_earlier_question: z.boolean().optional().catch(undefined),
	in_data: z.boolean().optional().catch(undefined),
	excluded: z.boolean().optional().catch(undefined),
	note: optionalText
});

const place = z.looseObject({ country: z.string() });

const interpretation = z.looseObject({
	parts: z.array(part),
	filters: z.looseObject({
		country: optionalText,
		places: z.array(place).optional().catch(undefined),
		entity: optionalText,
		entities: z.array(z.string()).optional().catch(undefined),
		date_from: optionalText,
		date_to: optionalText,
		source_component: z.enum(['video', 'image']).optional().catch(undefined)
	}),
	searched_text: optionalText,
	ignored_groups: z.array(z.enum(GROUPS)).optional().catch(undefined)
});

const figures = z.looseObject({
	kind: z.enum(['count', 'rank', 'trend', 'compare', 'changes']),
	dimension: optionalText,
	total: z.number().int(),
	groups: z
		.array(
			z.object({
				label: z.string(),
				count: z.number().int(),
				expected: z.number().optional().catch(undefined),
				change: z.enum(['new', 'intensifying', 'diminishing']).optional().catch(undefined)
			})
		)
		.optional()
		.catch(undefined),
	period: z.object({ from: z.string().nullable(), to: z.string().nullable() }).optional().catch(undefined),
	baseline: z.object({ from: z.string(), to: z.string(), windows: z.number().int() }).optional().catch(undefined)
});

export function decodeInterpretation(body: unknown): Interpretation | undefined {
	const parsed = interpretation.safeParse(body);
	if (!parsed.success) return undefined;
	const { parts, filters, searched_text, ignored_groups } = parsed.data;
	const places = filters.places ?? (filters.country ? [{ country: filters.country }] : []);
	return {
		parts: parts.map((p): UnderstoodPart => ({
			kind: p.kind,
			group: p.group,
			text: p.text,
			label: p.label,
			status: p.status,
			reason: p.reason,
			value: p.value,
			country: p.country,
			date_from: p.date_from,
			date_to: p.date_to,
			fromEarlierQuestion: p.from_earlier_question,
			...(p.in_data === false ? { inData: false as const } : {}),
			...(p.note ? { note: p.note } : {}),
			...(p.excluded ? { excluded: true as const } : {})
		})),
		filters: {
			countries: [...new Set(places.map((p) => p.country))],
			entities: filters.entities ?? (filters.entity ? [filters.entity] : []),
			date_from: filters.date_from,
			date_to: filters.date_to,
			source_component: filters.source_component
		},
		searchedText: searched_text,
		ignored: (ignored_groups ?? []) as UnderstoodGroup[]
	};
}

export function decodeFigures(body: unknown): AnswerFigures | undefined {
	const parsed = figures.safeParse(body);
	return parsed.success ? parsed.data : undefined;
}
