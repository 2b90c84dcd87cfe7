// The embedded service's own key for the explorer's server side. It lives in DATA_DIR with
// mode 0600 and is read only by the server process; it is never sent to a browser.
import fs from 'node:fs';
import path from 'node:path';
import type { Sql } from '../../db/sql';
import { authenticate, createKey } from './keys';

export const LOCAL_KEY_FILE = 'local-api-key';

export async function ensureLocalKey(sql: Sql, dataDir: string, now: number): Promise<string> {
	const file = path.join(dataDir, LOCAL_KEY_FILE);
	if (fs.existsSync(file)) {
		const existing = fs.readFileSync(file, 'utf8').trim();
		if (await authenticate(sql, `Bearer ${existing}`)) {
			fs.chmodSync(file, 0o600);
			return existing;
		}
	}
	// Generous limits: the explorer walks four manifests at once and serves one analyst.
	const { key } = await createKey(sql, { name: 'local explorer (embedded)', rate: 200, burst: 400, credits: 100_000 }, now);
	fs.mkdirSync(dataDir, { recursive: true });
	fs.writeFileSync(file, key + '\n', { mode: 0o600 });
	fs.chmodSync(file, 0o600);
	return key;
}
