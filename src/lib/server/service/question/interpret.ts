// From a reading to filters: what the question names, within what the request states. Explicit
// parameters win: a part that contradicts one is reported as overridden and not applied; a
// period inside the request's dates narrows them. Groups the client asked to drop are ignored.
// The interpretation goes back with the answer, so a client can show "Sudan · 2023 · videos"
// and let the analyst remove a part.
import type { Sql } from '../../db/sql';
import type { Component, Dataset } from '../../../types/dataset';
import { canonicalValue } from '../records/scope';
import { hull } from './dates';
import { GROUP_OF, readQuestion, type PartGroup, type PartKind, type ReadPart, type Reading } from './read';

/** How far "near <town>" reaches. */
export const TOWN_RADIUS_KM = 25;

/** One place a record may be in; a question naming several means any of them. */
export type PlaceFilter =
	{ country: string } | { country: string; area: string } | { country: string; town: string; lat: number; lon: number; radius_km: number };

/** What a question leaves out ("outside Sudan", "except 2020", "not by X"): records matching any are not answered. */
export interface Exclusions {
	places?: PlaceFilter[];
	entities?: string[];
	sub_entities?: string[];
	periods?: { from?: string; to?: string }[];
}

export interface QuestionFilters {
	places?: PlaceFilter[];
	exclude?: Exclusions;
	entity?: string;
	/** Two or more organisations named: any of them ("Blue Star Battalions and Lantern Relief Corps"). */
	entities?: string[];
	sub_entity?: string;
	date_from?: string;
	date_to?: string;
	source_component?: Component;
}

export interface ExplicitFilters {
	country?: string;
	entity?: string;
	date_from?: string;
	date_to?: string;
	source_component?: Component;
}

export type PartStatus = 'applied' | 'overridden' | 'ignored';

export interface InterpretedPart {
	kind: PartKind;
	group: PartGroup;
	text: string;
	label: string;
	status: PartStatus;
	/** Why a part is not applied. */
	reason?: string;
	value?: string;
	country?: string;
	date_from?: string;
	date_to?: string;
	/** Named by an earlier question of the conversation, not by this one. */
	from_earlier_question?: boolean;
	/** False for a real place the data has no record of: applied all the same, so the answer is empty. */
	in_data?: false;
	/** What the analyst should know about the part beside its status ("no record comes from Ukraine"). */
	note?: string;
	/** Applied the other way: the records it names are left out ("outside Sudan"). */
	excluded?: true;
}

export interface Interpretation {
	/** The parts the question was read as, in the order it names them. */
	parts: InterpretedPart[];
	/** The filters applied: the request's own and those read from the question. */
	filters: QuestionFilters & { country?: string };
	/** What was searched as text after the recognised parts were taken out. */
	searched_text: string;
	/** The clock relative dates were read against ("last month"). */
	reference_time: string;
	ignored_groups: PartGroup[];
}

export interface Understood {
	reading: Reading;
	filters: QuestionFilters;
	interpretation: Interpretation;
}

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

function placeOf(p: ReadPart): PlaceFilter {
	const n = p.name!;
	if (n.kind === 'country') return { country: n.value };
	if (n.kind === 'area') return { country: n.country!, area: n.value };
	return { country: n.country!, town: n.value, lat: n.lat!, lon: n.lon!, radius_km: TOWN_RADIUS_KM };
}

/**
 * A place the data has no record of is still applied: the honest answer to "protests in Kharkiv"
 * over data with nothing from Ukraine is none, not protests elsewhere.
 */
function absenceNote(p: ReadPart): string {
	const n = p.name!;
	return n.kind === 'country'
		? `the data has no record from ${withArticle(n.value)}`
		: `the data has no record from ${withArticle(n.country!)}, where ${n.value} is`;
}

/** "the United States", "the Netherlands": country names that take the article in a sentence. */
const withArticle = (country: string) =>
	/^(United |Central African |Dominican |Czech )|Islands$|^(Netherlands|Bahamas|Gambia|Maldives|Seychelles|Comoros|Philippines|Vatican City)$/.test(country)
		? `the ${country}`
		: country;

const push = <T>(list: T[] | undefined, item: T): T[] => [...(list ?? []), item];

/** A part the question leaves out: added to the exclusions, unless the request is limited to it. */
function exclude(
	p: ReadPart,
	explicit: ExplicitFilters,
	canonical: { country?: string; entity?: string },
	out: Exclusions,
	override: (reason: string) => void
): void {
	switch (p.kind) {
		case 'country':
		case 'area':
		case 'town': {
			const place = placeOf(p);
			if (canonical.country !== undefined && same(place.country, canonical.country) && !('area' in place) && !('town' in place))
				override(`the request is limited to ${canonical.country}`);
			else out.places = push(out.places, place);
			return;
		}
		case 'entity':
			if (canonical.entity !== undefined && same(p.name!.value, canonical.entity)) override(`the request is limited to ${canonical.entity}`);
			else out.entities = push(out.entities, p.name!.value);
			return;
		case 'sub_entity':
			out.sub_entities = push(out.sub_entities, p.name!.value);
			return;
		case 'date':
			out.periods = push(out.periods, { from: p.date!.from, to: p.date!.to });
			return;
		case 'component':
			// Two components: leaving one out is asking for the other.
			if (explicit.source_component === p.component) override(`the request asks for ${explicit.source_component}s`);
			return;
	}
}

export async function interpret(sql: Sql, reading: Reading, explicit: ExplicitFilters, ignore: readonly PartGroup[], now: Date): Promise<Understood> {
	const views: InterpretedPart[] = [];
	const filters: QuestionFilters = {};
	const country = explicit.country === undefined ? undefined : await canonicalValue(sql, 'primary_country', explicit.country);
	const entity = explicit.entity === undefined ? undefined : await canonicalValue(sql, 'entity', explicit.entity);
	const places: PlaceFilter[] = [];
	const exclusions: Exclusions = {};
	const organisations: string[] = [];
	let from = explicit.date_from;
	let to = explicit.date_to;
	const dateParts: ReadPart[] = [];

	for (const p of reading.parts) {
		const view: InterpretedPart = { kind: p.kind, group: GROUP_OF[p.kind], text: p.text, label: p.label, status: 'applied' };
		if (p.name) {
			view.value = p.name.value;
			if (p.name.country) view.country = p.name.country;
			if (p.name.absent) Object.assign(view, { in_data: false, note: absenceNote(p) });
		}
		if (p.date) [view.date_from, view.date_to] = [p.date.from, p.date.to];
		if (p.inherited) view.from_earlier_question = true;
		if (p.excluded) view.excluded = true;
		views.push(view);
		if (ignore.includes(view.group)) {
			view.status = 'ignored';
			continue;
		}
		const override = (reason: string) => Object.assign(view, { status: 'overridden', reason });
		if (p.excluded) {
			exclude(p, explicit, { country, entity }, exclusions, override);
			continue;
		}
		switch (p.kind) {
			case 'country':
			case 'area':
			case 'town': {
				const place = placeOf(p);
				if (country !== undefined && !same(place.country, country)) override(`the request is limited to ${country}`);
				else places.push(place);
				break;
			}
			case 'entity':
				if (entity !== undefined && !same(p.name!.value, entity)) override(`the request is limited to ${entity}`);
				else if (!organisations.includes(p.name!.value)) organisations.push(p.name!.value);
				break;
			case 'sub_entity':
				if (entity !== undefined && !same(p.name!.entity, entity))
					override(`${p.name!.value} is part of ${p.name!.entity}, and the request is limited to ${entity}`);
				else if (filters.sub_entity && filters.sub_entity !== p.name!.value) override(`one sub-entity at a time: ${filters.sub_entity} is applied`);
				else filters.sub_entity = p.name!.value;
				break;
			case 'component':
				if (explicit.source_component && explicit.source_component !== p.component) override(`the request asks for ${explicit.source_component}s`);
				else filters.source_component = p.component;
				break;
			case 'date':
				dateParts.push(p);
				break;
		}
	}

	if (dateParts.length) {
		const named = hull(dateParts.map((p) => p.date!));
		const f = [from, named.from].filter(Boolean).sort().at(-1);
		const t = [to, named.to].filter(Boolean).sort()[0];
		const views_ = views.filter((v) => v.kind === 'date' && v.status === 'applied');
		if (f && t && f > t) {
			for (const v of views_)
				Object.assign(v, { status: 'overridden', reason: `outside the request's dates (${explicit.date_from ?? '…'} to ${explicit.date_to ?? '…'})` });
		} else [from, to] = [f, t];
	}

	// A country named beside a place inside it ("Khartoum, Sudan") adds nothing to the narrower place.
	const narrower = places.filter((p) => (!('area' in p) && !('town' in p) ? !places.some((q) => q !== p && q.country === p.country) : true));
	if (narrower.length) filters.places = narrower;
	else if (country !== undefined) filters.places = [{ country }];
	// Several organisations are any of them, as places are; one is the entity filter.
	if (organisations.length === 1) filters.entity = organisations[0];
	else if (organisations.length > 1) filters.entities = organisations;
	if (entity !== undefined && !filters.entity) filters.entity = entity;
	const leftOut = reading.parts.find((p, i) => p.kind === 'component' && p.excluded && views[i]?.status === 'applied');
	if (leftOut && !filters.source_component) filters.source_component = leftOut.component === 'video' ? 'image' : 'video';
	if (!filters.source_component && explicit.source_component) filters.source_component = explicit.source_component;
	if (from) filters.date_from = from;
	if (to) filters.date_to = to;
	if (Object.keys(exclusions).length) filters.exclude = exclusions;

	const countries = [...new Set((filters.places ?? []).map((p) => p.country))];
	return {
		reading,
		filters,
		interpretation: {
			parts: views,
			filters: { ...(countries.length === 1 ? { country: countries[0] } : {}), ...filters },
			searched_text: reading.rest,
			reference_time: now.toISOString(),
			ignored_groups: [...ignore]
		}
	};
}

export async function understand(
	sql: Sql,
	dataset: Dataset,
	question: string,
	explicit: ExplicitFilters,
	ignore: readonly PartGroup[],
	now: Date
): Promise<Understood> {
	return interpret(sql, await readQuestion(sql, dataset, question, now), explicit, ignore, now);
}
