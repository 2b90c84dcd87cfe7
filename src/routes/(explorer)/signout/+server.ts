import { redirect } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { sessions } from '$lib/server/session';
import { signInPath } from '$lib/types/session';

/**
 * POST /signout (the map's "Sign out" form): the session is recorded as ended, so that no copy of its
 * cookie opens on any instance, and the cookie is cleared. With scope=everywhere ("Sign out
 * everywhere"): every session of the analyst's key, in any browser.
 */
export const POST: RequestHandler = async (event) => {
	const { gate } = await sessions(runtime());
	if (gate.mode === 'single-user') redirect(303, '/');
	const form = await event.request.formData().catch(() => null);
	const everywhere = form?.get('scope') === 'everywhere';
	await gate.signOut(event, everywhere);
	redirect(303, signInPath(everywhere ? 'signed-out-everywhere' : 'signed-out'));
};
