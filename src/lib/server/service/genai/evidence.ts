// The records a Domain GenAI turn stands on: hybrid retrieval (the same as natural language
// search, inside the key's entity restriction), within the turn's filters (what the question
// names, the request's focus), bounded by top_k, numbered for citation.
import { DATASET_LABEL, type Dataset, type RecordRow } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { ReadDeps } from '../deps';
import { chunkId, chunkText, SECTION_TYPES, type SectionType } from '../nl/chunks';
import { terms } from '../nl/tokens';
import { topicTerms } from '../question/intent';
import { recordClause, type NlFilters } from '../nl/filters';
import { newestMatching, retrieve } from '../nl/retrieve';
import type { GenaiSource } from './schemas';

export interface Evidence {
	citation: number;
	record: RecordRow;
	section: SectionType;
	chunk: string;
	score: number;
}

const EXCERPT_CHARS = 480;

/**
 * The question's topic words that no source uses, in any of its sections. Retrieval ranks by
 * likeness: "footage of chemical weapons" finds weapons, and none of them may be chemical. An
 * answer must say so rather than present them as a match.
 */
export function wordsNoSourceUses(topic: string, evidence: Evidence[]): string[] {
	const wanted = topicTerms(topic);
	// A follow-up without words of its own ("and in Chad?") has nothing to look for.
	if (!wanted.length || !evidence.length) return [];
	const used = new Set(evidence.flatMap((e) => SECTION_TYPES.flatMap((section) => terms(chunkText(e.record as RecordRow & { id: number }, section)))));
	return wanted.filter((t) => !used.has(t));
}

export async function gatherEvidence(deps: ReadDeps, key: ApiKey, dataset: Dataset, text: string, filters: NlFilters, topK: number): Promise<Evidence[]> {
	let ranked = await retrieve(deps.sql, deps.settings, key, dataset, text, filters, { topK });
	// A question whose words match nothing within its filters still has an answer: the newest
	// records of those filters, scored 0 so that the answer calls the evidence thin.
	const clause = await recordClause(deps.sql, key, filters);
	const narrowed =
		filters.places || filters.country || filters.entity || filters.entities || filters.sub_entity || filters.date_from || filters.date_to || filters.exclude;
	if (ranked.length === 0 && clause && narrowed) ranked = await newestMatching(deps.sql, dataset, filters, clause, topK);
	if (ranked.length === 0) return [];
	const ids = ranked.map((r) => r.recordId);
	const rows = await deps.sql.all<RecordRow>(`SELECT * FROM records WHERE id IN (${ids.map(() => '?').join(',')})`, ids);
	const byId = new Map(rows.map((r) => [r.id!, r]));
	return ranked.map((r, i) => {
		const record = byId.get(r.recordId)!;
		return { citation: i + 1, record, section: r.section, chunk: chunkText({ ...record, id: r.recordId }, r.section), score: r.score };
	});
}

/**
 * Records chosen by id (the examples of a figure) ahead of the retrieved ones, without repeats,
 * at most topK, numbered again from 1.
 */
export async function withExamples(deps: ReadDeps, exampleIds: number[], retrieved: Evidence[], topK: number): Promise<Evidence[]> {
	const seen = new Set(exampleIds);
	const rows = exampleIds.length ? await deps.sql.all<RecordRow>(`SELECT * FROM records WHERE id IN (${exampleIds.map(() => '?').join(',')})`, exampleIds) : [];
	const byId = new Map(rows.map((r) => [r.id!, r]));
	const examples: Evidence[] = exampleIds
		.filter((id) => byId.has(id))
		.map((id) => ({
			citation: 0,
			record: byId.get(id)!,
			section: 'summary',
			chunk: chunkText(byId.get(id)! as RecordRow & { id: number }, 'summary'),
			score: 0
		}));
	return [...examples, ...retrieved.filter((e) => !seen.has(e.record.id!))]
		.slice(0, Math.max(topK, examples.length))
		.map((e, i) => ({ ...e, citation: i + 1 }));
}

export function excerpt(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length <= EXCERPT_CHARS ? flat : flat.slice(0, flat.lastIndexOf(' ', EXCERPT_CHARS)) + ' …';
}

export function toSource(dataset: Dataset, e: Evidence): GenaiSource {
	const r = e.record;
	const out: Record<string, unknown> = {
		citation: e.citation,
		dataset: DATASET_LABEL[dataset],
		source_database: DATASET_LABEL[dataset],
		source_component: r.component,
		uuid: r.uuid,
		primary_id: r.primary_id,
		primary_date: r.primary_date,
		entity: r.entity,
		primary_country: r.primary_country,
		second_geo_layer: r.second_geo_layer,
		title: r.title,
		summary: r.summary,
		score: Math.round(e.score * 1e6) / 1e6,
		match_chunk_id: chunkId(r.uuid, e.section),
		section_type: e.section,
		excerpt: excerpt(e.chunk)
	};
	for (const k of Object.keys(out)) if (out[k] === null || out[k] === undefined) delete out[k];
	return out as GenaiSource;
}
