// npm run eval:nl -- [--data-dir DIR] [--seed S] [--verbose] [--engine sqlite|postgres]
// Evaluates natural language search over the default deterministic dataset (generated into DIR on
// first run, then reused):
//   quality      bench/nl-eval/queries.json: nDCG@10 and recall@50 (capped at 50 relevant) for BM25
//                alone and for the hybrid, split into paraphrase and literal queries; refuses to
//                score when a paraphrase query shares a word with a record it should find;
//   constraints, bias, answers   questions generated from the data with --seed, put to the
//                production server over HTTP (scripts/eval/question-sets.ts).
// With --engine postgres (DATABASE_URL names the database) the same dataset is loaded into
// PostgreSQL and the retrieval and the server run there; the ground truth still comes from the
// SQLite copy in DIR, which holds the same records under the same ids.
// Writes bench/results/eval-nl.json (eval-nl-postgres.json).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '../src/lib/server/db/open';
import { connect } from '../src/lib/server/db/connect';
import { migratePostgres } from '../src/lib/server/db/pg-migrations';
import type { PostgresSql } from '../src/lib/server/db/pg-sql';
import type { Sql } from '../src/lib/server/db/sql';
import { sqliteSql } from '../src/lib/server/db/sqlite-sql';
import { ensurePostgresDataset } from '../src/lib/server/dataset/pg-generate';
import { ensurePgNlIndex } from '../src/lib/server/service/nl/pg-index-build';
import { ensureDataset, formatProgress } from '../src/lib/server/dataset/index';
import { topic } from '../src/lib/server/dataset/vocabulary/index';
import { readSettings } from '../src/lib/server/env';
import { createKey } from '../src/lib/server/service/auth/keys';
import { ensureBuild, startProductionServer } from './bench/server';
import { evaluateAnswers, evaluateBias, evaluateConstraints } from './eval/question-sets';
import { progressLine } from '../src/lib/server/progress';
import type { ApiKey } from '../src/lib/server/service/auth/keys';
import { recordIdOf } from '../src/lib/server/service/nl/chunks';
import { ensureNlIndex } from '../src/lib/server/service/nl/index-build';
import { retrieve, type RetrievalMode } from '../src/lib/server/service/nl/retrieve';
import { isStopWord, terms } from '../src/lib/server/service/nl/tokens';
import type { Dataset } from '../src/lib/types/dataset';

interface Query {
	id: string;
	kind: 'paraphrase' | 'literal';
	topic: string;
	search: string;
	country: string;
}
interface EvalSet {
	dataset: Dataset;
	size: number;
	seed: string;
	queries: Query[];
}

const { values } = parseArgs({
	options: {
		'data-dir': { type: 'string', default: 'bench/data/nl-eval' },
		seed: { type: 'string', default: 'eval-2026' },
		verbose: { type: 'boolean', default: false },
		engine: { type: 'string', default: 'sqlite' }
	}
});
const set = JSON.parse(fs.readFileSync('bench/nl-eval/queries.json', 'utf8')) as EvalSet;
const ALL: ApiKey = {
	id: 'eval',
	name: 'eval',
	datasets: ['icd', 'icdb'],
	features: ['nl_search'],
	entities: null,
	rate: 1,
	burst: 1,
	credits: 0,
	createdAt: 0,
	revokedAt: null
};

function prepare(dir: string): Db {
	const db = openDatabase(path.resolve(dir));
	const line = progressLine(process.stderr);
	ensureDataset(db, { size: set.size, seed: set.seed, onProgress: (p) => line.update(formatProgress(p)) });
	ensureNlIndex(db, (p) => line.update(formatProgress(p)));
	line.done();
	return db;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Records of the query's country whose title or summary names one of the topic's forms. */
function relevant(db: Db, q: Query): Set<number> {
	const forms = new RegExp(`\\b(${topic(q.topic).forms.map(escape).join('|')})\\b`, 'i');
	const rows = db.prepare('SELECT id, title, summary FROM records WHERE dataset = ? AND primary_country = ?').all(set.dataset, q.country) as {
		id: number;
		title: string;
		summary: string;
	}[];
	return new Set(rows.filter((r) => forms.test(`${r.title}\n${r.summary}`)).map((r) => r.id));
}

/** Words of the query (stemmed by the index itself) found in any relevant record's chunks. */
function sharedWords(db: Db, q: Query, rel: Set<number>): string[] {
	const shared: string[] = [];
	for (const word of new Set([...terms(q.search), ...(q.search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !isStopWord(w))])) {
		for (const component of ['video', 'image']) {
			const t = `nl_${set.dataset}_${component}`;
			const ids = db.prepare(`SELECT rowid FROM ${t} WHERE ${t} MATCH ?`).pluck().all(`"${word}"`) as number[];
			if (ids.some((id) => rel.has(recordIdOf(id)))) shared.push(word);
		}
	}
	return [...new Set(shared)];
}

function ndcg(ranked: number[], rel: Set<number>, k: number): number {
	let dcg = 0;
	ranked.slice(0, k).forEach((id, i) => (dcg += rel.has(id) ? 1 / Math.log2(i + 2) : 0));
	let ideal = 0;
	for (let i = 0; i < Math.min(k, rel.size); i++) ideal += 1 / Math.log2(i + 2);
	return ideal ? dcg / ideal : 0;
}

const recall = (ranked: number[], rel: Set<number>, k: number) => ranked.slice(0, k).filter((id) => rel.has(id)).length / Math.min(k, rel.size);

/** Where retrieval runs: the SQLite file itself, or PostgreSQL loaded with the same dataset. */
async function engineSql(db: Db): Promise<Sql> {
	if (values.engine === 'sqlite') return sqliteSql(db);
	if (values.engine !== 'postgres') throw new Error('--engine: sqlite or postgres');
	const settings = readSettings();
	if (!settings.database.url) throw new Error('--engine postgres needs DATABASE_URL (npm run pg -- start prints one)');
	const sql = connect(settings, 'cli') as PostgresSql;
	const line = progressLine(process.stderr);
	await migratePostgres(sql.pool);
	await ensurePostgresDataset(sql, { size: set.size, seed: set.seed, onProgress: (p) => line.update(formatProgress(p)) });
	await ensurePgNlIndex(sql, (p) => line.update(formatProgress(p)));
	line.done();
	return sql;
}

async function main(): Promise<void> {
	const db = prepare(values['data-dir']!);
	const sql = await engineSql(db);
	const settings = readSettings({});
	const rows: { q: Query; mode: RetrievalMode; ndcg: number; recall: number; ms: number }[] = [];
	let violations = 0;
	for (const q of set.queries) {
		const rel = relevant(db, q);
		if (rel.size === 0) throw new Error(`${q.id}: no relevant record; fix the query`);
		if (q.kind === 'paraphrase') {
			const shared = sharedWords(db, q, rel);
			if (shared.length) {
				violations++;
				console.error(`${q.id} "${q.search}" shares ${shared.join(', ')} with its relevant records`);
			}
		}
		for (const mode of ['bm25', 'hybrid'] as const) {
			const started = performance.now();
			const ranked = (await retrieve(sql, settings, ALL, set.dataset, q.search, { country: q.country }, { topK: 50, mode })).map((r) => r.recordId);
			const row = { q, mode, ndcg: ndcg(ranked, rel, 10), recall: recall(ranked, rel, 50), ms: performance.now() - started };
			rows.push(row);
			if (values.verbose)
				console.log(`${q.id} ${mode.padEnd(6)} nDCG@10 ${row.ndcg.toFixed(3)} R@50 ${row.recall.toFixed(3)} |rel| ${rel.size} "${q.search}" (${q.country})`);
		}
	}
	if (violations) throw new Error(`${violations} paraphrase queries share words with their relevant records`);
	const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
	const lines = ['| queries | n | nDCG@10 BM25 | nDCG@10 hybrid | recall@50 BM25 | recall@50 hybrid |', '|---|---|---|---|---|---|'];
	for (const kind of ['paraphrase', 'literal', 'all'] as const) {
		const pick = (mode: RetrievalMode) => rows.filter((r) => r.mode === mode && (kind === 'all' || r.q.kind === kind));
		const b = pick('bm25');
		const h = pick('hybrid');
		lines.push(
			`| ${kind} | ${b.length} | ${mean(b.map((r) => r.ndcg)).toFixed(3)} | ${mean(h.map((r) => r.ndcg)).toFixed(3)} | ${mean(b.map((r) => r.recall)).toFixed(3)} | ${mean(h.map((r) => r.recall)).toFixed(3)} |`
		);
	}
	console.log(lines.join('\n'));
	const quality = Object.fromEntries(
		(['paraphrase', 'literal'] as const).map((kind) => {
			const h = rows.filter((r) => r.mode === 'hybrid' && r.q.kind === kind);
			return [kind, { ndcg_at_10: Number(mean(h.map((r) => r.ndcg)).toFixed(3)), recall_at_50: Number(mean(h.map((r) => r.recall)).toFixed(3)) }];
		})
	);
	const questions = await questionSets(db, sql);
	fs.mkdirSync('bench/results', { recursive: true });
	const file = values.engine === 'postgres' ? 'bench/results/eval-nl-postgres.json' : 'bench/results/eval-nl.json';
	fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), engine: values.engine, seed: values.seed, quality, ...questions }, null, 2) + '\n');
	if (sql.engine === 'postgres') await sql.close();
	db.close();
}

/** Questions generated from the data, put to the production server on the same dataset. */
async function questionSets(db: Db, sql: Sql) {
	ensureBuild();
	const { key } = await createKey(sql, { name: 'eval', rate: 1e9, burst: 1e9, credits: 1e9 }, Date.now());
	const server = await startProductionServer(path.resolve(values['data-dir']!), set.size, {
		DATASET_SEED: set.seed,
		DATABASE_URL: sql.engine === 'postgres' ? readSettings().database.url : ''
	});
	try {
		const constraints = await evaluateConstraints(server.url, key, db, values.seed!, 40);
		const bias = await evaluateBias(server.url, key, db);
		const answers = await evaluateAnswers(server.url, key, db, values.seed!, 30);
		console.log(`\n| set | questions | measure | value |\n|---|---|---|---|`);
		console.log(
			`| constraints (place, time, organisation, component named) | ${constraints.questions} | precision in the top 10 | ${constraints.precision_at_10.toFixed(3)} |`
		);
		console.log(`| constraints | ${constraints.questions} | every named part read and applied | ${constraints.fully_understood.toFixed(3)} |`);
		console.log(`| open questions | ${bias.questions} | highest year share ÷ data share (${bias.max_ratio_year}) | ${bias.max_ratio.toFixed(2)} |`);
		console.log(`| answers (count, rank, trend) | ${answers.questions} | exact | ${answers.exact.toFixed(3)} |`);
		console.log(
			`\nconstraint precision by question shape: ${Object.entries(constraints.by_kind)
				.map(([k, v]) => `${k} ${v.precision.toFixed(2)} (${v.n})`)
				.join(', ')}`
		);
		console.log(
			`exact answers by kind: ${Object.entries(answers.by_kind)
				.map(([k, v]) => `${k} ${v.exact.toFixed(2)} (${v.n})`)
				.join(', ')}`
		);
		console.log(
			`open questions, share of top-10 results / share of data by year: ${bias.years.map((y) => `${y.year} ${(100 * y.results).toFixed(1)}/${(100 * y.data).toFixed(1)} %`).join(', ')}`
		);
		if (values.verbose) {
			for (const m of constraints.misses) console.log(`constraint miss (${m.precision}): ${m.question} [applied: ${m.applied.join(', ')}]`);
			for (const m of answers.misses) console.log(`answer miss: ${m.question}: ${m.why}`);
		}
		return { constraints, bias, answers };
	} finally {
		await server.stop();
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
