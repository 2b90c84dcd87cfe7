import type { PageServerLoad } from './$types';
import { runtime } from '$lib/server/runtime';

export const load: PageServerLoad = () => {
	const { settings } = runtime();
	return {
		mapStyleUrl: settings.mapStyleUrl,
		// The host only: the key never leaves the server.
		serviceLabel: settings.remoteBaseUrl ? `ICD service at ${new URL(settings.remoteBaseUrl).host}` : 'embedded ICD service'
	};
};
