// The keys CLI's commands, as a function: `npm run keys` (scripts/keys.ts) runs it in a process of
// its own, and the tests run it in theirs, against a test server's data, without spawning tsx for
// every key (2 s of CPU each, some two hundred times a run).
//   create --name N [--datasets icd,icdb] [--features search,...] [--entities "A,B"]
//          [--rate R] [--burst B] [--credits C]      → one JSON line {"id","key"}
//   list                                             → one JSON line per key (no secrets)
//   revoke ID
//   end-sessions ID                                  → every explorer session signed in with
//                                                      that key ends, on every instance (the key
//                                                      itself still works: revoke it too if lost)
// Against the embedded SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set.
import { parseArgs } from 'node:util';
import { connect, usesPostgres } from '../../db/connect';
import { migratePostgres } from '../../db/pg-migrations';
import type { PostgresSql } from '../../db/pg-sql';
import type { Sql } from '../../db/sql';
import { readSettings, type Settings } from '../../env';
import { clock } from '../../clock';
import { createKey, FEATURES, keyHash, listKeys, parseList, revokeKey } from './keys';
import { endAllSessions, keyRefOfHash } from '../../session/ended';
import { DATASETS } from '../../../types/dataset';

export const KEYS_USAGE =
	'usage: npm run keys -- create --name N [--datasets icd,icdb] [--features ...] [--entities "A,B"] [--rate R] [--burst B] [--credits C] | list | revoke ID | end-sessions ID';

export interface KeysCommandResult {
	/** 0 done, 2 refused (bad arguments, unknown key), 1 failed. */
	status: 0 | 1 | 2;
	stdout: string;
	stderr: string;
}

/** A refusal: the command's arguments, not the machine, are at fault (exit status 2). */
class Refused extends Error {}

function refuse(message: string): never {
	throw new Refused(message);
}

function positiveNumber(value: string | undefined, name: string, fallback: number, integer = false): number {
	if (value === undefined) return fallback;
	const n = Number(value);
	if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) refuse(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
	return n;
}

/** Runs one command of the keys CLI (argv without the program's name) with these settings' environment. */
export async function keysCommand(argv: string[], env: Record<string, string | undefined>): Promise<KeysCommandResult> {
	const out: string[] = [];
	try {
		const [command, ...rest] = argv;
		let settings: Settings;
		try {
			settings = readSettings(env);
		} catch (e) {
			refuse((e as Error).message);
		}
		const sql = connect(settings, 'cli');
		try {
			if (usesPostgres(settings)) await migratePostgres((sql as PostgresSql).pool);
			await run(sql, command, rest, settings, (line) => out.push(line + '\n'));
		} finally {
			await sql.close();
		}
		return { status: 0, stdout: out.join(''), stderr: '' };
	} catch (error) {
		return { status: error instanceof Refused ? 2 : 1, stdout: out.join(''), stderr: `keys: ${(error as Error).message}\n` };
	}
}

async function run(sql: Sql, command: string | undefined, rest: string[], settings: Settings, print: (line: string) => void): Promise<void> {
	switch (command) {
		case 'create': {
			let values;
			try {
				({ values } = parseArgs({
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
				}));
			} catch (e) {
				refuse((e as Error).message);
			}
			if (!values.name?.trim()) refuse('create needs --name');
			let datasets, features;
			try {
				datasets = values.datasets === undefined ? [...DATASETS] : parseList(values.datasets, DATASETS, 'dataset');
				features = values.features === undefined ? [...FEATURES] : parseList(values.features, FEATURES, 'feature');
			} catch (e) {
				refuse((e as Error).message);
			}
			const entities = values.entities
				?.split(',')
				.map((s) => s.trim())
				.filter(Boolean);
			if (values.credits !== undefined && !/^\d+$/.test(values.credits)) refuse('--credits must be a whole number');
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
			print(JSON.stringify(created));
			return;
		}
		case 'list':
			for (const k of await listKeys(sql)) {
				print(
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
					})
				);
			}
			return;
		case 'revoke': {
			const id = rest[0];
			if (!id) refuse('revoke needs a key id');
			if (!(await revokeKey(sql, id, Date.now()))) refuse(`no key with id ${id}`);
			print(JSON.stringify({ id, revoked: true }));
			return;
		}
		case 'end-sessions': {
			const id = rest[0];
			if (!id) refuse('end-sessions needs a key id');
			const hash = await keyHash(sql, id);
			if (!hash) refuse(`no key with id ${id}`);
			// Named by its hash, as the explorer names it (session/ended.ts); kept as long as a session can last.
			// The servers' clock (a test's, under NODE_ENV=test): sessions are compared with the time they were issued.
			const now = clock(settings.testClockFile)();
			await endAllSessions(sql, keyRefOfHash(hash), now, Math.floor(now / 1000) + settings.session.maxSeconds);
			print(JSON.stringify({ id, sessionsEnded: true }));
			return;
		}
		default:
			refuse(KEYS_USAGE);
	}
}
