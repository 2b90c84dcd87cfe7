// Reading a request with one of the explorer's schemas (schemas.ts): the value, or the message of
// its first problem, which the explorer's server answers with a 400 (server/explorer/endpoints.ts:
// failure). The messages are the schemas' own, written for people, one at a time.
import type { z } from 'zod';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parse<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
	const result = schema.safeParse(input);
	if (result.success) return { ok: true, value: result.data };
	return { ok: false, message: result.error.issues[0]?.message ?? 'The request is not one the explorer reads.' };
}

/**
 * A query string as the schemas read it: every value of each name, the names in the order they
 * are first given (a schema that refuses names refuses the first it does not know, as it comes).
 */
export type QueryInput = Record<string, string[]>;

export function queryInput(query: URLSearchParams): QueryInput {
	// Without a prototype: a parameter named "__proto__" is a name like any other.
	const input: QueryInput = Object.create(null);
	for (const [name, value] of query) (input[name] ??= []).push(value);
	return input;
}
