// A record as sections. Each section is one chunk, searched on its own, so a result can say
// which part of the record matched. Chunk ids are made of the record's uuid and the section,
// which the generator derives from (size, seed): stable across restarts and rebuilds.
import type { RecordRow } from '../../../types/dataset';

export const SECTION_TYPES = ['transcript', 'visual_analysis', 'audio_analysis', 'summary', 'metadata'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export interface Chunk {
	section: SectionType;
	text: string;
}

/** The FTS rowid of a chunk: the record id and the section's index in three low bits. */
export const chunkRowid = (recordId: number, section: SectionType) => recordId * 8 + SECTION_TYPES.indexOf(section);
export const recordIdOf = (rowid: number) => Math.floor(rowid / 8);
export const sectionOf = (rowid: number): SectionType => SECTION_TYPES[rowid % 8];
export const chunkId = (uuid: string, section: SectionType) => `${uuid}:${section}`;

/**
 * The order among equal scores. Ids are written chronologically, so "smaller id first" is
 * "oldest first": with templated text many chunks score the same, and ties broken by id filled the
 * top results with the oldest year (45 % of top-10 results from a year holding 2.4 % of the data).
 * A multiplicative hash (Knuth's 2654435761) spreads ids evenly over time, and stays deterministic.
 */
export const tieOrder = (id: number): number => Math.imul(id, 0x9e3779b1) >>> 0;
/** tieOrder in SQL, for an integer column: the same 32-bit value. */
export const sqlTieOrder = (column: string): string => `((${column} * 2654435761) % 4294967296)`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The columns chunking reads. */
export const CHUNK_COLUMNS =
	'id, uuid, component, primary_date, entity, sub_entity, primary_country, second_geo_layer, title, summary, report, transcript, visual_analysis, audio_analysis';
export type ChunkSource = Pick<
	RecordRow,
	| 'uuid'
	| 'component'
	| 'primary_date'
	| 'entity'
	| 'sub_entity'
	| 'primary_country'
	| 'second_geo_layer'
	| 'title'
	| 'summary'
	| 'report'
	| 'transcript'
	| 'visual_analysis'
	| 'audio_analysis'
> & { id: number };

function metadata(r: ChunkSource): string {
	const [y, m] = r.primary_date.split('-');
	const when = `${MONTHS[Number(m) - 1]} ${y}`;
	const where = [r.second_geo_layer, r.primary_country].filter(Boolean).join(', ');
	const who = [r.entity, r.sub_entity].filter(Boolean).join(', ');
	return `${r.component === 'video' ? 'Video' : 'Image'} by ${who || 'an unknown entity'}, ${where || 'place unknown'}, ${when}.`;
}

/** One section's text as it is indexed: empty when the record has nothing for it. */
function sectionText(r: ChunkSource, section: SectionType): string {
	let text: string | null | undefined;
	if (section === 'transcript') text = r.transcript;
	else if (section === 'visual_analysis') text = r.visual_analysis;
	else if (section === 'audio_analysis') text = r.audio_analysis;
	// The title and the analyst report belong with the summary: together they say what the record is about.
	else if (section === 'summary') text = [r.title, r.summary, r.report].filter(Boolean).join('\n');
	else text = metadata(r);
	return text && text.trim() ? text : '';
}

export function chunkRecord(r: ChunkSource): Chunk[] {
	return SECTION_TYPES.map((section) => ({ section, text: sectionText(r, section) })).filter((c) => c.text !== '');
}

/** The text of one chunk (NL search scores a few hundred per question: only that section is built). */
export const chunkText = (r: ChunkSource, section: SectionType): string => sectionText(r, section);
