// Domain GenAI credits. A successful turn costs TURN_CREDITS, taken in the same transaction that
// records the turn, so a turn is either answered and paid or neither. The balance is checked and
// spent in one statement (the key's row is locked until the turn commits), so turns running at
// once, on one instance or several, never spend more than the key has. Deleting is free.
import type { Sql } from '../../db/sql';
import type { ApiKey } from '../auth/keys';
import { ProblemError } from '../problems';

export const TURN_CREDITS = 1;

export function creditsExhausted(balance: number): ProblemError {
	return new ProblemError(
		'credits_exhausted',
		`A Domain GenAI turn costs ${TURN_CREDITS} credit${TURN_CREDITS === 1 ? '' : 's'}; this key has ${balance} left.`
	);
}

export async function balance(sql: Sql, key: ApiKey): Promise<number> {
	return (await sql.pluck<number>('SELECT credits FROM api_keys WHERE id = ?', [key.id])) ?? 0;
}

/** Refuses before any work when the balance cannot pay for a turn. */
export async function requireCredits(sql: Sql, key: ApiKey): Promise<void> {
	const left = await balance(sql, key);
	if (left < TURN_CREDITS) throw creditsExhausted(left);
}

/** Takes the turn's credits; call inside the turn's transaction. Returns the new balance. */
export async function charge(tx: Sql, key: ApiKey, responseId: string, now: number): Promise<number> {
	const left = await tx.pluck<number>('UPDATE api_keys SET credits = credits - ? WHERE id = ? AND credits >= ? RETURNING credits', [
		TURN_CREDITS,
		key.id,
		TURN_CREDITS
	]);
	if (left === undefined) throw creditsExhausted(await balance(tx, key));
	await tx.run('INSERT INTO credit_ledger (key_id, response_id, credits, created_at) VALUES (?, ?, ?, ?)', [key.id, responseId, TURN_CREDITS, now]);
	return left;
}
