// Domain GenAI turn. The spec guarantees answer, sources, response_id, conversation_id, both
// deadlines and usage; the rest (citation numbers, labels, credits) is read when present.
import { z } from 'zod';
import { decodeWith, optionalInt, optionalNumber, optionalText } from './shape';

const source = z.looseObject({
	uuid: z.string(),
	primary_id: optionalInt,
	citation: optionalInt,
	dataset: optionalText,
	source_database: optionalText,
	source_component: optionalText,
	title: optionalText,
	primary_date: optionalText,
	primary_country: optionalText,
	second_geo_layer: optionalText,
	entity: optionalText,
	score: optionalNumber,
	section_type: optionalText,
	excerpt: optionalText
});

const usage = z.looseObject({ prompt_tokens: optionalInt, output_tokens: optionalInt, total_tokens: optionalInt });

const turn = z.looseObject({
	answer: z.string(),
	sources: z.array(source),
	response_id: z.string(),
	conversation_id: z.string(),
	conversation_expires_at: optionalText,
	conversation_absolute_expires_at: optionalText,
	usage: usage.optional().catch(undefined),
	credits_charged: optionalInt,
	credits_remaining: optionalInt,
	// Additions of the embedded service, decoded apart (adapters/interpretation.ts): absent elsewhere.
	interpretation: z.unknown().optional(),
	figures: z.unknown().optional()
});

export type GenaiTurn = z.output<typeof turn>;
export type GenaiSource = z.output<typeof source>;

export interface GenaiRequest {
	question: string;
	conversation_id?: string;
	primary_country?: string;
	entity?: string;
	top_k?: number;
	/** Additions of the embedded service: the turn's period and component, and parts of the question not to apply. */
	date_from?: string;
	date_to?: string;
	source_component?: 'video' | 'image';
	ignore?: string[];
}

export function decodeGenaiTurn(body: unknown): GenaiTurn {
	return decodeWith(turn, body);
}
