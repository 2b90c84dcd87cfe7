// What a conversation turn was understood as, kept with the turn so that a follow-up narrows or
// changes it instead of starting over: "Which armed group was most active in Sudan in 2023?"
// then "and in Chad?" is the same ranking, for Chad, in 2023. A follow-up replaces each group
// it names (place, date, organisation, component) and keeps the others; with no subject of its
// own it keeps the earlier subject and the kind of answer.
import type { Sql } from '../../db/sql';
import { GROUP_OF, type ReadPart, type Reading } from '../question/read';
import { topicTerms, type Intent } from '../question/intent';

export interface TurnConstraints {
	parts: ReadPart[];
	/** The text the records are searched for (the question without its recognised parts). */
	topic: string;
	intent: Intent;
}

export async function lastConstraints(sql: Sql, conversationId: string): Promise<TurnConstraints | null> {
	const raw = await sql.pluck<string | null>('SELECT constraints FROM conversation_turns WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1', [
		conversationId
	]);
	if (!raw) return null;
	try {
		return JSON.parse(raw) as TurnConstraints;
	} catch {
		return null;
	}
}

export function carryOver(reading: Reading, intent: Intent, previous: TurnConstraints | null): TurnConstraints & { reading: Reading } {
	const ownTopic = topicTerms(reading.rest).length > 0;
	if (!previous) return { reading, parts: reading.parts, topic: reading.rest, intent };
	const named = new Set(reading.parts.map((p) => GROUP_OF[p.kind]));
	const inherited = previous.parts.filter((p) => !named.has(GROUP_OF[p.kind])).map((p) => ({ ...p, inherited: true }));
	const parts = [...inherited, ...reading.parts];
	const keepsAnswer = !ownTopic && (intent.kind === 'evidence' || (intent.kind === 'recent' && previous.intent.kind !== 'evidence'));
	return {
		reading: { ...reading, parts },
		parts,
		topic: ownTopic ? reading.rest : previous.topic,
		intent: keepsAnswer ? previous.intent : intent
	};
}
