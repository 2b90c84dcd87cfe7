import type { ApiKey } from '$lib/server/service/auth/keys';

declare global {
	namespace App {
		interface Locals {
			/** The caller's key on service paths (/v1, /mcp-*), set by the hooks after authentication. */
			serviceKey?: ApiKey;
		}
		interface Error {
			message: string;
		}
	}
}

export {};
