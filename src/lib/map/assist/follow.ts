// The map follows what a question was understood as, and the next question is not held by it.
//
// The map's filters go with a question as its context (they win over the question, as explicit
// parameters do). When the service reads a place, period, organisation or component from the
// question, the map's filter for that group is set to it, so the map shows what the answer is
// about. What the question set is remembered beside what the analyst had: the next question
// gets the analyst's own filter as context (so "and in Chad?" can move away from Sudan, and
// "only 2024" can narrow the analyst's 2023–2024 again), and when a later reading no longer
// applies that group (a chip removed) the analyst's filter comes back. A filter the analyst
// changes by hand is theirs from then on.
import type { Component } from '../../types/dataset';
import type { Interpretation, UnderstoodGroup } from '../../types/search';

/** The map filters a question takes as context and can set. */
export interface QuestionScope {
	countries: string[];
	entities: string[];
	components: Component[];
	/** Inclusive ISO dates; undefined is open. */
	from?: string;
	to?: string;
}

type GroupValue = { countries: string[] } | { entities: string[] } | { components: Component[] } | { from?: string; to?: string };

/** Per group the question set: the analyst's value before it, and the value it set. */
export type Followed = Partial<Record<UnderstoodGroup, { analyst: GroupValue; question: GroupValue }>>;

const GROUPS: readonly UnderstoodGroup[] = ['place', 'organisation', 'date', 'component'];

function valueOf(scope: QuestionScope, group: UnderstoodGroup): GroupValue {
	switch (group) {
		case 'place':
			return { countries: scope.countries };
		case 'organisation':
			return { entities: scope.entities };
		case 'component':
			return { components: scope.components };
		case 'date':
			return { from: scope.from, to: scope.to };
	}
}

const same = (a: GroupValue, b: GroupValue) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (v: GroupValue) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? [...x].sort() : (x ?? null)]));

/** What a reading applied to a group from the question, as a map value; null when nothing the map can show. */
function readValue(interpretation: Interpretation, group: UnderstoodGroup): GroupValue | null {
	if (!interpretation.parts.some((p) => p.group === group && p.status === 'applied')) return null;
	const f = interpretation.filters;
	switch (group) {
		case 'place': {
			// A place the data has no record of would empty the map: its chip says so instead.
			const absent = new Set(interpretation.parts.filter((p) => p.inData === false).map((p) => (p.kind === 'country' ? p.value : p.country)));
			const countries = f.countries.filter((c) => !absent.has(c));
			return countries.length ? { countries } : null;
		}
		case 'organisation':
			// A sub-entity alone narrows within an organisation the map has no filter for.
			return f.entities.length ? { entities: f.entities } : null;
		case 'component':
			return f.source_component ? { components: [f.source_component] } : null;
		case 'date':
			return f.date_from || f.date_to ? { from: f.date_from, to: f.date_to } : null;
	}
}

/** The context of the next question: the map's filters, with the analyst's own where a question set them. */
export function contextOf(scope: QuestionScope, followed: Followed): QuestionScope {
	let context = { ...scope };
	for (const group of GROUPS) {
		const f = followed[group];
		if (f && same(valueOf(scope, group), f.question)) context = { ...context, ...f.analyst };
	}
	return context;
}

/** The map's filters after a reading, and what is remembered of it. */
export function follow(scope: QuestionScope, followed: Followed, interpretation: Interpretation): { scope: QuestionScope; followed: Followed } {
	let next = { ...scope };
	const remembered: Followed = {};
	for (const group of GROUPS) {
		const current = valueOf(scope, group);
		const earlier = followed[group];
		const stillTheQuestions = !!earlier && same(current, earlier.question);
		const analyst = stillTheQuestions ? earlier.analyst : current;
		const read = readValue(interpretation, group);
		if (read) {
			next = { ...next, ...read };
			remembered[group] = { analyst, question: read };
		} else if (stillTheQuestions) {
			// The question no longer sets this group (a removed chip, a new question): the analyst's filter returns.
			next = { ...next, ...earlier.analyst };
		}
	}
	return { scope: next, followed: remembered };
}

export function sameScope(a: QuestionScope, b: QuestionScope): boolean {
	return GROUPS.every((g) => same(valueOf(a, g), valueOf(b, g)));
}

/** The request fields of a context: the service takes one country, one entity, one component. */
export function requestFields(context: QuestionScope): { country?: string; entity?: string; component?: Component; from?: string; to?: string } {
	return {
		country: context.countries.length === 1 ? context.countries[0] : undefined,
		entity: context.entities.length === 1 ? context.entities[0] : undefined,
		component: context.components.length === 1 ? context.components[0] : undefined,
		from: context.from,
		to: context.to
	};
}
