// The sign-in page: rendered on the server and sent without any script (csr = false), so the
// pasted key goes from the form straight to this server and never through the page's JavaScript.
import { fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { pageConfig } from '$lib/server/page-config';
import { runtime } from '$lib/server/runtime';
import { sessions } from '$lib/server/session';
import { safeNext, signInFailureMessage } from '$lib/server/session/gate';
import { isSessionEnd, SESSION_END_MESSAGES } from '$lib/types/session';

export const ssr = true;
export const csr = false;

export const load: PageServerLoad = async (event) => {
	const rt = runtime();
	const { gate } = await sessions(rt);
	if (gate.mode === 'single-user') redirect(303, '/');
	const why = event.url.searchParams.get('why');
	const next = safeNext(event.url.searchParams.get('next') ?? '/');
	// Signed in already: back to the map, unless the page sent us here because the service refused
	// the key mid-stream, which is checked (and the session ended) before the form is shown.
	if (event.locals.analyst && event.request.method === 'GET' && (why !== 'refused' || (await gate.confirm(event)))) redirect(303, next);
	return {
		serviceLabel: pageConfig(rt.settings).serviceLabel,
		embedded: !rt.settings.remoteBaseUrl,
		notice: isSessionEnd(why) ? SESSION_END_MESSAGES[why] : null,
		next
	};
};

export const actions: Actions = {
	default: async (event) => {
		const rt = runtime();
		const { gate } = await sessions(rt);
		if (gate.mode === 'single-user') redirect(303, '/');
		const form = await event.request.formData().catch(() => null);
		const outcome = await gate.signIn(event, String(form?.get('key') ?? ''));
		// The answer never repeats the key: the form comes back empty, with a sentence.
		if (!outcome.ok) return fail(outcome.status, { message: signInFailureMessage(outcome, pageConfig(rt.settings).serviceLabel) });
		redirect(303, safeNext(form?.get('next')));
	}
};
