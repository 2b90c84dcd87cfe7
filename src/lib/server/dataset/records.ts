// Turns a planned (day, origin) into a full record: who, where exactly, which topic, the ids,
// and the text. One composer per component, fed in chronological order, so ids grow with time.
import type { Component, Dataset, RecordRow } from '../../types/dataset';
import { DAYS } from './calendar';
import type { Gazetteer, Place } from './gazetteer';
import { offsetKm } from './geo';
import { LANGUAGES } from './organisations';
import type { Source } from './plan';
import { Random } from './random';
import { writeText, type TextFacts } from './text';
import type { Actor, Theatre } from './theatre';
import { topic } from './vocabulary';

/** Share of records whose coordinates are missing or out of range, as in real collections. */
const UNMAPPABLE_SHARE = 0.04;
const SECOND_TOPIC_SHARE = 0.45;

/** Component ids start in distinct ranges so an id hints at its component, as real ids do. */
const ID_BASE: Record<Dataset, Record<Component, number>> = {
	icd: { video: 104_000, image: 302_000 },
	icdb: { video: 517_000, image: 706_000 }
};

export class RecordComposer {
	private readonly random: Random;
	private nextId: number;

	constructor(
		private readonly theatre: Theatre,
		private readonly gazetteer: Gazetteer,
		private readonly component: Component,
		seed: string
	) {
		this.random = new Random(seed, 'records', theatre.dataset, component);
		this.nextId = ID_BASE[theatre.dataset][component] + this.random.int(5_000);
	}

	compose(day: number, source: Source): RecordRow {
		const random = this.random;
		const { actor, place, subEntity, topicId, campaign, event } = this.origin(day, source);
		const org = actor.organisation;
		const coordinates = this.coordinates(place);
		const mappable = isMappable(coordinates.lat, coordinates.lon);
		const firstTopic = topic(topicId);
		const secondId = random.chance(SECOND_TOPIC_SHARE) ? random.pick(firstTopic.related) : null;
		const facts: TextFacts = {
			component: this.component,
			day,
			place,
			organisation: org,
			subEntity,
			topic: firstTopic,
			secondTopic: secondId ? topic(secondId) : null,
			mappable,
			language: random.pick(LANGUAGES[place.countryCode] ?? ['English']),
			campaign,
			event
		};
		const uuid = random.uuid();
		this.nextId += 1 + Math.floor(random.exponential(1.2));
		return {
			dataset: this.theatre.dataset,
			component: this.component,
			uuid,
			primary_id: this.nextId,
			primary_date: DAYS[day].iso,
			entity: org.name,
			sub_entity: subEntity,
			primary_country: place.country,
			second_geo_layer: place.admin,
			dominant_lat: coordinates.lat,
			dominant_long: coordinates.lon,
			mappable: mappable ? 1 : 0,
			...writeText(facts, random)
		};
	}

	private origin(day: number, source: Source) {
		const random = this.random;
		const { actors, campaigns, events } = this.theatre;
		const places = this.gazetteer.places;
		if (source.type === 'campaign') {
			const c = campaigns[source.index];
			const actor = actors[c.actor];
			// The campaign's position follows the calendar: early records at the first town, late
			// ones at the last, with some late uploads from the previous stop.
			const progress = (day - c.firstDay) / (c.lastDay - c.firstDay + 1);
			let stop = Math.min(c.route.length - 1, Math.floor(progress * c.route.length));
			if (stop > 0 && random.chance(0.12)) stop--;
			return {
				actor,
				place: places[c.route[stop]],
				subEntity: random.chance(0.65) ? c.leadSub : random.pick(actor.organisation.subEntities),
				topicId: c.topics.pick(random),
				campaign: {
					name: c.name,
					kind: c.kind,
					firstDay: c.firstDay,
					previous: stop > 0 ? places[c.route[stop - 1]] : null
				},
				event: null
			};
		}
		if (source.type === 'event') {
			const e = events[source.index];
			const actor = actors[e.actors.pick(random)];
			const centre = places[e.place];
			const nearby = centre.neighbours.slice(0, 4).filter((p) => places[p].countryCode === centre.countryCode);
			return {
				actor,
				place: random.chance(0.6) || nearby.length === 0 ? centre : places[random.pick(nearby)],
				subEntity: random.pick(actor.organisation.subEntities),
				topicId: e.topics.pick(random),
				campaign: null,
				event: e.name
			};
		}
		const actor = actors[source.index];
		return {
			actor,
			place: places[this.everydayPlace(actor)],
			subEntity: random.pick(actor.organisation.subEntities),
			topicId: actor.topics.pick(random),
			campaign: null,
			event: null
		};
	}

	/** Mostly the strongholds and the towns around them, sometimes anywhere the actor works. */
	private everydayPlace(actor: Actor): number {
		const random = this.random;
		const r = random.next();
		const stronghold = random.pick(actor.strongholds);
		if (r < 0.55) return stronghold;
		if (r < 0.7) {
			const countries = actor.organisation.countries;
			const near = this.gazetteer.places[stronghold].neighbours.slice(0, 5).filter((p) => countries.includes(this.gazetteer.places[p].countryCode));
			if (near.length > 0) return random.pick(near);
		}
		return actor.places.pick(random);
	}

	private coordinates(place: Place): { lat: number | null; lon: number | null } {
		const random = this.random;
		if (random.chance(UNMAPPABLE_SHARE)) return unmappable(place, random);
		const angle = random.next() * 2 * Math.PI;
		const km = place.jitterKm * Math.sqrt(random.next());
		const p = offsetKm(place.lat, place.lon, km * Math.cos(angle), km * Math.sin(angle));
		return { lat: round5(p.lat), lon: round5(p.lon) };
	}
}

/** The ways coordinates go wrong in collected material: lost, half lost, or garbled. */
function unmappable(place: Place, random: Random): { lat: number | null; lon: number | null } {
	const r = random.next();
	const sign = () => (random.chance(0.5) ? 1 : -1);
	if (r < 0.45) return { lat: null, lon: null };
	if (r < 0.6) return { lat: null, lon: round5(place.lon) };
	if (r < 0.7) return { lat: round5(place.lat), lon: null };
	if (r < 0.85) return { lat: sign() * round1(random.uniform(90.1, 99.9)), lon: round5(place.lon) };
	return { lat: round5(place.lat), lon: sign() * round1(random.uniform(180.1, 359.9)) };
}

export function isMappable(lat: number | null, lon: number | null): boolean {
	return lat !== null && lon !== null && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
const round1 = (x: number) => Math.round(x * 10) / 10;
