// The world one dataset describes, drawn from the seed before any record: which organisations
// act, from which strongholds, and the two things that make activity bursty and mobile —
// campaigns (an organisation's named operation moving from town to town over weeks) and
// spike events (a flood, a battle, a ceasefire that draws material from many sources at once).
import type { Dataset } from '../../types/dataset';
import { DAY_COUNT, yearEnd, yearStart } from './calendar';
import type { Gazetteer } from './gazetteer';
import { organisationsOf, YEAR_ACTIVITY, type Organisation, type OrganisationKind } from './organisations';
import { Random, WeightedPicker } from './random';
import { CAMPAIGN_KINDS, CAMPAIGN_SHAPES, EVENT_SHAPES, EVENTS_PER_DATASET, KIND_TOPICS, type CampaignKind, type TopicMix } from './repertoire';
import { CAMPAIGN_WORDS } from './vocabulary';

export type { CampaignKind } from './repertoire';

export interface Actor {
	index: number;
	organisation: Organisation;
	firstDay: number;
	lastDay: number;
	/** Any town in its countries, the main theatre and larger towns favoured. */
	places: WeightedPicker<number>;
	/** The few towns it keeps returning to. */
	strongholds: number[];
	topics: WeightedPicker<string>;
	/** Years to place undirected activity in, following the dataset's yearly activity. */
	years: WeightedPicker<number>;
}

export interface Campaign {
	index: number;
	name: string;
	kind: CampaignKind;
	actor: number;
	leadSub: string;
	firstDay: number;
	lastDay: number;
	/** Place indices in the order visited. */
	route: number[];
	weight: number;
	topics: WeightedPicker<string>;
}

export interface SpikeEvent {
	index: number;
	name: string;
	place: number;
	firstDay: number;
	lastDay: number;
	weight: number;
	topics: WeightedPicker<string>;
	/** Actors producing material about it: those present in its country at the time. */
	actors: WeightedPicker<number>;
}

export interface Theatre {
	dataset: Dataset;
	actors: Actor[];
	campaigns: Campaign[];
	events: SpikeEvent[];
}

const mix = (m: TopicMix) =>
	new WeightedPicker(
		m.map(([t]) => t),
		(_t, i) => m[i][1]
	);

export function planTheatre(dataset: Dataset, seed: string, gazetteer: Gazetteer): Theatre {
	const random = new Random(seed, 'theatre', dataset);
	const actors = organisationsOf(dataset).map((o, i) => planActor(o, i, dataset, gazetteer, random));
	const campaigns: Campaign[] = [];
	const usedNames = new Set<string>();
	for (const actor of actors) {
		const kinds = mix(CAMPAIGN_KINDS[actor.organisation.kind]);
		const [first, last] = actor.organisation.years;
		const count = Math.max(1, Math.round((last - first + 1) * averagePerYear(actor.organisation.kind)));
		for (let i = 0; i < count; i++) {
			const kind = kinds.pick(random) as CampaignKind;
			campaigns.push(planCampaign(campaigns.length, kind, actor, gazetteer, random, usedNames));
		}
	}
	const events = Array.from({ length: EVENTS_PER_DATASET }, (_, i) => planEvent(i, actors, gazetteer, random));
	return { dataset, actors, campaigns, events };
}

function averagePerYear(kind: OrganisationKind): number {
	const kinds = CAMPAIGN_KINDS[kind];
	const total = kinds.reduce((s, [, w]) => s + w, 0);
	return kinds.reduce((s, [k, w]) => s + (CAMPAIGN_SHAPES[k as CampaignKind].perYear * w) / total, 0);
}

function planActor(organisation: Organisation, index: number, dataset: Dataset, gazetteer: Gazetteer, random: Random): Actor {
	const candidates: { place: number; weight: number }[] = [];
	organisation.countries.forEach((code, rank) => {
		const inCountry = gazetteer.byCountry.get(code) ?? [];
		const total = inCountry.reduce((s, p) => s + Math.sqrt(gazetteer.places[p].population), 0);
		for (const p of inCountry) {
			candidates.push({ place: p, weight: Math.sqrt(gazetteer.places[p].population) / total / (1 + rank) });
		}
	});
	const places = new WeightedPicker(
		candidates.map((c) => c.place),
		(_p, i) => candidates[i].weight
	);
	const strongholds = new Set<number>();
	const wanted = random.between(2, 5);
	for (let tries = 0; strongholds.size < wanted && tries < 50; tries++) strongholds.add(places.pick(random));

	const [first, last] = organisation.years;
	const years = Array.from({ length: last - first + 1 }, (_, i) => first + i);
	return {
		index,
		organisation,
		firstDay: yearStart(first),
		lastDay: yearEnd(last),
		places,
		strongholds: [...strongholds],
		topics: mix(KIND_TOPICS[organisation.kind]),
		years: new WeightedPicker(years, (y) => YEAR_ACTIVITY[dataset][y] ?? 0)
	};
}

/** A random day of a year drawn from the actor's activity profile. */
export function activeDay(actor: Actor, random: Random): number {
	const year = actor.years.pick(random);
	return random.between(Math.max(actor.firstDay, yearStart(year)), Math.min(actor.lastDay, yearEnd(year)));
}

function planCampaign(index: number, kind: CampaignKind, actor: Actor, gazetteer: Gazetteer, random: Random, usedNames: Set<string>): Campaign {
	const shape = CAMPAIGN_SHAPES[kind];
	const duration = random.between(...shape.days);
	const firstDay = Math.min(activeDay(actor, random), actor.lastDay - 7);
	const lastDay = Math.min(firstDay + duration, actor.lastDay, DAY_COUNT - 1);
	const route = planRoute(actor, random.between(...shape.stops), gazetteer, random);
	const org = actor.organisation;
	let name = campaignName(kind, gazetteer.places[route[0]], random);
	for (let tries = 0; usedNames.has(name) && tries < 20; tries++) name = campaignName(kind, gazetteer.places[route[0]], random);
	usedNames.add(name);
	// A few campaigns carry most of the material (heavy-tailed weights), as in real coverage.
	const heavyTail = Math.min(40, Math.pow(1 - random.next(), -1 / 1.2));
	return {
		index,
		name,
		kind,
		actor: actor.index,
		leadSub: random.pick(org.subEntities),
		firstDay,
		lastDay,
		route,
		weight: heavyTail * org.weight * Math.sqrt((lastDay - firstDay + 1) / 45),
		topics: mix(shape.topics)
	};
}

/** Town to nearby town inside the actor's countries; a campaign never jumps across the map. */
function planRoute(actor: Actor, stops: number, gazetteer: Gazetteer, random: Random): number[] {
	const countries = new Set(actor.organisation.countries);
	const start = random.chance(0.65) ? random.pick(actor.strongholds) : actor.places.pick(random);
	const route = [start];
	while (route.length < stops) {
		const here = gazetteer.places[route[route.length - 1]];
		const next = here.neighbours.filter((p) => countries.has(gazetteer.places[p].countryCode) && !route.includes(p));
		if (next.length === 0) break;
		route.push(next[random.int(Math.min(3, next.length))]);
	}
	return route;
}

function campaignName(kind: CampaignKind, start: { name: string; admin: string }, random: Random): string {
	const w = CAMPAIGN_WORDS;
	switch (kind) {
		case 'offensive':
			return `Operation ${random.pick(w.adjectives)} ${random.pick(w.nouns)}`;
		case 'mobilisation':
			return `the ${random.pick(w.adjectives)} ${random.pick(w.nouns)} mobilisation`;
		case 'march':
			return `the ${start.name} March for ${random.pick(w.causes)}`;
		case 'series':
			return `the ${random.pick(w.seriesWords)} ${start.name} series`;
		case 'relief':
			return `the ${random.pick(w.seasons)} Response in ${start.admin}`;
	}
}

function planEvent(index: number, actors: Actor[], gazetteer: Gazetteer, random: Random): SpikeEvent {
	const shape = random.pick(EVENT_SHAPES);
	// Events happen where the dataset's organisations are: pick an actor, then one of its towns.
	const host = actors[random.int(actors.length)];
	const place = host.places.pick(random);
	const firstDay = activeDay(host, random);
	const lastDay = Math.min(DAY_COUNT - 1, firstDay + random.between(...shape.days));
	const country = gazetteer.places[place].countryCode;
	const present = actors.filter((a) => a.organisation.countries.includes(country) && a.firstDay <= lastDay && a.lastDay >= firstDay);
	const p = gazetteer.places[place];
	return {
		index,
		name: shape.name(p.name, p.admin, firstDay),
		place,
		firstDay,
		lastDay,
		weight: random.uniform(0.6, 1.4) * Math.sqrt(lastDay - firstDay + 1),
		topics: mix(shape.topics),
		actors: new WeightedPicker(
			present.map((a) => a.index),
			(i) => actors[i].organisation.weight
		)
	};
}
