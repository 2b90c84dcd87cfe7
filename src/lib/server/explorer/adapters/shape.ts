// Shared by the adapters: a body that does not decode is a ShapeError naming what is wrong; the
// client turns it into a ServiceError for people. Optional fields tolerate null and wrong types
// (they become undefined), since the spec makes every field optional and says nothing of nulls.
import { z } from 'zod';

export class ShapeError extends Error {}

export function decodeWith<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
	const result = schema.safeParse(body);
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	const where = issue?.path.length ? issue.path.join('.') : 'body';
	throw new ShapeError(`${where}: ${issue?.message ?? 'invalid'}`);
}

export const optionalText = z.string().optional().catch(undefined);
export const optionalInt = z.number().int().optional().catch(undefined);
export const optionalNumber = z.number().optional().catch(undefined);
export const nullableInt = z.number().int().nullable().optional().catch(undefined);
