// One Domain GenAI turn (icdDomainGenAiChat, icdbDomainGenAiChat), and conversation deletion.
// Order matters: every check that can refuse (permission, conversation, credits) runs before any
// work, and the turn is recorded, paid and the conversation extended in one transaction at the
// end, so a failed or refused turn changes nothing.
// What the answer stands on (the question understood, evidence, figures) is read on the read side
// (genai/grounding.ts); conversations and credits are written here, on the one writer.
import type { Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ServiceDeps } from '../deps';
import { isAggregate } from '../understand/intent';
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
import { toSource } from './evidence';
import { chat, checkCitations } from './llm';
import { composeAnswer } from './offline-answerer';
import { buildMessages, promptTokens, textTokens } from './prompt';
import type { GenaiRequest, GenaiResponse } from './schemas';

const HISTORY_TURNS = 6;

export async function genaiTurn(deps: ServiceDeps, key: ApiKey, dataset: Dataset, body: GenaiRequest): Promise<GenaiResponse> {
	requireAccess(key, dataset, 'genai');
	const { db, settings } = deps;
	const started = deps.now();
	purgeExpiredConversations(db, started);
	const existing = body.conversation_id ? findConversation(db, body.conversation_id, key.id, dataset, started) : null;
	requireCredits(db, key);

	// The latest turns are context enough; a long conversation should restate what matters (spec).
	const past = existing ? history(db, existing.id).slice(-HISTORY_TURNS) : [];
	const previous = existing ? lastConstraints(db, existing.id) : null;
	const { reading, interpretation, evidence, figures, facts, latestOutside } = await deps.reads.value('genaiGrounding', started, key, dataset, body, previous);
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
