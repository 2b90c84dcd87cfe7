// The secret that seals session cookies. Any instance holding the same secret opens any other's
// cookies, so a team's instances stay stateless: give them one SESSION_SECRET. Without it, a
// single machine gets a secret generated once and kept in DATA_DIR/session-secret (mode 0600), so
// that sessions survive a restart with nothing to configure. It is a file beside the local key,
// not a row of the service's database: the explorer's room keeps out of the service's tables, and
// an explorer in front of a remote service has no such database to share.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../env';

export const SESSION_SECRET_FILE = 'session-secret';
export const MIN_SECRET_LENGTH = 32;

export class SecretError extends Error {}

export function sessionSecret(settings: Settings): { secret: string; source: string } {
	const configured = settings.session.secret;
	if (configured) {
		if (configured.length < MIN_SECRET_LENGTH) {
			throw new SecretError(`SESSION_SECRET is too short: at least ${MIN_SECRET_LENGTH} characters (for example the output of "openssl rand -base64 32").`);
		}
		return { secret: configured, source: 'SESSION_SECRET' };
	}
	const file = path.join(settings.dataDir, SESSION_SECRET_FILE);
	fs.mkdirSync(settings.dataDir, { recursive: true });
	try {
		// 'wx': two instances starting at once on one DATA_DIR must end up with the same secret.
		fs.writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
	}
	const secret = fs.readFileSync(file, 'utf8').trim();
	if (secret.length < MIN_SECRET_LENGTH)
		throw new SecretError(`${file} holds no usable secret: delete it to have a new one generated (every session then ends).`);
	return { secret, source: `${file} (generated; give instances one SESSION_SECRET to share sessions)` };
}
