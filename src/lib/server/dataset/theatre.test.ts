// The world behind the records: organisations, strongholds, moving campaigns and spike events.
import { describe, expect, it } from 'vitest';
import { DAYS } from './calendar';
import { loadGazetteer } from './gazetteer';
import { distanceKm } from './geo';
import { ALL_COUNTRIES, ORGANISATIONS } from './organisations';
import { planComponent } from './plan';
import { Random } from './random';
import { RecordComposer } from './records';
import { CAMPAIGN_SHAPES, EVENT_SHAPES, KIND_TOPICS } from './repertoire';
import { planTheatre } from './theatre';
import { TOPICS } from './vocabulary';

const gazetteer = loadGazetteer({ countries: ALL_COUNTRIES });

describe('organisations', () => {
	it('number 25 to 40, each with 2 to 5 sub-entities and a period within coverage', () => {
		expect(ORGANISATIONS.length).toBeGreaterThanOrEqual(25);
		expect(ORGANISATIONS.length).toBeLessThanOrEqual(40);
		expect(new Set(ORGANISATIONS.map((o) => o.name)).size).toBe(ORGANISATIONS.length);
		for (const o of ORGANISATIONS) {
			expect(o.subEntities.length, o.name).toBeGreaterThanOrEqual(2);
			expect(o.subEntities.length, o.name).toBeLessThanOrEqual(5);
			expect(o.years[0]).toBeGreaterThanOrEqual(2014);
			expect(o.years[1]).toBeLessThanOrEqual(2026);
			expect(o.years[0]).toBeLessThanOrEqual(o.years[1]);
		}
	});
});

describe('repertoire', () => {
	it('refers only to topics the vocabulary has, and uses every topic somewhere', () => {
		const mixes = [...Object.values(KIND_TOPICS), ...Object.values(CAMPAIGN_SHAPES).map((c) => c.topics), ...EVENT_SHAPES.map((e) => e.topics)];
		const used = new Set(mixes.flatMap((m) => m.map(([t]) => t)));
		for (const t of used) expect(TOPICS.has(t), t).toBe(true);
		expect([...TOPICS.keys()].filter((t) => !used.has(t))).toEqual([]);
	});
});

describe('campaigns', () => {
	const theatre = planTheatre('icd', 'campaign-test', gazetteer);

	it('move town to nearby town within the organisation countries', () => {
		expect(theatre.campaigns.length).toBeGreaterThan(50);
		const moving = theatre.campaigns.filter((c) => c.route.length >= 3);
		expect(moving.length).toBeGreaterThan(theatre.campaigns.length / 2);
		for (const c of theatre.campaigns) {
			const countries = theatre.actors[c.actor].organisation.countries;
			expect(new Set(c.route).size).toBe(c.route.length);
			for (let i = 0; i < c.route.length; i++) {
				const here = gazetteer.places[c.route[i]];
				expect(countries).toContain(here.countryCode);
				if (i === 0) continue;
				const before = gazetteer.places[c.route[i - 1]];
				expect(distanceKm(before.lat, before.lon, here.lat, here.lon)).toBeLessThanOrEqual(260);
			}
		}
	});

	it('stay within their organisation active years', () => {
		for (const c of theatre.campaigns) {
			const [first, last] = theatre.actors[c.actor].organisation.years;
			expect(DAYS[c.firstDay].year).toBeGreaterThanOrEqual(first);
			expect(DAYS[c.lastDay].year).toBeLessThanOrEqual(last);
			expect(c.lastDay).toBeGreaterThan(c.firstDay);
		}
	});

	it('progress along their route as time passes, so playback shows movement', () => {
		const plan = planComponent(theatre, 3000, new Random('campaign-test', 'plan'));
		const composer = new RecordComposer(theatre, gazetteer, 'video', 'campaign-test');
		const seen = new Map<number, { day: number; stop: number }[]>();
		for (let i = 0; i < plan.days.length; i++) {
			const source = plan.decode(plan.sources[i]);
			const record = composer.compose(plan.days[i], source);
			if (source.type !== 'campaign' || record.mappable === 0) continue;
			const c = theatre.campaigns[source.index];
			// Records sit within a few km of their town; towns on a route are further apart.
			const km = c.route.map((p) => distanceKm(gazetteer.places[p].lat, gazetteer.places[p].lon, record.dominant_lat!, record.dominant_long!));
			const stop = km.indexOf(Math.min(...km));
			expect(km[stop]).toBeLessThan(5);
			seen.set(c.index, [...(seen.get(c.index) ?? []), { day: plan.days[i], stop }]);
		}
		const mean = (xs: { stop: number }[]) => xs.reduce((s, x) => s + x.stop, 0) / xs.length;
		let checked = 0;
		for (const [index, records] of seen) {
			const c = theatre.campaigns[index];
			const quarter = (c.lastDay - c.firstDay) / 4;
			const early = records.filter((r) => r.day < c.firstDay + quarter);
			const late = records.filter((r) => r.day > c.lastDay - quarter);
			if (c.route.length < 3 || early.length < 3 || late.length < 3) continue;
			checked++;
			expect(mean(late), c.name).toBeGreaterThan(mean(early));
		}
		expect(checked).toBeGreaterThan(3);
	});
});

describe('events', () => {
	it('happen where the dataset organisations work, with organisations present to cover them', () => {
		for (const dataset of ['icd', 'icdb'] as const) {
			const theatre = planTheatre(dataset, 'event-test', gazetteer);
			const countries = new Set(theatre.actors.flatMap((a) => a.organisation.countries));
			expect(theatre.events.length).toBeGreaterThanOrEqual(10);
			for (const e of theatre.events) {
				expect(countries.has(gazetteer.places[e.place].countryCode)).toBe(true);
				expect(e.lastDay).toBeGreaterThanOrEqual(e.firstDay);
				expect(e.actors.total).toBeGreaterThan(0);
			}
		}
	});
});
