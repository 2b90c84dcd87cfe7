// Latency of questions that name a place and a period, one client at a time against the
// production server: NL search with such questions, the evaluation's open questions as the
// baseline measured in the same run, and Domain GenAI aggregate questions (count, rank, trend),
// which are answered from the whole dataset. Question understanding alone is timed in process.
import { openDatabase } from '../../src/lib/server/db/open';
import { sqliteSql } from '../../src/lib/server/db/sqlite-sql';
import { readQuestion } from '../../src/lib/server/service/question/read';
import { lexicon } from '../../src/lib/server/service/question/lexicon';

const ROUNDS = 3;

const median = (xs: number[]) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const round = (x: number) => Math.round(x * 100) / 100;

async function timed(url: string, key: string, path: string, init: RequestInit = {}): Promise<number> {
	const started = performance.now();
	const r = await fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });
	const body = await r.text();
	if (!r.ok) throw new Error(`${path}: ${r.status} ${body.slice(0, 200)}`);
	return performance.now() - started;
}

/** The busiest (country, year) pairs of a dataset: questions about them have the most to search. */
function busiest(dataDir: string): { dataset: string; country: string; year: string }[] {
	const db = openDatabase(dataDir);
	try {
		return (['icd', 'icdb'] as const).flatMap((dataset) =>
			db
				.prepare("SELECT primary_country AS country, substr(primary_date, 1, 4) AS year FROM records WHERE dataset = ? AND component = 'video' AND primary_id % 50 = 0 GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 4")
				.all(dataset)
				.map((r) => ({ dataset, ...(r as { country: string; year: string }) }))
		);
	} finally {
		db.close();
	}
}

export async function understandingLatency(url: string, key: string, dataDir: string, openQuestions: string[]) {
	const places = busiest(dataDir);
	const constrained = places.flatMap((p) => ['damaged buildings', 'a checkpoint on the road', 'people queueing for aid'].map((topic) => ({ dataset: p.dataset, q: `${topic} in ${p.country} in ${p.year}` })));
	const aggregates = places.flatMap((p) => [
		{ dataset: p.dataset, q: `How many records are there from ${p.country} in ${p.year}?` },
		{ dataset: p.dataset, q: `Which organisation was most active in ${p.country} in ${p.year}?` },
		{ dataset: p.dataset, q: `How did the number of records from ${p.country} change over the years?` }
	]);
	const baseline: number[] = [];
	const named: number[] = [];
	const figures: number[] = [];
	for (let round_ = 0; round_ < ROUNDS; round_++) {
		for (const q of openQuestions.slice(0, constrained.length)) baseline.push(await timed(url, key, `/v1/icd/nl-search?search=${encodeURIComponent(q)}`));
		for (const c of constrained) named.push(await timed(url, key, `/v1/${c.dataset}/nl-search?search=${encodeURIComponent(c.q)}`));
		for (const a of aggregates) figures.push(await timed(url, key, `/v1/${a.dataset}/domain-genai`, { method: 'POST', body: JSON.stringify({ question: a.q }) }));
	}

	const sql = sqliteSql(openDatabase(dataDir));
	const understanding: number[] = [];
	try {
		for (const d of ['icd', 'icdb'] as const) await lexicon(sql, d);
		const all = [...constrained, ...aggregates, ...openQuestions.map((q) => ({ dataset: 'icd', q }))];
		for (let i = 0; i < ROUNDS; i++)
			for (const { dataset, q } of all) {
				const started = performance.now();
				await readQuestion(sql, dataset as 'icd' | 'icdb', q, new Date());
				understanding.push(performance.now() - started);
			}
	} finally {
		await sql.close();
	}
	const base = median(baseline);
	return {
		rounds: ROUNDS,
		nl_search_open_questions_p50_ms: round(base),
		nl_search_place_and_year_p50_ms: round(median(named)),
		nl_search_place_and_year_vs_open: round(median(named) / base),
		genai_aggregate_p50_ms: round(median(figures)),
		genai_aggregate_vs_open_nl_search: round(median(figures) / base),
		question_understanding_p50_ms: round(median(understanding)),
		samples: { open: baseline.length, named: named.length, aggregate: figures.length, understanding: understanding.length }
	};
}
