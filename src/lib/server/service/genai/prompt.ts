// The prompt a language model sees for a turn. The offline answerer builds the same one, so
// that its usage.prompt_tokens counts what a model would have been given.
import { DATASET_LABEL, type Dataset } from '../../../types/dataset';
import type { Turn } from './conversations';
import { excerpt, type Evidence } from './evidence';
import type { Interpretation } from '../question/interpret';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

const INSTRUCTIONS = `You are an analyst assistant answering questions about the {label} dataset of analysed videos and images.
Answer only from the numbered sources below. After every claim, cite the sources that support it as [n].
Aggregate where you can (how many, where, when, which entities, trends). If the sources do not answer the question, say plainly that the evidence is thin.
Cite only numbers that appear in the sources list.`;

export interface TurnContext {
	/** Figures computed over the whole dataset, in words, or why none could be given. */
	facts?: string;
	interpretation?: Interpretation;
	/** The question's topic words that no source uses. */
	unusedWords?: string[];
}

/** Said when no source uses some of the question's words: they are related material, not a match. */
export function unusedWordsText(words: string[]): string {
	const list = words.map((w) => `"${w}"`).join(' or ');
	return `None of these sources uses the word ${list}: they were found by the rest of the question and by likeness, and may not show what was asked. Check them before relying on them.`;
}

/** "Sudan · 2023 · videos": what the question was read as, for the model to respect. */
export function understoodText(i: Interpretation | undefined): string | null {
	const applied = i?.parts.filter((p) => p.status === 'applied').map((p) => p.label) ?? [];
	return applied.length ? applied.join(' · ') : null;
}

/** The places named that the data has no record of, in a sentence: why the answer is empty. */
export function absenceText(i: Interpretation | undefined): string | null {
	const notes = i?.parts.filter((p) => p.status === 'applied' && p.note).map((p) => `${p.label}: ${p.note}.`) ?? [];
	return notes.length ? `${notes.join(' ')} Nothing from elsewhere is given instead.` : null;
}

export function buildMessages(dataset: Dataset, question: string, evidence: Evidence[], history: Turn[], context: TurnContext = {}): ChatMessage[] {
	const sources = evidence
		.map((e) => {
			const r = e.record;
			return `[${e.citation}] ${DATASET_LABEL[dataset]} ${r.component} ${r.primary_date}, ${[r.second_geo_layer, r.primary_country].filter(Boolean).join(', ')}; entity: ${r.entity ?? 'unknown'}; title: ${r.title ?? ''}\n${excerpt(e.chunk)}`;
		})
		.join('\n\n');
	const understood = understoodText(context.interpretation);
	const extra = [
		understood && `The question was understood as: ${understood}. The sources are limited to that; say so.`,
		absenceText(context.interpretation),
		context.unusedWords?.length && `${unusedWordsText(context.unusedWords)} Say so in the answer.`,
		context.facts && `Figures computed over every record the key may see (exact; state them as given, with what they count):\n${context.facts}`
	].filter(Boolean);
	return [
		{
			role: 'system',
			content: `${INSTRUCTIONS.replace('{label}', DATASET_LABEL[dataset])}${extra.length ? `\n\n${extra.join('\n\n')}` : ''}\n\nSources:\n${sources || '(none matched)'}`
		},
		...history.flatMap((t): ChatMessage[] => [
			{ role: 'user', content: t.question },
			{ role: 'assistant', content: t.answer }
		]),
		{ role: 'user', content: question }
	];
}

// The o200k tokenizer builds its byte-pair table when imported: about 15 MB of the main thread's
// heap, which every full collection marks again (a server that answers no Domain GenAI turn never
// needs it). So it is imported at the first turn, not at start.
let tokenizer: Promise<(text: string) => number> | null = null;
const countTokens = () => (tokenizer ??= import('gpt-tokenizer').then((m) => m.countTokens));

/** Tokens of a chat prompt with the o200k tokenizer: each message's text plus its framing. */
export async function promptTokens(messages: ChatMessage[]): Promise<number> {
	const count = await countTokens();
	// Chat formats add a few framing tokens per message (role and separators).
	return messages.reduce((sum, m) => sum + count(m.content) + 4, 3);
}

export const textTokens = async (text: string): Promise<number> => (await countTokens())(text);
