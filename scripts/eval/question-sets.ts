// The evaluation of question understanding, through the production server over HTTP:
//   constraints  questions that name a place, time, organisation or component that exists in the
//                data (or leave a country out): the share of the top 10 that satisfies everything
//                named (truth from SQL over the records, not from the service);
//   bias         open questions (nothing named): each year's share of the top 10 against its share
//                of the data;
//   answers      counting, ranking and trend questions to Domain GenAI: exact against SQL.
import type { Db } from '../../src/lib/server/db/open';
import { DATASETS, type Dataset } from '../../src/lib/types/dataset';
import { answerQuestions, constraintQuestions, kmBetween, topicPhrases, type AnswerQuestion, type ConstraintQuestion, type Expected } from './questions';

/** The service's documented radius of "near <town>" (docs/api.md). */
const TOWN_RADIUS_KM = 25;

interface Item {
	uuid: string;
}
interface Figures {
	kind: string;
	total: number;
	groups?: { label: string; count: number }[];
}

async function call<T>(url: string, key: string, path: string, body?: unknown): Promise<T> {
	const r = await fetch(`${url}${path}`, {
		method: body ? 'POST' : 'GET',
		headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
		body: body ? JSON.stringify(body) : undefined
	});
	const text = await r.text();
	if (!r.ok) throw new Error(`${path}: ${r.status} ${text.slice(0, 300)}`);
	return JSON.parse(text) as T;
}

interface RecordFacts {
	country: string | null;
	area: string | null;
	entity: string | null;
	date: string;
	component: string;
	lat: number | null;
	lon: number | null;
}

function satisfies(r: RecordFacts, e: Expected): boolean {
	if (e.country && r.country !== e.country) return false;
	if (e.notCountry && r.country === e.notCountry) return false;
	if (e.area && r.area !== e.area) return false;
	if (e.entity && r.entity !== e.entity) return false;
	if (e.component && r.component !== e.component) return false;
	if (e.from && r.date < e.from) return false;
	if (e.to && r.date > e.to) return false;
	if (e.town && (r.lat === null || r.lon === null || kmBetween(r.lat, r.lon, e.town.lat, e.town.lon) > TOWN_RADIUS_KM)) return false;
	return true;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export interface ConstraintResult {
	questions: number;
	precision_at_10: number;
	/** Questions where every part the generator named was read and applied. */
	fully_understood: number;
	by_kind: Record<string, { n: number; precision: number }>;
	misses: { question: string; precision: number; applied: string[] }[];
}

export async function evaluateConstraints(url: string, key: string, db: Db, seed: string, perDataset: number): Promise<ConstraintResult> {
	const facts = db.prepare(
		'SELECT primary_country AS country, second_geo_layer AS area, entity, primary_date AS date, component, dominant_lat AS lat, dominant_long AS lon FROM records WHERE uuid = ?'
	);
	const questions: ConstraintQuestion[] = DATASETS.flatMap((d) => constraintQuestions(db, d, seed, perDataset));
	const rows: { q: ConstraintQuestion; precision: number; understood: boolean; applied: string[] }[] = [];
	for (const q of questions) {
		const body = await call<{ items: Item[]; interpretation?: { parts: { kind: string; status: string }[] } }>(
			url,
			key,
			`/v1/${q.dataset}/nl-search?${new URLSearchParams({ search: q.question, per_page: '10' })}`
		);
		const top = body.items.slice(0, 10).map((i) => facts.get(i.uuid) as RecordFacts);
		const precision = top.length ? top.filter((r) => satisfies(r, q.expected)).length / top.length : 0;
		const applied = (body.interpretation?.parts ?? []).filter((p) => p.status === 'applied').map((p) => p.kind);
		const wanted = Object.keys(q.expected).map((k) => (k === 'from' || k === 'to' ? 'date' : k === 'notCountry' ? 'country' : k));
		const understood = wanted.every((w) => applied.includes(w === 'country' && q.expected.area ? 'area' : w));
		rows.push({ q, precision, understood, applied });
	}
	const byKind: ConstraintResult['by_kind'] = {};
	for (const kind of new Set(rows.map((r) => r.q.kind))) {
		const of = rows.filter((r) => r.q.kind === kind);
		byKind[kind] = { n: of.length, precision: round(mean(of.map((r) => r.precision))) };
	}
	return {
		questions: rows.length,
		precision_at_10: round(mean(rows.map((r) => r.precision))),
		fully_understood: round(rows.filter((r) => r.understood).length / rows.length),
		by_kind: byKind,
		misses: rows.filter((r) => r.precision < 1).map((r) => ({ question: `${r.q.dataset}: ${r.q.question}`, precision: round(r.precision), applied: r.applied }))
	};
}

export interface BiasResult {
	questions: number;
	results: number;
	/** Per year: share of the top-10 results, share of the data, and their ratio. */
	years: { year: string; results: number; data: number; ratio: number }[];
	max_ratio: number;
	max_ratio_year: string;
}

export async function evaluateBias(url: string, key: string, db: Db): Promise<BiasResult> {
	const dataYears = db.prepare('SELECT substr(primary_date, 1, 4) AS year, count(*) AS n FROM records GROUP BY 1').all() as { year: string; n: number }[];
	const dataTotal = dataYears.reduce((a, y) => a + y.n, 0);
	const yearOf = db.prepare('SELECT substr(primary_date, 1, 4) FROM records WHERE uuid = ?').pluck();
	const counts = new Map<string, number>();
	let results = 0;
	let questions = 0;
	for (const dataset of DATASETS) {
		for (const phrase of topicPhrases()) {
			const body = await call<{ items: Item[]; interpretation?: { parts: { status: string }[] } }>(
				url,
				key,
				`/v1/${dataset}/nl-search?${new URLSearchParams({ search: phrase, per_page: '10' })}`
			);
			// An open question names nothing: one the service reads a filter from is not open.
			if (body.interpretation?.parts.some((p) => p.status === 'applied')) continue;
			questions++;
			for (const item of body.items) {
				const y = yearOf.get(item.uuid) as string;
				counts.set(y, (counts.get(y) ?? 0) + 1);
				results++;
			}
		}
	}
	const years = dataYears
		.map((y) => {
			const share = (counts.get(y.year) ?? 0) / results;
			const data = y.n / dataTotal;
			return { year: y.year, results: round(share), data: round(data), ratio: round(share / data) };
		})
		.sort((a, b) => a.year.localeCompare(b.year));
	const worst = years.reduce((a, b) => (b.ratio > a.ratio ? b : a));
	return { questions, results, years, max_ratio: worst.ratio, max_ratio_year: worst.year };
}

export interface AnswerResult {
	questions: number;
	exact: number;
	by_kind: Record<string, { n: number; exact: number }>;
	misses: { question: string; why: string }[];
}

/** Whether a figure is exactly the truth; ties at the top of a ranking may come in either order. */
function judge(q: AnswerQuestion, figures: Figures | undefined, answer: string): string | null {
	if (!figures) return 'no figure';
	const stated = (n: number) => answer.includes(String(n)) || answer.includes(n.toLocaleString('en'));
	if (q.kind === 'count') {
		if (figures.total !== q.truth.total) return `total ${figures.total}, truth ${q.truth.total}`;
		return stated(figures.total) ? null : 'the answer does not state the figure';
	}
	const truth = q.truth.groups ?? [];
	// Areas are labelled with their country ("Lahij Governorate, Yemen"); the records store the area alone.
	const label = (l: string) => (q.question.includes('area') ? l.replace(/, [^,]+$/, '') : l);
	const groups = (figures.groups ?? []).map((g) => ({ label: label(g.label), count: g.count }));
	const got = new Map(groups.map((g) => [g.label, g.count]));
	if (q.kind === 'rank') {
		const top = truth[0];
		if (!top) return groups.length ? 'groups where the truth has none' : null;
		const first = groups[0];
		if (!first || first.count !== top.count || !truth.some((t) => t.label === first.label && t.count === top.count))
			return `first ${first?.label} ${first?.count}, truth ${top.label} ${top.count}`;
		const wrong = truth.find((t) => got.has(t.label) && got.get(t.label) !== t.count);
		if (wrong) return `${wrong.label}: ${got.get(wrong.label)}, truth ${wrong.count}`;
		return stated(first.count) ? null : 'the answer does not state the figure';
	}
	const want = new Map(truth.map((t) => [t.label, t.count]));
	for (const [label, count] of want) if ((got.get(label) ?? 0) !== count) return `${label}: ${got.get(label) ?? 0}, truth ${count}`;
	for (const [label, count] of got) if (!want.has(label) && count !== 0) return `${label}: ${count}, truth 0`;
	return null;
}

export async function evaluateAnswers(url: string, key: string, db: Db, seed: string, perDataset: number): Promise<AnswerResult> {
	const questions = DATASETS.flatMap((d: Dataset) => answerQuestions(db, d, seed, perDataset));
	const rows: { q: AnswerQuestion; miss: string | null }[] = [];
	for (const q of questions) {
		const body = await call<{ answer: string; figures?: Figures }>(url, key, `/v1/${q.dataset}/domain-genai`, { question: q.question });
		rows.push({ q, miss: judge(q, body.figures, body.answer) });
	}
	const byKind: AnswerResult['by_kind'] = {};
	for (const kind of new Set(rows.map((r) => r.q.kind))) {
		const of = rows.filter((r) => r.q.kind === kind);
		byKind[kind] = { n: of.length, exact: round(of.filter((r) => !r.miss).length / of.length) };
	}
	return {
		questions: rows.length,
		exact: round(rows.filter((r) => !r.miss).length / rows.length),
		by_kind: byKind,
		misses: rows.filter((r) => r.miss).map((r) => ({ question: `${r.q.dataset}: ${r.q.question}`, why: r.miss! }))
	};
}

const round = (x: number) => Math.round(x * 1000) / 1000;
