// Conversation state in SQLite, so it survives a restart. An id is only ever found together with
// the key and dataset it belongs to and while both deadlines lie ahead; any other case is one
// and the same "unavailable", so a caller cannot tell expired from deleted from someone else's.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/open';
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
	return new ProblemError('conversation_unavailable', 'This conversation is not available: it may have expired, been deleted, or belong to another key or dataset.');
}

/** The caller's live conversation, or conversation_unavailable. */
export function findConversation(db: Db, id: string, keyId: string, dataset: Dataset, now: number): Conversation {
	const row = db
		.prepare('SELECT * FROM conversations WHERE id = ? AND key_id = ? AND dataset = ? AND expires_at > ? AND absolute_expires_at > ?')
		.get(id, keyId, dataset, now, now) as Conversation | undefined;
	if (!row) throw unavailable();
	return row;
}

export function history(db: Db, conversationId: string): Turn[] {
	return db.prepare('SELECT question, answer FROM conversation_turns WHERE conversation_id = ? ORDER BY seq').all(conversationId) as Turn[];
}

/** The inactivity deadline a successful turn at `now` sets: never beyond the absolute one. */
export const idleDeadline = (now: number, idleSeconds: number, absolute: number) => Math.min(now + idleSeconds * 1000, absolute);

/** Only the caller's own conversation in this dataset is touched; anything else is a no-op. */
export function deleteConversation(db: Db, id: string, keyId: string, dataset: Dataset): void {
	db.transaction(() => {
		const own = db.prepare('SELECT 1 FROM conversations WHERE id = ? AND key_id = ? AND dataset = ?').get(id, keyId, dataset);
		if (!own) return;
		db.prepare('DELETE FROM conversation_turns WHERE conversation_id = ?').run(id);
		db.prepare('DELETE FROM conversations WHERE id = ?').run(id);
	})();
}

/** Removes expired conversations and their turns (the inactivity deadline never passes the absolute one). */
export function purgeExpiredConversations(db: Db, now: number): number {
	return db.transaction(() => {
		db.prepare('DELETE FROM conversation_turns WHERE conversation_id IN (SELECT id FROM conversations WHERE expires_at <= ?)').run(now);
		return db.prepare('DELETE FROM conversations WHERE expires_at <= ?').run(now).changes;
	})();
}
