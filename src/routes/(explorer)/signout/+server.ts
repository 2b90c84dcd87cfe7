import { redirect } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { runtime } from '$lib/server/runtime';
import { sessions } from '$lib/server/session';
import { signInPath } from '$lib/types/session';

/** POST /signout (the map's "Sign out" form): the cookie is cleared; nothing else holds the session. */
export const POST: RequestHandler = async (event) => {
	const { gate } = await sessions(runtime());
	if (gate.mode === 'single-user') redirect(303, '/');
	gate.signOut(event);
	redirect(303, signInPath('signed-out'));
};
