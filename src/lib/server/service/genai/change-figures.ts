// "What is new in Sudan this week?", "where has activity grown since May?": the explorer's "What
// changed" test (src/lib/changes) run on the service, over every record the key may see within
// the turn's filters. The recent window is the question's period (since May: to the latest
// record; no period: the last 7 days with records), the baseline up to 8 windows of its length
// before it that the records cover; each place is a cell of the same world-fixed hexagon grid
// the map uses at zoom 6 (about 45 km across at the equator), named by its records' own admin-1
// area and country.
import type { Component } from '../../../types/dataset';
import { cellCentreLonLat, cellOfLonLat } from '../../../changes/grid';
import { BASELINE_WINDOWS, emergingHotspots, HistoryCounter, MIN_BASELINE_WINDOWS, type ChangeKind } from '../../../changes/hotspots';
import { components, type NlFilters } from '../nl/filters';
import { from, tally, type Scope } from './matching';

/** The grid's level: the map's at zoom 6, a region of a country. */
export const CHANGE_LEVEL = 6;
const DEFAULT_DAYS = 7;
/** Places listed, strongest first; examples cited, one per place. */
const PLACES = 10;
const EXAMPLES = 5;

export interface ChangeGroup {
	label: string;
	count: number;
	/** What the place's baseline leads one to expect in the recent window. */
	expected: number;
	change: Exclude<ChangeKind, 'persistent'>;
	/** The cell's centre, [lon, lat]. */
	centre: [number, number];
}

export interface ChangeBaseline {
	from: string;
	to: string;
	windows: number;
}

export interface ChangeFigures {
	total: number;
	by_component: Partial<Record<Component, number>>;
	period: { from: string | null; to: string | null };
	baseline?: ChangeBaseline;
	tested: number;
	groups: ChangeGroup[];
	note?: string;
	/** The newest recent record of each of the first places (to cite). */
	examples: number[];
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface PlaceTally {
	areas: Map<string, number>;
	newest: { date: string; id: number } | null;
}

export async function computeChangeFigures(s: Scope, filters: NlFilters): Promise<ChangeFigures> {
	// How far back the data reaches: the dataset's records the key may see, not the question's
	// (as the map's panel reads the loaded records' days). An organisation with no record in a
	// place before the period is new there, not "too little history".
	const span = await tally({ ...s, terms: [] }, {});
	const none = (note: string, period: ChangeFigures['period']): ChangeFigures => ({
		total: 0,
		by_component: {},
		period,
		tested: 0,
		groups: [],
		note,
		examples: []
	});
	if (!span.first || !span.last)
		return none('No record that this key may see matches, so nothing can have changed.', { from: filters.date_from ?? null, to: filters.date_to ?? null });
	const lastDay = dayOf(span.last);
	const recentTo = Math.min(filters.date_to ? dayOf(filters.date_to) : lastDay, lastDay);
	const recentFrom = filters.date_from ? dayOf(filters.date_from) : recentTo - DEFAULT_DAYS + 1;
	const period = { from: isoOf(recentFrom), to: isoOf(recentTo) };
	if (recentFrom > recentTo) return none(`The records end ${span.last}, before the period asked about.`, period);
	const length = recentTo - recentFrom + 1;
	const windows = Math.min(BASELINE_WINDOWS, Math.floor((recentFrom - dayOf(span.first)) / length));
	if (windows < MIN_BASELINE_WINDOWS)
		return none(
			`The records begin ${span.first}: too little history before ${period.from} for a comparison, which needs at least ${MIN_BASELINE_WINDOWS} periods of ${length} days before it.`,
			period
		);
	const baselineFrom = recentFrom - windows * length;
	const counter = new HistoryCounter({ recentFrom, recentTo, baselineWindows: windows });
	const places = new Map<number, PlaceTally>();
	const byComponent: Partial<Record<Component, number>> = {};
	let total = 0;
	for (const c of components(filters)) {
		const q = await from(s, c, { ...filters, date_from: isoOf(baselineFrom), date_to: period.to });
		const rows = await s.sql.all<{ id: number; date: string; lat: number; lon: number; area: string | null; country: string | null }>(
			`SELECT r.id, r.primary_date AS date, r.dominant_lat AS lat, r.dominant_long AS lon, r.second_geo_layer AS area, r.primary_country AS country ${q.sql} AND r.mappable = 1`,
			q.params
		);
		byComponent[c] = 0;
		for (const r of rows) {
			const day = dayOf(r.date);
			const cell = cellOfLonLat(r.lon, r.lat, CHANGE_LEVEL);
			counter.add(day, cell);
			if (day < recentFrom) continue;
			total++;
			byComponent[c]!++;
			let place = places.get(cell);
			if (!place) places.set(cell, (place = { areas: new Map(), newest: null }));
			const name = [r.area, r.country].filter(Boolean).join(', ');
			place.areas.set(name, (place.areas.get(name) ?? 0) + 1);
			if (!place.newest || r.date > place.newest.date || (r.date === place.newest.date && r.id > place.newest.id)) place.newest = { date: r.date, id: r.id };
		}
	}
	const histories = counter.histories();
	const changes = emergingHotspots(histories)
		.filter((c) => c.kind !== 'persistent')
		.slice(0, PLACES);
	const groups: ChangeGroup[] = changes.map((c) => {
		const centre = cellCentreLonLat(c.cell, CHANGE_LEVEL);
		const named = [...(places.get(c.cell)?.areas ?? new Map<string, number>())].sort((a, b) => b[1] - a[1])[0]?.[0];
		// A diminishing place may have no recent record to name it: its centre names it.
		const where = `${centre[1].toFixed(2)}, ${centre[0].toFixed(2)}`;
		return {
			label: named ? `${named} (near ${where})` : `near ${where}`,
			count: c.recent,
			expected: Math.round(c.expected * 10) / 10,
			change: c.kind as ChangeGroup['change'],
			centre: [Math.round(centre[0] * 1e4) / 1e4, Math.round(centre[1] * 1e4) / 1e4]
		};
	});
	const examples = changes
		.slice(0, EXAMPLES)
		.map((c) => places.get(c.cell)?.newest?.id)
		.filter((id): id is number => id !== undefined);
	return {
		total,
		by_component: byComponent,
		period,
		baseline: { from: isoOf(baselineFrom), to: isoOf(recentFrom - 1), windows },
		tested: histories.length,
		groups,
		examples
	};
}
