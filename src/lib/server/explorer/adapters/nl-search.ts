// Natural language search page. The spec's item has no title and no coordinates: the explorer
// places results on the map from the records it already holds, and fetches titles lazily.
import { z } from 'zod';
import { decodeWith, nullableInt, optionalInt, optionalNumber, optionalText } from './shape';

const nlItem = z.looseObject({
	uuid: z.string(),
	primary_id: optionalInt,
	primary_date: optionalText,
	entity: optionalText,
	primary_country: optionalText,
	source_component: optionalText,
	source_database: optionalText,
	sub_entity: optionalText,
	score: optionalNumber,
	match_chunk_id: optionalText,
	section_type: optionalText,
	summary: optionalText
});

const nlPage = z.looseObject({
	items: z.array(nlItem),
	itemsTotal: optionalInt,
	nextPage: nullableInt,
	retrieval_question: optionalText,
	top_k: optionalInt,
	interpretation: z.unknown().optional()
});

export type NlItem = z.output<typeof nlItem>;
export type NlPage = z.output<typeof nlPage>;

export interface NlParams {
	search: string;
	country?: string;
	entity?: string;
	source_component?: 'video' | 'image';
	page?: number;
	per_page?: number;
	top_k?: number;
	date_from?: string;
	date_to?: string;
	/** Parts of the question not to apply (an addition of the embedded service), comma-separated. */
	ignore?: string;
}

export function decodeNlPage(body: unknown): NlPage {
	return decodeWith(nlPage, body);
}
