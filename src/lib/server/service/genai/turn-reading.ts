// How a Domain GenAI turn reads its question: the shared question reading, the request's own
// filters (which win), what an earlier turn of the conversation established, the kind of answer
// asked for, and for "what happened in X" without dates, the latest period with records.
import type { Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { ReadDeps } from '../deps';
import { components, recordClause, type NlFilters } from '../nl/filters';
import { isCommonWord } from '../question/common-words';
import { readIntent, topicTerms, type Intent } from '../question/intent';
import { interpret, type Understood } from '../question/interpret';
import { readQuestion, type PartGroup } from '../question/read';
import { tokenize, writtenAsName } from '../question/text';
import { carryOver, type TurnConstraints } from './constraints';

/** "What happened in X" covers this many days back from X's latest record, widened when thin. */
const RECENT_DAYS = [90, 365];
const RECENT_ENOUGH = 5;

export interface TurnReading {
	understood: Understood;
	filters: NlFilters;
	intent: Intent;
	/** What the records are searched for. */
	topic: string;
	terms: string[];
	constraints: TurnConstraints;
	/** The period chosen for "what happened" when the question named none. */
	recent?: { from: string; to: string };
	/** Words written as names that match nothing in the data (a place the data does not have). */
	unrecognised: string[];
}

export interface TurnRequest {
	question: string;
	primary_country?: string;
	entity?: string;
	date_from?: string;
	date_to?: string;
	source_component?: 'video' | 'image';
	ignore?: PartGroup[];
}

/** Capitalised words inside the question that are neither recognised nor ordinary English. */
function unrecognisedNames(question: string, rest: string, dataset: Dataset): string[] {
	const tokens = tokenize(rest);
	const labels = new Set(['icd', 'icdb', 'i', 'ok']);
	return tokens
		.filter((t, i) => writtenAsName(rest, tokens, i) && !isCommonWord(t.norm) && !labels.has(t.norm) && !/^\d/.test(t.raw) && question.includes(t.raw))
		.map((t) => t.raw)
		.filter((w, i, all) => all.indexOf(w) === i && w.toLowerCase() !== dataset);
}

async function latestDate(deps: ReadDeps, key: ApiKey, dataset: Dataset, filters: NlFilters): Promise<string | null> {
	const clause = await recordClause(deps.sql, key, filters);
	const where = `r.dataset = ? AND r.component = ?${clause ? ` AND ${clause.sql}` : ''}`;
	const latest = await Promise.all(
		components(filters).map((c) =>
			deps.sql.pluck<string | null>(`SELECT max(r.primary_date) FROM records r WHERE ${where}`, [dataset, c, ...(clause?.params ?? [])])
		)
	);
	return (
		latest
			.filter((d): d is string => Boolean(d))
			.sort()
			.at(-1) ?? null
	);
}

/** When a period has nothing, the latest record that matches everything else: where to look instead. */
export async function latestOutsidePeriod(deps: ReadDeps, key: ApiKey, dataset: Dataset, filters: NlFilters): Promise<string | null> {
	if (!filters.date_from && !filters.date_to) return null;
	return latestDate(deps, key, dataset, { ...filters, date_from: undefined, date_to: undefined });
}

async function latestPeriod(deps: ReadDeps, key: ApiKey, dataset: Dataset, filters: NlFilters): Promise<{ from: string; to: string } | null> {
	const latest = await latestDate(deps, key, dataset, filters);
	if (!latest) return null;
	for (const days of RECENT_DAYS) {
		const from = new Date(Date.parse(latest) - days * 86_400_000).toISOString().slice(0, 10);
		const f = { ...filters, date_from: from, date_to: latest };
		const c = (await recordClause(deps.sql, key, f))!;
		const counts = await Promise.all(
			components(f).map((comp) =>
				deps.sql.pluck<number>(`SELECT count(*) FROM (SELECT 1 FROM records r WHERE r.dataset = ? AND r.component = ? AND ${c.sql} LIMIT ?) AS recent`, [
					dataset,
					comp,
					...c.params,
					RECENT_ENOUGH
				])
			)
		);
		const n = counts.reduce<number>((sum, k) => sum + (k ?? 0), 0);
		if (n >= RECENT_ENOUGH || days === RECENT_DAYS[RECENT_DAYS.length - 1]) return { from, to: latest };
	}
	return null;
}

export async function readTurn(deps: ReadDeps, key: ApiKey, dataset: Dataset, body: TurnRequest, previous: TurnConstraints | null): Promise<TurnReading> {
	const now = new Date(deps.now());
	const own = await readQuestion(deps.sql, dataset, body.question, now);
	const intent = readIntent(body.question, own.rest, own.parts);
	const carried = carryOver(own, intent, previous);
	const explicit = {
		country: body.primary_country,
		entity: body.entity,
		date_from: body.date_from,
		date_to: body.date_to,
		source_component: body.source_component
	};
	const understood = await interpret(deps.sql, carried.reading, explicit, body.ignore ?? [], now);
	let filters: NlFilters = understood.filters;
	let recent: TurnReading['recent'];
	if (carried.intent.kind === 'recent' && !filters.date_from && !filters.date_to && !body.ignore?.includes('date')) {
		recent = (await latestPeriod(deps, key, dataset, filters)) ?? undefined;
		if (recent) filters = { ...filters, date_from: recent.from, date_to: recent.to };
	}
	return {
		understood,
		filters,
		intent: carried.intent,
		topic: carried.topic,
		terms: topicTerms(carried.topic),
		constraints: { parts: carried.parts, topic: carried.topic, intent: carried.intent },
		recent,
		unrecognised: unrecognisedNames(body.question, own.rest, dataset)
	};
}
