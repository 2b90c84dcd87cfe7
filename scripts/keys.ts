// Keys CLI of the embedded service.
//   npm run keys -- create --name N [--datasets icd,icdb] [--features search,...] [--entities "A,B"]
//                          [--rate R] [--burst B] [--credits C]      → one JSON line {"id","key"}
//   npm run keys -- list                                             → one JSON line per key (no secrets)
//   npm run keys -- revoke ID
// Against the embedded SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set.
import { parseArgs } from 'node:util';
import { connect, usesPostgres } from '../src/lib/server/db/connect';
import { migratePostgres } from '../src/lib/server/db/pg-migrations';
import type { PostgresSql } from '../src/lib/server/db/pg-sql';
import type { Sql } from '../src/lib/server/db/sql';
import { loadEnvFile, readSettings } from '../src/lib/server/env';
import { createKey, FEATURES, listKeys, parseList, revokeKey } from '../src/lib/server/service/auth/keys';
import { DATASETS } from '../src/lib/types/dataset';

function fail(message: string): never {
	process.stderr.write(`keys: ${message}\n`);
	process.exit(2);
}

function positiveNumber(value: string | undefined, name: string, fallback: number, integer = false): number {
	if (value === undefined) return fallback;
	const n = Number(value);
	if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) fail(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
	return n;
}

async function main(): Promise<void> {
	loadEnvFile();
	const [command, ...rest] = process.argv.slice(2);
	const settings = (() => {
		try {
			return readSettings();
		} catch (e) {
			return fail((e as Error).message);
		}
	})();
	const sql = connect(settings, 'cli');
	try {
		if (usesPostgres(settings)) await migratePostgres((sql as PostgresSql).pool);
		await run(sql, command, rest, settings);
	} finally {
		await sql.close();
	}
}

async function run(sql: Sql, command: string | undefined, rest: string[], settings: ReturnType<typeof readSettings>): Promise<void> {
	switch (command) {
		case 'create': {
			const { values } = parseArgs({
				args: rest,
				options: {
					name: { type: 'string' },
					datasets: { type: 'string' },
					features: { type: 'string' },
					entities: { type: 'string' },
					rate: { type: 'string' },
					burst: { type: 'string' },
					credits: { type: 'string' }
				},
				strict: true
			});
			if (!values.name?.trim()) fail('create needs --name');
			let datasets, features;
			try {
				datasets = values.datasets === undefined ? [...DATASETS] : parseList(values.datasets, DATASETS, 'dataset');
				features = values.features === undefined ? [...FEATURES] : parseList(values.features, FEATURES, 'feature');
			} catch (e) {
				fail((e as Error).message);
			}
			const entities = values.entities
				?.split(',')
				.map((s) => s.trim())
				.filter(Boolean);
			if (values.credits !== undefined && !/^\d+$/.test(values.credits)) fail('--credits must be a whole number');
			const created = await createKey(
				sql,
				{
					name: values.name.trim(),
					datasets,
					features,
					entities: entities && entities.length > 0 ? entities : null,
					rate: positiveNumber(values.rate, 'rate', settings.defaultRate),
					burst: positiveNumber(values.burst, 'burst', settings.defaultBurst, true),
					credits: values.credits === undefined ? settings.defaultCredits : Number(values.credits)
				},
				Date.now()
			);
			process.stdout.write(JSON.stringify(created) + '\n');
			return;
		}
		case 'list':
			for (const k of await listKeys(sql)) {
				process.stdout.write(
					JSON.stringify({
						id: k.id,
						name: k.name,
						datasets: k.datasets,
						features: k.features,
						entities: k.entities,
						rate: k.rate,
						burst: k.burst,
						credits: k.credits,
						created_at: new Date(k.createdAt).toISOString(),
						revoked_at: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString()
					}) + '\n'
				);
			}
			return;
		case 'revoke': {
			const id = rest[0];
			if (!id) fail('revoke needs a key id');
			if (!(await revokeKey(sql, id, Date.now()))) fail(`no key with id ${id}`);
			process.stdout.write(JSON.stringify({ id, revoked: true }) + '\n');
			return;
		}
		default:
			fail(
				'usage: npm run keys -- create --name N [--datasets icd,icdb] [--features ...] [--entities "A,B"] [--rate R] [--burst B] [--credits C] | list | revoke ID'
			);
	}
}

main().catch((error) => {
	process.stderr.write(`keys: ${(error as Error).message}\n`);
	process.exit(1);
});
