// Domain GenAI credits. A successful turn costs TURN_CREDITS, taken in the same transaction that
// records the turn, so a turn is either answered and paid or neither. Deleting is free.
import type { Db } from '../../db/open';
import type { ApiKey } from '../auth/keys';
import { ProblemError } from '../problems';

export const TURN_CREDITS = 1;

export function creditsExhausted(balance: number): ProblemError {
	return new ProblemError('credits_exhausted', `A Domain GenAI turn costs ${TURN_CREDITS} credit${TURN_CREDITS === 1 ? '' : 's'}; this key has ${balance} left.`);
}

export function balance(db: Db, key: ApiKey): number {
	return db.prepare('SELECT credits FROM api_keys WHERE id = ?').pluck().get(key.id) as number;
}

/** Refuses before any work when the balance cannot pay for a turn. */
export function requireCredits(db: Db, key: ApiKey): void {
	const left = balance(db, key);
	if (left < TURN_CREDITS) throw creditsExhausted(left);
}

/** Takes the turn's credits; call inside the turn's transaction. Returns the new balance. */
export function charge(db: Db, key: ApiKey, responseId: string, now: number): number {
	const taken = db.prepare('UPDATE api_keys SET credits = credits - ? WHERE id = ? AND credits >= ?').run(TURN_CREDITS, key.id, TURN_CREDITS);
	if (taken.changes === 0) throw creditsExhausted(balance(db, key));
	db.prepare('INSERT INTO credit_ledger (key_id, response_id, credits, created_at) VALUES (?, ?, ?, ?)').run(key.id, responseId, TURN_CREDITS, now);
	return balance(db, key);
}
