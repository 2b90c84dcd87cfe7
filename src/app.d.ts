import type { ApiKey } from '$lib/server/service/auth/keys';
import type { AnalystSession } from '$lib/server/session/seal';
import type { AuthMode } from '$lib/server/session/mode';

declare global {
	namespace App {
		interface Locals {
			/** The caller's key on service paths (/v1, /mcp-*), set by the hooks after authentication. */
			serviceKey?: ApiKey;
			/** How the explorer's pages and endpoints reach the service (session/mode.ts). */
			authMode?: AuthMode;
			/** In sign-in mode: the signed-in analyst, whose key every explorer endpoint uses (session/gate.ts). */
			analyst?: AnalystSession;
			/** The cookie to send with this response: a new or refreshed session, or none any more. */
			sessionChange?: { set: AnalystSession } | 'clear';
		}
		interface Error {
			message: string;
		}
	}
}

export {};
