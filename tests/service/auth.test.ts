import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { startServer, type TestServer } from '../helpers/server';
import { psql } from '../../scripts/pg/cluster';

let server: TestServer;

/** Every row of the keys' table, as text, from the server's database (SQLite file or PostgreSQL). */
function storedKeys(): string {
	if (server.databaseUrl) return psql(server.databaseUrl, 'SELECT row_to_json(k) FROM api_keys k');
	const db = new Database(path.join(server.dataDir, 'icd.sqlite'), { readonly: true });
	try {
		return JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
	} finally {
		db.close();
	}
}
beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

describe('authentication', () => {
	it.each([
		['missing header', null, undefined],
		['not bearer', null, 'Basic dXNlcjpwYXNz'],
		['malformed token', null, 'Bearer not-a-key'],
		['unknown key of the right shape', null, `Bearer icd_000000000000_${'A'.repeat(43)}`],
		['empty bearer', null, 'Bearer ']
	])('refuses %s with 401 and WWW-Authenticate', async (_name, key, header) => {
		const r = await server.get('/v1/icd/videos', key, header ? { headers: { authorization: header } } : {});
		expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
		await expectProblem(r, 401, 'unauthorized');
	});

	it('refuses a key with one wrong character', async () => {
		const { key } = await server.createKey();
		const last = key.at(-1) === 'A' ? 'B' : 'A';
		await expectProblem(await server.get('/v1/icd/videos', key.slice(0, -1) + last), 401, 'unauthorized');
		expect((await server.get('/v1/icd/videos', key)).status).toBe(200);
	});

	it('requires the key on every service path, even unknown ones', async () => {
		await expectProblem(await server.get('/v1/icd/nothing-here', null), 401, 'unauthorized');
		await expectProblem(await server.get('/mcp-icd', null, { method: 'POST' }), 401, 'unauthorized');
	});

	it('refuses a revoked key', async () => {
		const { id, key } = await server.createKey();
		expect((await server.get('/v1/icd/videos', key)).status).toBe(200);
		expect(JSON.parse(await server.keys(['revoke', id]))).toEqual({ id, revoked: true });
		await expectProblem(await server.get('/v1/icd/videos', key), 401, 'unauthorized');
	});
});

describe('permissions', () => {
	it('refuses a dataset the key lacks with 403, on every endpoint of that dataset', async () => {
		const { key } = await server.createKey(['--datasets', 'icd']);
		expect((await server.get('/v1/icd/images', key)).status).toBe(200);
		for (const p of ['/v1/icdb/videos', '/v1/icdb/images/geo-manifest', '/v1/icdb/videos/by-component-id/1', `/v1/icdb/images/${crypto.randomUUID()}`]) {
			const body = await expectProblem(await server.get(p, key), 403, 'forbidden');
			expect(body.detail).toMatch(/ICDB/);
		}
	});

	it('refuses a feature the key lacks with 403', async () => {
		const { key } = await server.createKey(['--features', 'search']);
		expect((await server.get('/v1/icd/videos', key)).status).toBe(200);
		await expectProblem(await server.get('/v1/icd/videos/geo-manifest', key), 403, 'forbidden');
		await expectProblem(await server.get('/v1/icd/videos/by-component-id/1', key), 403, 'forbidden');
		await expectProblem(await server.get(`/v1/icd/videos/${crypto.randomUUID()}`, key), 403, 'forbidden');
		await expectProblem(await server.get(`/v1/icd/videos/${crypto.randomUUID()}/player`, key), 403, 'forbidden');
	});
});

describe('keys CLI and storage', () => {
	it('creates keys as one JSON line and lists them without secrets', async () => {
		const out = await server.keys([
			'create',
			'--name',
			'analyst',
			'--datasets',
			'icdb',
			'--features',
			'search,geo',
			'--entities',
			'A,B',
			'--rate',
			'5',
			'--burst',
			'10',
			'--credits',
			'7'
		]);
		expect(out.trim().split('\n')).toHaveLength(1);
		const created = JSON.parse(out);
		expect(created.key).toMatch(/^icd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
		const listed = (await server.keys(['list']))
			.trim()
			.split('\n')
			.map((l) => JSON.parse(l));
		const mine = listed.find((k) => k.id === created.id);
		expect(mine).toMatchObject({
			name: 'analyst',
			datasets: ['icdb'],
			features: ['search', 'geo'],
			entities: ['A', 'B'],
			rate: 5,
			burst: 10,
			credits: 7,
			revoked_at: null
		});
		expect(JSON.stringify(listed)).not.toContain(created.key);
	});

	it('runs as its own process (npm run keys): a key created there works; bad input exits with 2 and a message', async () => {
		// The other tests create keys with the same commands in their own process (keys-command.ts).
		const { runScript } = await import('../helpers/server');
		const env = { DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) };
		const made = runScript('scripts/keys.ts', ['create', '--name', 'from the CLI', '--datasets', 'icd'], env);
		expect(made.status, made.stderr).toBe(0);
		const { id, key } = JSON.parse(made.stdout);
		expect((await server.get('/v1/icd/videos', key)).status).toBe(200);
		expect((await server.get('/v1/icdb/videos', key)).status).toBe(403);
		const listed = runScript('scripts/keys.ts', ['list'], env);
		expect(listed.status).toBe(0);
		expect(listed.stdout).toContain(`"id":"${id}"`);
		const bad = runScript('scripts/keys.ts', ['create', '--name', 'x', '--features', 'search,teleport'], env);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toMatch(/unknown feature "teleport"/);
		const unknown = runScript('scripts/keys.ts', ['revoke', 'no-such-key'], env);
		expect(unknown.status).toBe(2);
		expect(unknown.stderr).toMatch(/no key with id no-such-key/);
	});

	it('stores only hashes of keys', async () => {
		const { id, key } = await server.createKey();
		const dump = storedKeys();
		expect(dump).toContain(id);
		expect(dump).not.toContain(key);
		// The secret part alone (after "icd_<12 hex id>_") is not stored either.
		expect(dump).not.toContain(key.slice('icd_000000000000_'.length));
	});

	it('keeps the local explorer key in DATA_DIR with mode 0600', () => {
		const file = path.join(server.dataDir, 'local-api-key');
		expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		expect(server.localKey).toMatch(/^icd_/);
	});
});
