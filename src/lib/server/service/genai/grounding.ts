// What a Domain GenAI turn stands on, read from the records: how the question is understood (with
// what an earlier turn established), the retrieved evidence, and for a question asking for a
// figure, the figure computed over every record the key may see. Read-only, so it runs on the read
// side (a reader worker); the turn itself (conversation, credits, the answer) stays on the writer.
import type { Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { ReadDeps } from '../deps';
import { isAggregate } from '../question/intent';
import type { Interpretation } from '../question/interpret';
import type { TurnConstraints } from './constraints';
import { gatherEvidence, withExamples, wordsNoSourceUses, type Evidence } from './evidence';
import { computeFigures, countedAmong, examplesFor, type Figures } from './figures';
import { figuresText } from './figures-text';
import { unrecognisedText } from './offline-answerer';
import { GENAI_DEFAULT_TOP_K } from './schemas';
import { latestOutsidePeriod, readTurn, type TurnReading, type TurnRequest } from './turn-reading';

export interface Grounding {
	reading: TurnReading;
	interpretation: Interpretation;
	evidence: Evidence[];
	figures?: Figures;
	/** The figures (or why there are none) as sentences for the answer. */
	facts?: string;
	/** When the question's period has nothing: the latest record outside it. */
	latestOutside: string | null;
	/** The topic's words that no source uses (evidence answers only): evidence.ts wordsNoSourceUses. */
	unusedWords: string[];
}

/** The interpretation as sent: with the period chosen for "what happened" when the question named none. */
function interpretationOf(reading: TurnReading): Interpretation {
	const i = reading.understood.interpretation;
	if (!reading.recent) return i;
	return {
		...i,
		filters: { ...i.filters, date_from: reading.recent.from, date_to: reading.recent.to },
		parts: [
			...i.parts,
			{
				kind: 'date',
				group: 'date',
				text: '',
				label: `latest records: ${reading.recent.from} to ${reading.recent.to}`,
				status: 'applied',
				reason: 'no period named: the most recent activity first',
				date_from: reading.recent.from,
				date_to: reading.recent.to
			}
		]
	};
}

export async function groundTurn(
	deps: ReadDeps,
	key: ApiKey,
	dataset: Dataset,
	body: TurnRequest & { top_k?: number },
	previous: TurnConstraints | null
): Promise<Grounding> {
	const reading = await readTurn(deps, key, dataset, body, previous);
	const interpretation = interpretationOf(reading);
	const topK = body.top_k ?? GENAI_DEFAULT_TOP_K;
	// An aggregate question without topic words ("Which organisation was most active in Sudan in
	// 2023?") leaves only its grammar as text: searching "organisation active" costs the most (the
	// commonest words at a million records) and cites arbitrary matches. Its evidence is the
	// figure's examples, then the newest records within its filters.
	const grammarOnly = isAggregate(reading.intent) && reading.terms.length === 0;
	let evidence = await gatherEvidence(deps, key, dataset, grammarOnly ? '' : reading.topic, reading.filters, topK);
	let figures: Figures | undefined;
	let facts: string | undefined;
	if (isAggregate(reading.intent)) {
		if (reading.unrecognised.length) {
			// No figure, and no examples of a different question either.
			facts = unrecognisedText(dataset, reading.unrecognised);
			evidence = [];
		} else {
			const applied = reading.understood.reading.parts.filter((p, i) => reading.understood.interpretation.parts[i]?.status === 'applied' && !p.excluded);
			figures = await computeFigures(deps.sql, key, dataset, reading.filters, reading.intent, reading.terms, applied);
			const counted = await countedAmong(
				deps.sql,
				key,
				dataset,
				reading.filters,
				reading.terms,
				evidence.map((e) => e.record.id!)
			);
			evidence = await withExamples(
				deps,
				await examplesFor(deps.sql, key, dataset, reading.filters, figures, reading.terms, applied),
				evidence.filter((e) => counted.has(e.record.id!)),
				topK
			);
			facts = figuresText(dataset, figures, interpretation, evidence);
		}
	}
	const latestOutside = evidence.length === 0 && !figures ? await latestOutsidePeriod(deps, key, dataset, reading.filters) : null;
	const unusedWords = isAggregate(reading.intent) ? [] : wordsNoSourceUses(reading.topic, evidence);
	return { reading, interpretation, evidence, figures, facts, latestOutside, unusedWords };
}
