// One Domain GenAI turn (icdDomainGenAiChat, icdbDomainGenAiChat), and conversation deletion.
// Order matters: every check that can refuse (permission, conversation, credits) runs before any
// work, and the turn is recorded, paid and the conversation extended in one transaction at the
// end, so a failed or refused turn changes nothing.
// The question is read first (places, organisations, periods, components, and what an earlier
// turn established); a question asking for a figure gets it computed over the whole dataset.
import type { Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ServiceDeps } from '../deps';
import { isAggregate } from '../understand/intent';
import type { Interpretation } from '../understand/interpret';
import { lastConstraints } from './constraints';
import { charge, requireCredits, TURN_CREDITS } from './credits';
import {
	deleteConversation,
	findConversation,
	history,
	idleDeadline,
	newConversationId,
	newResponseId,
	purgeExpiredConversations,
	unavailable,
	type Conversation
} from './conversations';
import { gatherEvidence, toSource, withExamples } from './evidence';
import { computeFigures, examplesFor, type Figures } from './figures';
import { figuresText } from './figures-text';
import { chat, checkCitations } from './llm';
import { composeAnswer, unrecognisedText } from './offline-answerer';
import { buildMessages, promptTokens, textTokens } from './prompt';
import { GENAI_DEFAULT_TOP_K, type GenaiRequest, type GenaiResponse } from './schemas';
import { latestOutsidePeriod, readTurn, type TurnReading } from './understanding';

const HISTORY_TURNS = 6;

/** The interpretation as sent: with the period chosen for "what happened" when the question named none. */
function interpretationOf(reading: TurnReading): Interpretation {
	const i = reading.understood.interpretation;
	if (!reading.recent) return i;
	return {
		...i,
		filters: { ...i.filters, date_from: reading.recent.from, date_to: reading.recent.to },
		parts: [
			...i.parts,
			{ kind: 'date', group: 'date', text: '', label: `latest records: ${reading.recent.from} to ${reading.recent.to}`, status: 'applied', reason: 'no period named: the most recent activity first', date_from: reading.recent.from, date_to: reading.recent.to }
		]
	};
}

export async function genaiTurn(deps: ServiceDeps, key: ApiKey, dataset: Dataset, body: GenaiRequest): Promise<GenaiResponse> {
	requireAccess(key, dataset, 'genai');
	const { db, settings } = deps;
	const started = deps.now();
	purgeExpiredConversations(db, started);
	const existing = body.conversation_id ? findConversation(db, body.conversation_id, key.id, dataset, started) : null;
	requireCredits(db, key);

	// The latest turns are context enough; a long conversation should restate what matters (spec).
	const past = existing ? history(db, existing.id).slice(-HISTORY_TURNS) : [];
	const reading = readTurn(deps, key, dataset, body, existing ? lastConstraints(db, existing.id) : null);
	const interpretation = interpretationOf(reading);
	const topK = body.top_k ?? GENAI_DEFAULT_TOP_K;
	let evidence = await gatherEvidence(deps, key, dataset, reading.topic, reading.filters, topK);

	let figures: Figures | undefined;
	let facts: string | undefined;
	if (isAggregate(reading.intent)) {
		if (reading.unrecognised.length) {
			// No figure, and no examples of a different question either.
			facts = unrecognisedText(dataset, reading.unrecognised);
			evidence = [];
		} else {
			const applied = reading.understood.reading.parts.filter((_, i) => reading.understood.interpretation.parts[i]?.status === 'applied');
			figures = computeFigures(db, key, dataset, reading.filters, reading.intent, reading.terms, applied);
			evidence = withExamples(deps, examplesFor(db, key, dataset, reading.filters, figures, reading.terms, applied), evidence, topK);
			facts = figuresText(dataset, figures, interpretation, evidence);
		}
	}
	const latestOutside = evidence.length === 0 && !figures ? latestOutsidePeriod(deps, key, dataset, reading.filters) : null;
	const messages = buildMessages(dataset, body.question, evidence, past, { facts, interpretation });

	let answer: string;
	let usage: { prompt: number; output: number };
	let provider = 'offline';
	if (settings.llm.baseUrl && settings.llm.model) {
		const reply = await chat(settings.llm, messages);
		answer = checkCitations(reply.text, evidence.length).text;
		usage = reply.usage ?? { prompt: promptTokens(messages), output: textTokens(answer) };
		provider = `llm:${settings.llm.model}`;
	} else {
		answer = composeAnswer({ dataset, question: body.question, evidence, history: past, interpretation, facts, aggregate: isAggregate(reading.intent), recent: reading.recent, latestOutside });
		usage = { prompt: promptTokens(messages), output: textTokens(answer) };
	}

	const responseId = newResponseId();
	const now = deps.now();
	const { conversation, remaining } = db.transaction(() => {
		let c: Conversation;
		if (existing) {
			// Deleted or expired while the answer was being written: the turn fails and costs nothing.
			const live = db.prepare('SELECT * FROM conversations WHERE id = ? AND expires_at > ? AND absolute_expires_at > ?').get(existing.id, now, now) as Conversation | undefined;
			if (!live) throw unavailable();
			c = { ...live, expires_at: idleDeadline(now, settings.conversationIdleSeconds, live.absolute_expires_at) };
			db.prepare('UPDATE conversations SET expires_at = ? WHERE id = ?').run(c.expires_at, c.id);
		} else {
			const absolute = now + settings.conversationMaxSeconds * 1000;
			c = { id: newConversationId(), key_id: key.id, dataset, created_at: now, absolute_expires_at: absolute, expires_at: idleDeadline(now, settings.conversationIdleSeconds, absolute) };
			db.prepare('INSERT INTO conversations (id, key_id, dataset, created_at, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
				c.id, c.key_id, c.dataset, c.created_at, c.expires_at, c.absolute_expires_at
			);
		}
		const left = charge(db, key, responseId, now);
		db.prepare(
			'INSERT INTO conversation_turns (response_id, conversation_id, seq, question, answer, created_at, constraints) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM conversation_turns WHERE conversation_id = ?), ?, ?, ?, ?)'
		).run(responseId, c.id, c.id, body.question, answer, now, JSON.stringify(reading.constraints));
		return { conversation: c, remaining: left };
	})();

	const total = usage.prompt + usage.output;
	return {
		answer,
		sources: evidence.map((e) => toSource(dataset, e)),
		response_id: responseId,
		conversation_id: conversation.id,
		conversation_expires_at: new Date(conversation.expires_at).toISOString(),
		conversation_absolute_expires_at: new Date(conversation.absolute_expires_at).toISOString(),
		usage: { prompt_tokens: usage.prompt, output_tokens: usage.output, total_tokens: total },
		rag_prompt_tokens: usage.prompt,
		rag_output_tokens: usage.output,
		rag_total_tokens: total,
		answer_provider: provider,
		credits_charged: TURN_CREDITS,
		credits_remaining: remaining,
		interpretation,
		...(figures ? { figures } : {})
	};
}
/** DELETE …/conversations/{id}: 204 whatever the id, and only the caller's own conversation goes. */
export function endConversation(deps: ServiceDeps, key: ApiKey, dataset: Dataset, conversationId: string): null {
	requireAccess(key, dataset, 'genai');
	purgeExpiredConversations(deps.db, deps.now());
	deleteConversation(deps.db, conversationId, key.id, dataset);
	return null;
}
