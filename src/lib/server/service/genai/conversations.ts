// Conversation state in the database (SQLite or PostgreSQL), so it survives a restart and, on
// PostgreSQL, any instance answers any turn and sees a deletion made by another. An id is only ever found together with
// the key and dataset it belongs to and while both deadlines lie ahead; any other case is one
// and the same "unavailable", so a caller cannot tell expired from deleted from someone else's.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/sql';
import type { Dataset } from '../../../types/dataset';
import { ProblemError } from '../problems';

export interface Conversation {
	id: string;
	key_id: string;
	dataset: Dataset;
	created_at: number;
	expires_at: number;
	absolute_expires_at: number;
}

export interface Turn {
	question: string;
	answer: string;
}

export const newConversationId = () => `conv_${randomBytes(24).toString('base64url')}`;
export const newResponseId = () => `resp_${randomBytes(16).toString('base64url')}`;

export function unavailable(): ProblemError {
	return new ProblemError(
		'conversation_unavailable',
		'This conversation is not available: it may have expired, been deleted, or belong to another key or dataset.'
	);
}

/** The caller's live conversation, or conversation_unavailable. */
export async function findConversation(sql: Sql, id: string, keyId: string, dataset: Dataset, now: number): Promise<Conversation> {
	const row = await sql.get<Conversation>(
		'SELECT * FROM conversations WHERE id = ? AND key_id = ? AND dataset = ? AND expires_at > ? AND absolute_expires_at > ?',
		[id, keyId, dataset, now, now]
	);
	if (!row) throw unavailable();
	return row;
}

export async function history(sql: Sql, conversationId: string): Promise<Turn[]> {
	return sql.all<Turn>('SELECT question, answer FROM conversation_turns WHERE conversation_id = ? ORDER BY seq', [conversationId]);
}

/** The inactivity deadline a successful turn at `now` sets: never beyond the absolute one. */
export const idleDeadline = (now: number, idleSeconds: number, absolute: number) => Math.min(now + idleSeconds * 1000, absolute);

/**
 * Only the caller's own conversation in this dataset is touched; anything else is a no-op. A turn
 * of it that is being recorded at the same moment finishes first (it holds the conversation's
 * row), and its turn goes with the conversation.
 */
export async function deleteConversation(sql: Sql, id: string, keyId: string, dataset: Dataset): Promise<void> {
	await sql.transaction(async (tx) => {
		const own = await tx.get('SELECT 1 AS own FROM conversations WHERE id = ? AND key_id = ? AND dataset = ?', [id, keyId, dataset]);
		if (!own) return;
		await tx.run('DELETE FROM conversation_turns WHERE conversation_id = ?', [id]);
		await tx.run('DELETE FROM conversations WHERE id = ?', [id]);
	});
}

/** Removes expired conversations and their turns (the inactivity deadline never passes the absolute one). */
export async function purgeExpiredConversations(sql: Sql, now: number): Promise<number> {
	return sql.transaction(async (tx) => {
		await tx.run('DELETE FROM conversation_turns WHERE conversation_id IN (SELECT id FROM conversations WHERE expires_at <= ?)', [now]);
		return (await tx.run('DELETE FROM conversations WHERE expires_at <= ?', [now])).changes;
	});
}
