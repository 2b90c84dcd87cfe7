// The explorer's session gate for this process, created once from the settings (hooks init).
import { dev } from '$app/environment';
import type { Runtime } from '../runtime';
import { EndedSessions } from './ended';
import { SessionGate } from './gate';
import { authMode, modeStatement } from './mode';
import { SessionSeal } from './seal';
import { sessionSecret } from './secret';

let current: Promise<{ gate: SessionGate; statement: string }> | undefined;

/**
 * The gate, and the line that states the mode at start. Rejects with a ModeRefusal or SecretError
 * (their messages name the setting to change) when the settings do not allow the server to start.
 */
export function sessions(rt: Runtime): Promise<{ gate: SessionGate; statement: string }> {
	return (current ??= create(rt));
}

async function create(rt: Runtime): Promise<{ gate: SessionGate; statement: string }> {
	// `vite dev` listens where Vite says (localhost by default), not on HOST.
	const mode = authMode(rt.settings, dev ? 'localhost' : undefined);
	if (mode === 'single-user') return { gate: new SessionGate(mode, rt, null), statement: modeStatement(mode, rt.settings, '') };
	const { secret, source } = sessionSecret(rt.settings);
	const { idleSeconds, maxSeconds } = rt.settings.session;
	const seal = await SessionSeal.create(secret, rt.settings.remoteBaseUrl || 'embedded', { idleSeconds, maxSeconds });
	// Ended sessions live in the database the instances share (its migrations create the table).
	const ended = new EndedSessions(rt.sql, rt.now, maxSeconds);
	return { gate: new SessionGate(mode, rt, { seal, ended }), statement: modeStatement(mode, rt.settings, source) };
}
