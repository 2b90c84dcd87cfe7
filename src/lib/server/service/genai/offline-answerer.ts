// The default answerer: no model, only the evidence and the figures. It says how the question
// was understood, states any figure computed over the whole dataset, then what the sources add
// up to (places, entities, dates) and quotes the sentences that best match the question, every
// claim followed by the [n] of the sources that carry it. When little matches it says so rather
// than stretching thin evidence into a conclusion.
import { DATASET_LABEL, type Dataset } from '../../../types/dataset';
import { terms } from '../nl/tokens';
import type { Interpretation } from '../question/interpret';
import type { Evidence } from './evidence';
import { cite, groupBy, listGroups, trend } from './facts';
import type { Turn } from './conversations';
import { absenceText, understoodText, unusedWordsText } from './prompt';

/** Fewer sources than this, or a best score below THIN_SCORE, is thin evidence. */
const THIN_COUNT = 3;
const THIN_SCORE = 0.3;
const QUOTES = 4;

export interface AnswerInput {
	dataset: Dataset;
	question: string;
	evidence: Evidence[];
	history: Turn[];
	interpretation: Interpretation;
	/** Figures in words (figures-text.ts), or why none could be given. */
	facts?: string;
	/** The question asked for a figure: the sources are its examples, not its evidence. */
	aggregate?: boolean;
	/** The period chosen for "what happened" when the question named none. */
	recent?: { from: string; to: string };
	/** With no record in the period asked: the latest record that matches the rest. */
	latestOutside?: string | null;
	/** The question's topic words that no source uses. */
	unusedWords?: string[];
}

/** Why an aggregate question gets no figure: a name in it matches nothing the data has. */
export function unrecognisedText(dataset: Dataset, names: string[]): string {
	const list = names.map((n) => `"${n}"`).join(', ');
	return `I did not recognise ${list} as a place, organisation or period in ${DATASET_LABEL[dataset]}, so I cannot give a figure for the question as asked: without ${names.length === 1 ? 'it' : 'them'} the count would answer a different question. Check the spelling, or name a country, area, town or organisation that the data has.`;
}

function overriddenText(i: Interpretation): string | null {
	const parts = i.parts.filter((p) => p.status === 'overridden');
	if (!parts.length) return null;
	return `Not applied: ${parts.map((p) => `${p.label} (${p.reason})`).join('; ')}.`;
}

/** The sentence of a chunk that shares most terms with the question; the first one otherwise. */
function bestSentence(chunk: string, wanted: Set<string>): string {
	const sentences = chunk
		.split(/(?<=[.!?])\s+|\n+/)
		.map((s) => s.trim())
		.filter((s) => s.length > 20);
	let best = sentences[0] ?? chunk.trim();
	let bestScore = -1;
	for (const s of sentences) {
		const score = new Set(terms(s).filter((t) => wanted.has(t))).size;
		if (score > bestScore) [best, bestScore] = [s, score];
	}
	return best.replace(/\s*\[\d+\]/g, '');
}

function sourcesSummary(input: AnswerInput): string[] {
	const { evidence, dataset } = input;
	const label = DATASET_LABEL[dataset];
	const lines: string[] = [];
	const all = evidence.map((e) => e.citation);
	const dates = [...evidence].sort((a, b) => a.record.primary_date.localeCompare(b.record.primary_date) || a.citation - b.citation);
	const first = dates[0];
	const latest = dates[dates.length - 1];
	const what = input.aggregate
		? `Examples: ${evidence.length} ${label} record${evidence.length === 1 ? '' : 's'} ${cite(all, evidence.length)}`
		: `${evidence.length} ${label} record${evidence.length === 1 ? '' : 's'} ${cite(all, evidence.length)} match the question most closely`;
	lines.push(`${what}, dated from ${first.record.primary_date} [${first.citation}] to ${latest.record.primary_date} [${latest.citation}].`);
	if (input.aggregate) return lines;
	const places = groupBy(evidence, (e) => e.record.primary_country);
	if (places.length)
		lines.push(`Where: ${listGroups(places)}${places.length > 3 ? `, and ${places.length - 3} other countr${places.length - 3 === 1 ? 'y' : 'ies'}` : ''}.`);
	const regions = groupBy(evidence, (e) => e.record.second_geo_layer);
	if (regions.length > 1) lines.push(`The most frequent areas are ${listGroups(regions, 2)}.`);
	const entities = groupBy(evidence, (e) => e.record.entity);
	if (entities.length) lines.push(`Who: ${listGroups(entities)}${entities.length > 3 ? `, among ${entities.length} entities in all` : ''}.`);
	const byYear = trend(evidence);
	if (byYear) lines.push(byYear);
	return lines;
}

export function composeAnswer(input: AnswerInput): string {
	const { evidence, dataset } = input;
	const label = DATASET_LABEL[dataset];
	const lines: string[] = [];
	const last = input.history[input.history.length - 1];
	if (last) lines.push(`Following up on the earlier question ("${last.question.slice(0, 120)}"), with this turn's sources:`);
	const understood = understoodText(input.interpretation);
	if (understood) lines.push(`Understood as: ${understood}.`);
	const overridden = overriddenText(input.interpretation);
	if (overridden) lines.push(overridden);
	const absence = absenceText(input.interpretation);
	if (absence) lines.push(absence);
	if (input.recent && evidence.length)
		lines.push(`The question names no period: this covers the most recent records that match, from ${input.recent.from} to ${input.recent.to}.`);
	if (input.facts) lines.push(input.facts);
	if (evidence.length === 0) {
		if (!input.facts) {
			lines.push(
				`No ${label} record that this key may see matches the question${understood ? ` (${understood})` : ''}. The evidence is too thin to answer; try other wording or remove a filter. An empty result does not prove that no such material exists.`
			);
			if (input.latestOutside) lines.push(`Outside that period, the latest record that matches the rest of the question is dated ${input.latestOutside}.`);
		}
		return lines.join('\n\n');
	}
	lines.push(...sourcesSummary(input));
	if (input.unusedWords?.length) lines.push(unusedWordsText(input.unusedWords));
	const wanted = new Set(terms(input.question));
	const quotes = evidence.slice(0, QUOTES).map((e) => `- ${bestSentence(e.chunk, wanted)} [${e.citation}]`);
	lines.push(`${input.aggregate ? 'From the examples' : 'Most relevant evidence'}:\n${quotes.join('\n')}`);

	if (input.aggregate) return lines.join('\n\n');
	const thin = evidence.length < THIN_COUNT || evidence[0].score < THIN_SCORE;
	lines.push(
		thin
			? `The evidence is thin: only ${evidence.length} record${evidence.length === 1 ? '' : 's'} matched${evidence[0].score === 0 ? ' the filters, none by their wording' : ', and not closely'}. Treat this as a lead to check, not a conclusion.`
			: 'These counts describe the retrieved sources, not the whole dataset; ask "how many …" for a figure over every record. Check the cited records before relying on a conclusion.'
	);
	return lines.join('\n\n');
}
