// What every thin REST route of the service does: take the key the hooks authenticated, parse
// path and query with the route's zod schemas, call one service function, answer JSON or problem.
import type { RequestEvent } from '@sveltejs/kit';
import { runtime } from '../runtime';
import type { Component, Dataset } from '../../types/dataset';
import type { ApiKey } from './auth/keys';
import type { ServiceDeps } from './deps';
import { answer } from './http';
import { ProblemError } from './problems';
import { queryObject } from './schemas';

export interface RouteContext {
	deps: ServiceDeps;
	key: ApiKey;
	dataset: Dataset;
	component: Component;
	query: Record<string, string>;
	/** The origin callers reach this server at, for links the service hands out (media). */
	origin: string;
	event: RequestEvent;
}

/**
 * adapter-node assumes https when ORIGIN is unset; links must use the scheme and host the caller
 * actually used, so without ORIGIN they are built from the Host and X-Forwarded-Proto headers.
 */
export function publicOrigin(event: RequestEvent, configured: string): string {
	if (configured) return configured;
	const host = event.request.headers.get('host');
	if (!host) return event.url.origin;
	const proto = event.request.headers.get('x-forwarded-proto')?.split(',')[0].trim() || 'http';
	return `${proto}://${host}`;
}

export function serve(event: RequestEvent, run: (ctx: RouteContext) => unknown, status = 200): Response {
	const path = event.url.pathname;
	return answer(
		path,
		() => {
			const key = event.locals.serviceKey;
			if (!key) throw new ProblemError('unauthorized', 'The Authorization header is missing.');
			const { dataset, component } = event.params as { dataset?: Dataset; component?: string };
			const deps = runtime();
			return run({
				deps,
				key,
				dataset: dataset ?? 'icd',
				component: component === 'images' || path.includes('/images/') ? 'image' : 'video',
				query: queryObject(event.url.searchParams),
				origin: publicOrigin(event, deps.settings.origin),
				event
			});
		},
		status
	);
}
