// The default answerer: no model, only the evidence. It states what the sources add up to
// (count, places, entities, dates, trend) and quotes the sentences that best match the question,
// every claim followed by the [n] of the sources that carry it. When little matches it says so
// rather than stretching thin evidence into a conclusion.
import { DATASET_LABEL, type Dataset } from '../../../types/dataset';
import { terms } from '../nl/tokens';
import type { Evidence } from './evidence';
import { cite, groupBy, listGroups, trend } from './facts';
import type { Turn } from './conversations';

/** Fewer sources than this, or a best score below THIN_SCORE, is thin evidence. */
const THIN_COUNT = 3;
const THIN_SCORE = 0.3;
const QUOTES = 4;

export interface AnswerInput {
	dataset: Dataset;
	question: string;
	evidence: Evidence[];
	history: Turn[];
	focus: { primary_country?: string; entity?: string };
}

function focusText(focus: AnswerInput['focus']): string {
	const parts = [focus.primary_country && `country ${focus.primary_country}`, focus.entity && `entity ${focus.entity}`].filter(Boolean);
	return parts.length ? ` (focused on ${parts.join(' and ')})` : '';
}

/** The sentence of a chunk that shares most terms with the question; the first one otherwise. */
function bestSentence(chunk: string, wanted: Set<string>): string {
	const sentences = chunk.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter((s) => s.length > 20);
	let best = sentences[0] ?? chunk.trim();
	let bestScore = -1;
	for (const s of sentences) {
		const score = new Set(terms(s).filter((t) => wanted.has(t))).size;
		if (score > bestScore) [best, bestScore] = [s, score];
	}
	return best.replace(/\s*\[\d+\]/g, '');
}

export function composeAnswer(input: AnswerInput): string {
	const { evidence, dataset } = input;
	const label = DATASET_LABEL[dataset];
	const lines: string[] = [];
	const last = input.history[input.history.length - 1];
	if (last) lines.push(`Following up on the earlier question ("${last.question.slice(0, 120)}"), with this turn's sources:`);
	if (evidence.length === 0) {
		lines.push(
			`No ${label} record that this key may see matches the question${focusText(input.focus)}. The evidence is too thin to answer; try other wording or a broader focus. An empty result does not prove that no such material exists.`
		);
		return lines.join('\n\n');
	}
	const all = evidence.map((e) => e.citation);
	const dates = [...evidence].sort((a, b) => a.record.primary_date.localeCompare(b.record.primary_date) || a.citation - b.citation);
	const first = dates[0];
	const latest = dates[dates.length - 1];
	lines.push(
		`${evidence.length} ${label} record${evidence.length === 1 ? '' : 's'} ${cite(all, evidence.length)} match the question most closely${focusText(input.focus)}, dated from ${first.record.primary_date} [${first.citation}] to ${latest.record.primary_date} [${latest.citation}].`
	);
	const places = groupBy(evidence, (e) => e.record.primary_country);
	if (places.length) lines.push(`Where: ${listGroups(places)}${places.length > 3 ? `, and ${places.length - 3} other countr${places.length - 3 === 1 ? 'y' : 'ies'}` : ''}.`);
	const regions = groupBy(evidence, (e) => e.record.second_geo_layer);
	if (regions.length > 1) lines.push(`The most frequent areas are ${listGroups(regions, 2)}.`);
	const entities = groupBy(evidence, (e) => e.record.entity);
	if (entities.length) lines.push(`Who: ${listGroups(entities)}${entities.length > 3 ? `, among ${entities.length} entities in all` : ''}.`);
	const byYear = trend(evidence);
	if (byYear) lines.push(byYear);

	const wanted = new Set(terms(input.question));
	const quotes = evidence.slice(0, QUOTES).map((e) => `- ${bestSentence(e.chunk, wanted)} [${e.citation}]`);
	lines.push(`Most relevant evidence:\n${quotes.join('\n')}`);

	const thin = evidence.length < THIN_COUNT || evidence[0].score < THIN_SCORE;
	lines.push(
		thin
			? `The evidence is thin: only ${evidence.length} record${evidence.length === 1 ? '' : 's'} matched, and not closely. Treat this as a lead to check, not a conclusion.`
			: 'These counts describe the retrieved sources, not the whole dataset; check the cited records before relying on a conclusion.'
	);
	return lines.join('\n\n');
}
