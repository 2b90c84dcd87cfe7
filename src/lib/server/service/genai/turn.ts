// One Domain GenAI turn (icdDomainGenAiChat, icdbDomainGenAiChat), and conversation deletion.
// Order matters: every check that can refuse (permission, conversation, credits) runs before any
// work, and the turn is recorded, paid and the conversation extended in one transaction at the
// end, so a failed or refused turn changes nothing.
// What the answer stands on (the question understood, evidence, figures) is read on the read side
// (genai/grounding.ts); conversations and credits are written here, on the writer's connection.
import type { Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ServiceDeps } from '../service-deps';
import { isAggregate } from '../question/intent';
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
	const { sql, settings } = deps;
	const started = deps.now();
	await purgeExpiredConversations(sql, started);
	const existing = body.conversation_id ? await findConversation(sql, body.conversation_id, key.id, dataset, started) : null;
	await requireCredits(sql, key);

	// The latest turns are context enough; a long conversation should restate what matters (spec).
	const past = existing ? (await history(sql, existing.id)).slice(-HISTORY_TURNS) : [];
	const previous = existing ? await lastConstraints(sql, existing.id) : null;
	const { reading, interpretation, evidence, figures, facts, latestOutside, unusedWords } = await deps.reads.value(
		'genaiGrounding',
		started,
		key,
		dataset,
		body,
		previous
	);
	const messages = buildMessages(dataset, body.question, evidence, past, { facts, interpretation, unusedWords });

	let answer: string;
	let usage: { prompt: number; output: number };
	let provider = 'offline';
	if (settings.llm.baseUrl && settings.llm.model) {
		const reply = await chat(settings.llm, messages);
		answer = checkCitations(reply.text, evidence.length).text;
		usage = reply.usage ?? { prompt: await promptTokens(messages), output: await textTokens(answer) };
		provider = `llm:${settings.llm.model}`;
	} else {
		answer = composeAnswer({
			dataset,
			question: body.question,
			evidence,
			history: past,
			interpretation,
			facts,
			aggregate: isAggregate(reading.intent),
			recent: reading.recent,
			latestOutside,
			unusedWords
		});
		usage = { prompt: await promptTokens(messages), output: await textTokens(answer) };
	}

	const responseId = newResponseId();
	const now = deps.now();
	const { conversation, remaining } = await sql.transaction(async (tx) => {
		let c: Conversation;
		if (existing) {
			// The conversation is extended only while it is live, in the statement that locks it: deleted or
			// expired while the answer was being written (here or on another instance), the turn fails and costs nothing.
			const live = await tx.get<Conversation>(
				'UPDATE conversations SET expires_at = CASE WHEN absolute_expires_at < ? THEN absolute_expires_at ELSE ? END WHERE id = ? AND expires_at > ? AND absolute_expires_at > ? RETURNING *',
				[now + settings.conversationIdleSeconds * 1000, now + settings.conversationIdleSeconds * 1000, existing.id, now, now]
			);
			if (!live) throw unavailable();
			c = live;
		} else {
			const absolute = now + settings.conversationMaxSeconds * 1000;
			c = {
				id: newConversationId(),
				key_id: key.id,
				dataset,
				created_at: now,
				absolute_expires_at: absolute,
				expires_at: idleDeadline(now, settings.conversationIdleSeconds, absolute)
			};
			await tx.run('INSERT INTO conversations (id, key_id, dataset, created_at, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
				c.id,
				c.key_id,
				c.dataset,
				c.created_at,
				c.expires_at,
				c.absolute_expires_at
			]);
		}
		const left = await charge(tx, key, responseId, now);
		await tx.run(
			'INSERT INTO conversation_turns (response_id, conversation_id, seq, question, answer, created_at, constraints) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM conversation_turns WHERE conversation_id = ?), ?, ?, ?, ?)',
			[responseId, c.id, c.id, body.question, answer, now, JSON.stringify(reading.constraints)]
		);
		return { conversation: c, remaining: left };
	});

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
export async function endConversation(deps: ServiceDeps, key: ApiKey, dataset: Dataset, conversationId: string): Promise<null> {
	requireAccess(key, dataset, 'genai');
	await purgeExpiredConversations(deps.sql, deps.now());
	await deleteConversation(deps.sql, conversationId, key.id, dataset);
	return null;
}
