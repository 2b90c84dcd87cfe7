// Figures for aggregate questions, computed over every record the key may see within the
// turn's filters (never from the retrieved passages): how many, which most, how it changed, X
// against Y. Topic words left in the question ("drone strikes") narrow the records to those
// whose text (title, summary, report, transcript) contains all of them, and the answer says so.
import type { Sql } from '../../db/sql';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { components, type NlFilters } from '../nl/filters';
import { from, tally, type Scope, type Tally } from './matching';
import { computeChangeFigures, type ChangeGroup, type ChangeBaseline } from './change-figures';
import { TOWN_RADIUS_KM, type PlaceFilter, type QuestionFilters } from '../question/interpret';
import type { Intent, RankDimension } from '../question/intent';
import type { ReadPart } from '../question/read';

export interface FigureGroup {
	label: string;
	count: number;
	/** changes: what the place's baseline leads one to expect, how it changed, where it is. */
	expected?: number;
	change?: ChangeGroup['change'];
	centre?: [number, number];
}

export interface Figures {
	kind: 'count' | 'rank' | 'trend' | 'compare' | 'changes';
	dimension?: RankDimension | 'town' | 'date';
	total: number;
	groups?: FigureGroup[];
	by_component: Partial<Record<Component, number>>;
	/** The dates covered: the filter's, or where it is open, the first and last matching record. */
	period: { from: string | null; to: string | null };
	text_terms?: string[];
	/** Set when a part of the question could not be given a figure. */
	note?: string;
	/** A rank asked for the fewest first ("which country had the fewest records"). */
	order?: 'least';
	/** changes: the windows before the period it was compared with, and the places with records. */
	baseline?: ChangeBaseline;
	tested?: number;
}

/** The records each changes figure cites (the newest of each place), found while it was computed. */
const changeExamples = new WeakMap<Figures, Examples>();

/** The newest record of each of the first groups, to cite beside its figure. */
export type Examples = number[];
const EXAMPLE_GROUPS = 5;

const RANK_LIMIT = 10;
const COLUMN: Record<Exclude<RankDimension, 'component'>, string> = {
	entity: 'r.entity',
	sub_entity: 'r.sub_entity',
	country: 'r.primary_country',
	area: "r.second_geo_layer || ', ' || r.primary_country",
	year: 'substr(r.primary_date, 1, 4)',
	month: 'substr(r.primary_date, 1, 7)'
};

async function byComponent(s: Scope, filters: NlFilters): Promise<Map<string, number>> {
	const out = new Map<string, number>();
	for (const c of components(filters)) out.set(c, (await tally(s, { ...filters, source_component: c })).total);
	return out;
}

/**
 * Counts by one column and, from the same pass, the tally (total, per component, first and last
 * date): one read of the matching records where a tally and then a grouping read them twice.
 */
async function groupedWithTally(
	s: Scope,
	filters: NlFilters,
	dimension: Exclude<RankDimension, 'component'>
): Promise<{ counts: Map<string, number>; tally: Tally }> {
	const counts = new Map<string, number>();
	const out: Tally = { total: 0, byComponent: {}, first: null, last: null };
	for (const c of components(filters)) {
		const q = await from(s, c, filters);
		const rows = await s.sql.all<{ v: string | null; n: number; first: string; last: string }>(
			`SELECT ${COLUMN[dimension]} AS v, count(*) AS n, min(r.primary_date) AS first, max(r.primary_date) AS last ${q.sql} GROUP BY 1`,
			q.params
		);
		out.byComponent[c] = 0;
		for (const r of rows) {
			if (r.v !== null) counts.set(r.v, (counts.get(r.v) ?? 0) + r.n);
			out.total += r.n;
			out.byComponent[c]! += r.n;
			if (!out.first || r.first < out.first) out.first = r.first;
			if (!out.last || r.last > out.last) out.last = r.last;
		}
	}
	return { counts, tally: out };
}

const periodOf = (filters: QuestionFilters, t: Tally) => ({ from: filters.date_from ?? t.first, to: filters.date_to ?? t.last });

/** Every month (or year) from the first to the last, so that a month with no record shows as 0. */
function buckets(first: string, last: string, bucket: 'year' | 'month'): string[] {
	const out: string[] = [];
	if (bucket === 'year') for (let y = Number(first.slice(0, 4)); y <= Number(last.slice(0, 4)); y++) out.push(String(y));
	else {
		let [y, m] = first.slice(0, 7).split('-').map(Number);
		const end = last.slice(0, 7);
		for (;;) {
			const label = `${y}-${String(m).padStart(2, '0')}`;
			if (label > end) break;
			out.push(label);
			if (++m > 12) [y, m] = [y + 1, 1];
		}
	}
	return out;
}

/** The filters with one compared value put in place of its kind. */
function withValue(filters: NlFilters, part: ReadPart): NlFilters {
	const f: NlFilters = { ...filters };
	if (part.kind === 'date') [f.date_from, f.date_to] = [part.date!.from, part.date!.to];
	else if (part.kind === 'component') f.source_component = part.component;
	else if (part.kind === 'entity') [f.entity, f.entities, f.sub_entity] = [part.name!.value, undefined, undefined];
	else if (part.kind === 'sub_entity') f.sub_entity = part.name!.value;
	else {
		const n = part.name!;
		const place: PlaceFilter =
			n.kind === 'country'
				? { country: n.value }
				: n.kind === 'area'
					? { country: n.country!, area: n.value }
					: { country: n.country!, town: n.value, lat: n.lat!, lon: n.lon!, radius_km: TOWN_RADIUS_KM };
		f.places = [place];
		delete f.country;
	}
	return f;
}

/**
 * The filters narrowed to one year ("2016") or month ("2016-03") of a figure: a date range the
 * indexes can seek to, where `substr(primary_date, …) = ?` walked every record newer than it.
 */
function withinBucket(filters: NlFilters, label: string): NlFilters {
	const [y, m] = label.split('-').map(Number);
	const from = m ? `${label}-01` : `${y}-01-01`;
	const to = m ? `${label}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}` : `${y}-12-31`;
	return {
		...filters,
		date_from: filters.date_from && filters.date_from > from ? filters.date_from : from,
		date_to: filters.date_to && filters.date_to < to ? filters.date_to : to
	};
}

/** The newest record of one group of a figure: within its bucket for dates, else with its value. */
function newestOfGroup(s: Scope, filters: NlFilters, dimension: Exclude<RankDimension, 'component'>, label: string): Promise<number | null> {
	if (dimension === 'year' || dimension === 'month') return newest(s, withinBucket(filters, label));
	return newest(s, filters, { sql: COLUMN[dimension], value: label });
}

async function newest(s: Scope, filters: NlFilters, extra?: { sql: string; value: string }): Promise<number | null> {
	let best: { id: number; date: string } | null = null;
	for (const c of components(filters)) {
		const q = await from(s, c, filters);
		const row = await s.sql.get<{ id: number; date: string }>(
			`SELECT r.id, r.primary_date AS date ${q.sql}${extra ? ` AND ${extra.sql} = ?` : ''} ORDER BY r.primary_date DESC, r.primary_id DESC LIMIT 1`,
			[...q.params, ...(extra ? [extra.value] : [])]
		);
		if (row && (!best || row.date > best.date)) best = row;
	}
	return best?.id ?? null;
}

/**
 * Which of these records the figure counted (within its filters and topic words): only they may
 * be cited as its examples. Retrieval ranks by likeness, and a record that shares one word of
 * "statements by the Ministry of Defence" is not an example of a count of records holding all.
 */
export async function countedAmong(sql: Sql, key: ApiKey, dataset: Dataset, filters: NlFilters, terms: string[], ids: number[]): Promise<Set<number>> {
	const counted = new Set<number>();
	if (!ids.length) return counted;
	const s: Scope = { sql, key, dataset, terms };
	for (const c of components(filters)) {
		const q = await from(s, c, filters);
		const rows = await sql.all<{ id: number }>(`SELECT r.id ${q.sql} AND r.id IN (${ids.map(() => '?').join(',')})`, [...q.params, ...ids]);
		for (const r of rows) counted.add(r.id);
	}
	return counted;
}

/** A record to cite for each of the first groups of a figure (the newest of each), or the newest overall. */
export async function examplesFor(
	sql: Sql,
	key: ApiKey,
	dataset: Dataset,
	filters: NlFilters,
	figures: Figures,
	terms: string[],
	compared: ReadPart[]
): Promise<Examples> {
	const s: Scope = { sql, key, dataset, terms };
	if (figures.kind === 'changes') return changeExamples.get(figures) ?? [];
	const groups = (figures.groups ?? []).filter((g) => g.count > 0).slice(0, EXAMPLE_GROUPS);
	let pending: Promise<number | null>[];
	if (figures.kind === 'rank' && figures.dimension !== 'component')
		pending = groups.map((g) => newestOfGroup(s, filters, figures.dimension as Exclude<RankDimension, 'component'>, g.label));
	else if (figures.kind === 'rank') pending = groups.map((g) => newest(s, { ...filters, source_component: g.label as Component }));
	else if (figures.kind === 'compare') pending = sidesOf(figures.dimension!, compared).map((p) => newest(s, withValue(filters, p)));
	else if (figures.kind === 'trend')
		pending = [groups[0], groups[groups.length - 1]].filter(Boolean).map((g) => newestOfGroup(s, filters, figures.dimension as 'year' | 'month', g.label));
	else pending = [newest(s, filters)];
	const ids = await Promise.all(pending);
	return [...new Set(ids.filter((id): id is number => id !== null))];
}

function sidesOf(dimension: string, compared: ReadPart[]): ReadPart[] {
	return compared.filter((p) =>
		dimension === 'date' ? p.kind === 'date' : dimension === 'country' ? ['country', 'area', 'town'].includes(p.kind) : p.kind === dimension
	);
}

export async function computeFigures(
	sql: Sql,
	key: ApiKey,
	dataset: Dataset,
	filters: NlFilters,
	intent: Exclude<Intent, { kind: 'recent' | 'evidence' }>,
	terms: string[],
	compared: ReadPart[]
): Promise<Figures> {
	const s: Scope = { sql, key, dataset, terms };
	if (intent.kind === 'changes') {
		const { examples, ...found } = await computeChangeFigures(s, filters);
		const figures: Figures = { kind: 'changes', ...found, ...(terms.length ? { text_terms: terms } : {}) };
		changeExamples.set(figures, examples);
		return figures;
	}
	// Ranks and trends count by a column in the same pass that gives the tally; a trend counts by
	// month, which also gives the years, since its bucket depends on the period it finds.
	const pass =
		intent.kind === 'rank' && intent.dimension !== 'component'
			? await groupedWithTally(s, filters, intent.dimension)
			: intent.kind === 'trend'
				? await groupedWithTally(s, filters, 'month')
				: null;
	const all = pass?.tally ?? (await tally(s, filters));
	const base = { total: all.total, by_component: all.byComponent, period: periodOf(filters, all), ...(terms.length ? { text_terms: terms } : {}) };
	switch (intent.kind) {
		case 'count':
			return { kind: 'count', ...base };
		case 'rank': {
			const counts = pass?.counts ?? (await byComponent(s, filters));
			const sign = intent.order === 'least' ? -1 : 1;
			const groups = [...counts]
				.map(([label, count]) => ({ label, count }))
				.sort((a, b) => sign * (b.count - a.count) || a.label.localeCompare(b.label))
				.slice(0, RANK_LIMIT);
			return {
				kind: 'rank',
				dimension: intent.dimension,
				groups,
				...base,
				...(intent.order === 'least' ? { order: 'least' as const } : {}),
				...(intent.note ? { note: intent.note } : {})
			};
		}
		case 'trend': {
			const period = base.period;
			if (!period.from || !period.to) return { kind: 'trend', groups: [], ...base };
			const months = (Number(period.to.slice(0, 4)) - Number(period.from.slice(0, 4))) * 12 + Number(period.to.slice(5, 7)) - Number(period.from.slice(5, 7));
			const bucket = intent.bucket ?? (months > 24 ? 'year' : 'month');
			const counts = new Map<string, number>();
			for (const [month, n] of pass!.counts) {
				const label = bucket === 'year' ? month.slice(0, 4) : month;
				counts.set(label, (counts.get(label) ?? 0) + n);
			}
			const groups = buckets(period.from, period.to, bucket).map((label) => ({ label, count: counts.get(label) ?? 0 }));
			return { kind: 'trend', dimension: bucket, groups, ...base };
		}
		case 'compare': {
			const dimension = intent.dimension;
			const groups = await Promise.all(
				sidesOf(dimension, compared).map(async (p) => ({ label: p.label, count: (await tally(s, withValue(filters, p))).total }))
			);
			return { kind: 'compare', dimension, groups, ...base, total: groups.reduce((n, g) => n + g.count, 0) };
		}
	}
}
