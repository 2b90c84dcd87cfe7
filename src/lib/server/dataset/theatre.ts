// The world one dataset describes, drawn from the seed before any record: which organisations
// act, from which strongholds, and the two things that make activity bursty and mobile —
// campaigns (an organisation's named operation moving from town to town over weeks) and
// spike events (a flood, a battle, a ceasefire that draws material from many sources at once).
import type { Dataset } from '../../types/dataset';
import { DAY_COUNT, DAYS, yearEnd, yearStart } from './calendar';
import type { Gazetteer } from './gazetteer';
import { organisationsOf, YEAR_ACTIVITY, type Organisation, type OrganisationKind } from './organisations';
import { Random, WeightedPicker } from './random';
import { CAMPAIGN_WORDS } from './vocabulary';

export type CampaignKind = 'offensive' | 'mobilisation' | 'march' | 'series' | 'relief';
type TopicMix = readonly (readonly [topic: string, weight: number])[];

/** What an organisation's material is about when it is not part of a campaign or event. */
const KIND_TOPICS: Record<OrganisationKind, TopicMix> = {
	'armed group': [
		['convoy', 3], ['drone', 2], ['artillery', 2], ['training', 2], ['weapons', 2], ['checkpoint', 1.5],
		['funeral', 1.2], ['ceremony', 1], ['recruitment', 1], ['interview', 1], ['arrests', 1], ['damage', 0.8],
		['border', 0.7], ['rally', 0.5], ['ceasefire', 0.4], ['negotiations', 0.4]
	],
	militia: [
		['checkpoint', 3], ['convoy', 2], ['arrests', 1.5], ['weapons', 1.5], ['training', 1], ['funeral', 1],
		['ceremony', 1], ['interview', 1], ['negotiations', 1], ['border', 1], ['recruitment', 1], ['rally', 0.8],
		['artillery', 0.8], ['drone', 0.7]
	],
	'political movement': [
		['rally', 4], ['protest', 3], ['interview', 2], ['negotiations', 1.5], ['arrests', 1], ['funeral', 1],
		['ceremony', 1], ['recruitment', 0.7], ['ceasefire', 0.5]
	],
	'media outlet': [
		['interview', 3], ['displacement', 1.5], ['damage', 1.5], ['rally', 1], ['protest', 1], ['funeral', 1],
		['drone', 1], ['convoy', 0.7], ['flood', 0.7], ['aid', 0.7], ['medical', 0.7], ['artillery', 0.7],
		['border', 0.5], ['checkpoint', 0.5]
	],
	'relief organisation': [
		['aid', 4], ['displacement', 3], ['medical', 2.5], ['flood', 1.5], ['damage', 1.5], ['border', 1],
		['interview', 0.8], ['negotiations', 0.3]
	]
};

const CAMPAIGN_KINDS: Record<OrganisationKind, TopicMix> = {
	'armed group': [['offensive', 3], ['mobilisation', 1]],
	militia: [['offensive', 2], ['mobilisation', 1]],
	'political movement': [['march', 1]],
	'media outlet': [['series', 1]],
	'relief organisation': [['relief', 1]]
};

interface CampaignShape {
	topics: TopicMix;
	/** Duration in days and number of towns visited, as inclusive ranges. */
	days: [number, number];
	stops: [number, number];
	/** Campaigns started per year of an organisation's activity. */
	perYear: number;
}

const CAMPAIGN_SHAPES: Record<CampaignKind, CampaignShape> = {
	offensive: {
		topics: [
			['convoy', 3], ['artillery', 2.5], ['drone', 2], ['checkpoint', 1.5], ['weapons', 1.5], ['funeral', 1],
			['displacement', 1], ['damage', 1], ['arrests', 0.7], ['medical', 0.5]
		],
		days: [20, 110],
		stops: [3, 8],
		perYear: 0.8
	},
	mobilisation: {
		topics: [['recruitment', 3], ['training', 3], ['ceremony', 2], ['rally', 1], ['weapons', 1]],
		days: [10, 40],
		stops: [2, 4],
		perYear: 0.4
	},
	march: {
		topics: [['protest', 3], ['rally', 3], ['arrests', 1.5], ['interview', 1], ['funeral', 0.5], ['negotiations', 0.5]],
		days: [5, 30],
		stops: [3, 7],
		perYear: 0.7
	},
	series: {
		topics: [
			['interview', 3], ['displacement', 1.5], ['damage', 1.5], ['medical', 1], ['funeral', 1], ['checkpoint', 0.7],
			['protest', 0.7], ['flood', 0.5]
		],
		days: [15, 60],
		stops: [3, 6],
		perYear: 0.6
	},
	relief: {
		topics: [['aid', 4], ['displacement', 2.5], ['medical', 2], ['flood', 1], ['damage', 1], ['border', 0.7]],
		days: [25, 120],
		stops: [3, 7],
		perYear: 0.7
	}
};

interface EventShape {
	name: (place: string, admin: string, day: number) => string;
	topics: TopicMix;
	days: [number, number];
}

const EVENT_SHAPES: readonly EventShape[] = [
	{
		name: (_p, admin, d) => `the ${DAYS[d].year} floods in ${admin}`,
		topics: [['flood', 4], ['displacement', 2], ['aid', 2], ['damage', 1], ['medical', 1]],
		days: [4, 14]
	},
	{
		name: (place) => `the battle for ${place}`,
		topics: [['artillery', 3], ['convoy', 2], ['drone', 2], ['funeral', 2], ['displacement', 2], ['medical', 1], ['damage', 1]],
		days: [5, 20]
	},
	{
		name: (place, _a, d) => `the ${place} ceasefire of ${DAYS[d].month}`,
		topics: [['ceasefire', 4], ['negotiations', 3], ['rally', 1], ['ceremony', 1]],
		days: [3, 10]
	},
	{
		name: (place, _a, d) => `the ${DAYS[d].month} protests in ${place}`,
		topics: [['protest', 4], ['rally', 2], ['arrests', 2], ['funeral', 1]],
		days: [3, 12]
	},
	{
		name: (place, _a, d) => `the ${DAYS[d].long} attack in ${place}`,
		topics: [['funeral', 3], ['medical', 3], ['damage', 2], ['arrests', 1], ['interview', 1]],
		days: [2, 7]
	},
	{
		name: (place, _a, d) => `the ${DAYS[d].year} ${place} earthquake`,
		topics: [['damage', 4], ['displacement', 2], ['aid', 2], ['medical', 2]],
		days: [4, 12]
	}
];

const EVENTS_PER_DATASET = 18;

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

const mix = (m: TopicMix) => new WeightedPicker(m.map(([t]) => t), (_t, i) => m[i][1]);

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
	const places = new WeightedPicker(candidates.map((c) => c.place), (_p, i) => candidates[i].weight);
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

function planCampaign(
	index: number,
	kind: CampaignKind,
	actor: Actor,
	gazetteer: Gazetteer,
	random: Random,
	usedNames: Set<string>
): Campaign {
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
	const present = actors.filter(
		(a) => a.organisation.countries.includes(country) && a.firstDay <= lastDay && a.lastDay >= firstDay
	);
	const p = gazetteer.places[place];
	return {
		index,
		name: shape.name(p.name, p.admin, firstDay),
		place,
		firstDay,
		lastDay,
		weight: random.uniform(0.6, 1.4) * Math.sqrt(lastDay - firstDay + 1),
		topics: mix(shape.topics),
		actors: new WeightedPicker(present.map((a) => a.index), (i) => actors[i].organisation.weight)
	};
}
