// Which of the two modes the explorer runs in, decided once at start from the settings:
//  - single-user: the server-held key (ICD_API_KEY, or the embedded service's local key) serves
//    every page, so anyone who reaches the server works under it. Allowed only on loopback.
//  - signin: each analyst signs in with the key the service issued to them; the server holds no
//    key of its own for the explorer. Required on any address other machines can reach.
import { isIP } from 'node:net';
import type { Settings } from '../env';

export type AuthMode = 'single-user' | 'signin';

export class ModeRefusal extends Error {}

/** The mode to run in, or a refusal naming the settings to change. `listen` defaults to the production server's address. */
export function authMode(settings: Settings, listen = settings.listenAddress): AuthMode {
	if (settings.auth === 'signin') return 'signin';
	const exposure = exposedBy(settings, listen);
	if (!exposure) return 'single-user';
	const key = settings.remoteApiKey ? 'ICD_API_KEY' : "the embedded service's local all-permission key";
	throw new ModeRefusal(
		`The explorer will not start: ${exposure}, and in single-user mode every visitor would work under the server-held key (${key}). ` +
			'Set EXPLORER_AUTH=signin so that each analyst signs in with their own service key, or set HOST=127.0.0.1 to keep the explorer on this machine.'
	);
}

/** Why other machines can reach this server, or null when only this machine can. */
function exposedBy(settings: Settings, listen: string): string | null {
	if (!isLoopback(listen))
		return `it would listen on ${listen === '0.0.0.0' || listen === '::' ? `every network interface (HOST=${listen})` : `HOST=${listen}`}, which other machines can reach`;
	if (settings.origin && !isLoopback(new URL(settings.origin).hostname)) return `ORIGIN=${settings.origin} says it is served to others behind a proxy`;
	return null;
}

/** Loopback addresses and names: 127.0.0.0/8, ::1, localhost and *.localhost (RFC 6761). */
export function isLoopback(host: string): boolean {
	const h = host
		.trim()
		.toLowerCase()
		.replace(/^\[|\]$/g, '');
	if (h === 'localhost' || h.endsWith('.localhost')) return true;
	if (isIP(h) === 4) return h.startsWith('127.');
	if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
	return false;
}

/** The line printed at start: which mode, and what it means for the people who reach the page. */
export function modeStatement(mode: AuthMode, settings: Settings, secretSource: string): string {
	if (mode === 'single-user') {
		const key = settings.remoteApiKey ? 'ICD_API_KEY' : "the embedded service's local key";
		return `Single-user mode: every page on this machine works under the server-held key (${key}). For a shared deployment set EXPLORER_AUTH=signin.`;
	}
	const minutes = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : `${Math.round(s / 60)} min`);
	const unused = settings.remoteApiKey ? ' ICD_API_KEY is not used for analysts.' : '';
	return `Sign-in mode: each analyst signs in at /signin with their own service key (sessions end after ${minutes(settings.session.idleSeconds)} idle or ${minutes(settings.session.maxSeconds)} in all; sealed with ${secretSource}).${unused}`;
}
