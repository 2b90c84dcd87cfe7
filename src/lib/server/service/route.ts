// What every thin REST route of the service does: take the key the hooks authenticated, parse
// path and query with the route's zod schemas, call one service function, answer JSON or problem.
import type { RequestEvent } from '@sveltejs/kit';
import { runtime } from '../runtime';
import type { Component, Dataset } from '../../types/dataset';
import type { ApiKey } from './auth/keys';
import type { ServiceDeps } from './service-deps';
import { publicOrigin } from '../edge/origin';
import { answer, answerAsync } from './http';
import { ProblemError } from './problems';
import { parseParams, queryObject } from './schemas';
import type { z } from 'zod';

export interface RouteContext {
	deps: ServiceDeps;
	key: ApiKey;
	dataset: Dataset;
	component: Component;
	query: Record<string, string>;
	/** The origin callers reach this server at, for links the service hands out (media). */
	origin: string;
	event: RequestEvent;
	/** The request's time: what its reads see as now. */
	at: number;
}

function context(event: RequestEvent): RouteContext {
	const key = event.locals.serviceKey;
	if (!key) throw new ProblemError('unauthorized', 'The Authorization header is missing.');
	const path = event.url.pathname;
	const { dataset, component } = event.params as { dataset?: Dataset; component?: string };
	const deps = runtime();
	return {
		deps,
		key,
		dataset: dataset ?? 'icd',
		component: component === 'images' || path.includes('/images/') ? 'image' : 'video',
		query: queryObject(event.url.searchParams),
		origin: publicOrigin(event.request, event.url, deps.settings.origin),
		event,
		at: deps.now()
	};
}

export function serve(event: RequestEvent, run: (ctx: RouteContext) => unknown, status = 200): Response {
	return answer(event.url.pathname, () => run(context(event)), status);
}

export function serveAsync(event: RequestEvent, run: (ctx: RouteContext) => Promise<unknown>, status = 200): Promise<Response> {
	return answerAsync(event.url.pathname, () => run(context(event)), status);
}

/** A JSON request body parsed with a schema; anything else is one 400 problem, never a 500. */
export async function jsonBody<S extends z.ZodType>(event: RequestEvent, schema: S): Promise<z.output<S>> {
	const type = event.request.headers.get('content-type') ?? '';
	if (!/^application\/json\b/i.test(type)) {
		throw new ProblemError('invalid_parameter', 'The request body must be JSON (content-type: application/json).', {
			errors: [{ param: 'body', message: 'expected application/json' }]
		});
	}
	let body: unknown;
	try {
		body = await event.request.json();
	} catch (error) {
		// The adapter's BODY_SIZE_LIMIT ends the body with a 413 error, by its content-length or while it streams.
		if ((error as { status?: number }).status === 413)
			throw new ProblemError('payload_too_large', 'The request body is larger than this service accepts; questions and tool calls need a few kilobytes.');
		throw new ProblemError('invalid_parameter', 'The request body is not valid JSON.', { errors: [{ param: 'body', message: 'not valid JSON' }] });
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw new ProblemError('invalid_parameter', 'The request body must be a JSON object.', { errors: [{ param: 'body', message: 'expected an object' }] });
	}
	return parseParams(schema, body as Record<string, string>);
}
