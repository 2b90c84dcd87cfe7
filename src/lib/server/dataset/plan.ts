// Decides, for every record of a component, where it comes from (a campaign, a spike event or
// an organisation's everyday output) and on which day, then orders the records by day so that
// component ids grow with time. Six bytes per record: a million records plan in a few MB.
import { DAY_COUNT } from './calendar';
import { Random, WeightedPicker } from './random';
import { activeDay, type Theatre } from './theatre';

/** Shares of records by origin; the rest is everyday output spread over active years. */
const CAMPAIGN_SHARE = 0.55;
const EVENT_SHARE = 0.12;

export type Source = { type: 'campaign'; index: number } | { type: 'event'; index: number } | { type: 'background'; index: number };

export interface ComponentPlan {
	/** Day number of each record, ascending. */
	days: Uint16Array;
	/** Origin of each record, encoded by sourceCode. */
	sources: Int32Array;
	decode(code: number): Source;
}

/**
 * `shares` replaces the campaign and event shares: { campaign: 0, event: 0 } plans everyday output
 * alone, the data without bursts that the hotspot evaluation's false-alarm count runs on.
 */
export function planComponent(theatre: Theatre, size: number, random: Random, shares = { campaign: CAMPAIGN_SHARE, event: EVENT_SHARE }): ComponentPlan {
	const campaigns = new WeightedPicker(theatre.campaigns, (c) => c.weight);
	const events = new WeightedPicker(theatre.events, (e) => (e.actors.total > 0 ? e.weight : 0));
	const actors = new WeightedPicker(theatre.actors, (a) => a.organisation.weight);
	const C = theatre.campaigns.length;
	const E = theatre.events.length;

	const days = new Uint16Array(size);
	const sources = new Int32Array(size);
	for (let i = 0; i < size; i++) {
		const r = random.next();
		if (r < shares.campaign) {
			const c = campaigns.pick(random);
			// Activity builds up early in a campaign and tails off: a triangular shape peaking at 30%.
			days[i] = c.firstDay + Math.floor(triangular(random, 0.3) * (c.lastDay - c.firstDay + 1));
			sources[i] = c.index;
		} else if (r < shares.campaign + shares.event && events.total > 0) {
			const e = events.pick(random);
			// Most material about an event appears in its first days.
			const span = e.lastDay - e.firstDay + 1;
			days[i] = e.firstDay + Math.min(span - 1, Math.floor(random.exponential(span / 3)));
			sources[i] = C + e.index;
		} else {
			const a = actors.pick(random);
			days[i] = activeDay(a, random);
			sources[i] = C + E + a.index;
		}
	}
	const order = countingSortByDay(days);
	return {
		days: Uint16Array.from(order, (i) => days[i]),
		sources: Int32Array.from(order, (i) => sources[i]),
		decode(code) {
			if (code < C) return { type: 'campaign', index: code };
			if (code < C + E) return { type: 'event', index: code - C };
			return { type: 'background', index: code - C - E };
		}
	};
}

/** Stable O(n) sort of record indices by day: days are small integers. */
function countingSortByDay(days: Uint16Array): Uint32Array {
	const starts = new Uint32Array(DAY_COUNT + 1);
	for (const d of days) starts[d + 1]++;
	for (let d = 1; d <= DAY_COUNT; d++) starts[d] += starts[d - 1];
	const order = new Uint32Array(days.length);
	for (let i = 0; i < days.length; i++) order[starts[days[i]]++] = i;
	return order;
}

function triangular(random: Random, mode: number): number {
	const u = random.next();
	return u < mode ? Math.sqrt(u * mode) : 1 - Math.sqrt((1 - u) * (1 - mode));
}
