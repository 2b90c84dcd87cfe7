import type { Handle, HandleServerError, RequestEvent, ServerInit } from '@sveltejs/kit';
import { runtime, startReaders } from '$lib/server/runtime';
import { prepareService } from '$lib/server/startup';
import { onShutdown } from '$lib/server/shutdown';
import { edgeFor, type Edge } from '$lib/server/edge/guard';
import { compressResponse } from '$lib/server/edge/compress';
import { gate, PUBLIC_SERVICE_PATHS, SERVICE_PATH, withHeaders } from '$lib/server/service/http';
import { problem, problemResponse } from '$lib/server/service/problems';
import { dev } from '$app/environment';
import { pageConfig, withPageConfig } from '$lib/server/page-config';
import { pageCopyName } from '$lib/server/explorer/stream-cache/page-copy';
import type { PageConfig } from '$lib/types/page';
import { sessions } from '$lib/server/session';
import { ModeRefusal } from '$lib/server/session/mode';
import { SecretError } from '$lib/server/session/secret';
import { fastPath, offerFastPath } from '$lib/server/fast-path';

export const init: ServerInit = async () => {
	const rt = runtime();
	try {
		process.stderr.write((await sessions(rt)).statement + '\n');
	} catch (error) {
		if (!(error instanceof ModeRefusal || error instanceof SecretError)) throw error;
		// A configuration that would expose the server-held key is not a crash: one clear line, no trace.
		process.stderr.write(error.message + '\n');
		process.exit(78);
	}
	await prepareService(rt);
	await startReaders(rt);
	onShutdown(rt);
	edge ??= edgeFor(rt.settings);
	offerFastPath(fastPath(rt, edge));
};

let edge: Edge | undefined;

// Every request passes the edge first (Host allow-list, cross-site refusal), whatever its route.
export const handle: Handle = async ({ event, resolve }) => {
	edge ??= edgeFor(runtime().settings);
	const response = edge.refusal(event.request, event.url) ?? (await route(event, resolve));
	return compressResponse(event.request, await edge.finish(event.request, event.url, response));
};

async function route(event: RequestEvent, resolve: Parameters<Handle>[0]['resolve']): Promise<Response> {
	const path = event.url.pathname;
	const rt = runtime();
	if (!SERVICE_PATH.test(path) || PUBLIC_SERVICE_PATHS.has(path)) {
		// The explorer's pages and endpoints: in sign-in mode, only with a session (session/gate.ts).
		const { gate: sessionGate } = await sessions(rt);
		const refused = await sessionGate.admit(event);
		if (refused) return sessionGate.finish(event, refused);
		// The page's config names its copy of the record stream, which takes a look at the key: only for pages.
		let config: Promise<PageConfig> | undefined;
		const configOf = () =>
			(config ??= pageCopyName(rt, event.locals, dev ? event.url.origin : undefined).then((copy) => pageConfig(rt.settings, event.locals, copy)));
		return sessionGate.finish(event, await resolve(event, { transformPageChunk: async ({ html }) => withPageConfig(html, await configOf(), event.url) }));
	}

	const gated = await gate(rt.sql, rt.limiter, event.request.headers.get('authorization'), path, rt.now());
	if (!gated.ok) return gated.response;
	event.locals.serviceKey = gated.key;
	if (event.route.id === null) {
		return withHeaders(problemResponse(problem('not_found', `No endpoint at ${path}.`), path), gated.headers);
	}

	let response = await resolve(event);
	// SvelteKit answers unknown paths and methods itself, in HTML or text; the service speaks problem JSON.
	if (response.status === 404 && !isProblem(response)) {
		response = problemResponse(problem('not_found', `No endpoint at ${path}.`), path);
	} else if (response.status === 405 && !isProblem(response)) {
		const allow = response.headers.get('allow') ?? 'GET';
		response = problemResponse(problem('method_not_allowed', `${event.request.method} is not supported on ${path}.`), path, { allow });
	}
	return withHeaders(response, gated.headers);
}

function isProblem(response: Response): boolean {
	return (response.headers.get('content-type') ?? '').startsWith('application/problem+json');
}

export const handleError: HandleServerError = ({ error, event, status }) => {
	if (status === 404) return { message: 'Not found' };
	console.error(`[server] unexpected error on ${event.url.pathname}:`, error);
	return { message: 'Something went wrong on the server.' };
};
