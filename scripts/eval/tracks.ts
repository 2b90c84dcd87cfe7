// The evaluation of organisations' tracks (src/lib/tracks/tracks.ts) against the generator's
// campaigns (npm run eval:tracks; tests/unit/eval/tracks.test.ts at a small size). A campaign is
// an organisation's operation moving from town to town on a calendar (the generator puts a
// record of day d at the stop its progress through the campaign gives, or now and then at the
// stop before). Its organisation's track is built from all of that organisation's records, as
// the map builds it (everyday output elsewhere included), and for every campaign week with at
// least 5 of the campaign's records:
//   passes   some point of the organisation's tracks in that week lies within 25 km of a town the
//            calendar puts the campaign in that week (two when it moves on during the week);
//   in order the towns so passed follow the route's order (a campaign never seen going back).
import { DATASETS, type Dataset } from '../../src/lib/types/dataset';
import { mercatorX, mercatorY } from '../../src/lib/map/projection/mercator';
import { buildTracks, mercatorKm, weekOf, weekStartDay, type TrackPoint } from '../../src/lib/tracks/tracks';
import { FIRST_DATE } from '../../src/lib/server/dataset/calendar';
import { isoToDay } from '../../src/lib/map/timeline/days';

/** The generator numbers days from its calendar's first; the map (and its weeks) from 1970. */
const EPOCH_OFFSET = isoToDay(FIRST_DATE);
import { generateRecords } from './generated';

export const PASS_KM = 25;
export const MIN_WEEK_RECORDS = 5;

interface Columns {
	x: number[];
	y: number[];
	day: number[];
}

export function evaluateTracks(o: { size: number; seed: string; onProgress?: (text: string) => void }) {
	const started = performance.now();
	const byOrganisation = new Map<string, Columns>();
	/** Per campaign (dataset:index), its records per week. */
	const campaignWeeks = new Map<string, Map<number, number>>();
	const { theatres, gazetteer } = generateRecords(o, (r) => {
		const key = `${r.dataset}:${r.entity}`;
		let c = byOrganisation.get(key);
		if (!c) byOrganisation.set(key, (c = { x: [], y: [], day: [] }));
		c.x.push(mercatorX(r.lon));
		c.y.push(mercatorY(r.lat));
		c.day.push(r.day + EPOCH_OFFSET);
		if (r.source.type !== 'campaign') return;
		const id = `${r.dataset}:${r.source.index}`;
		let weeks = campaignWeeks.get(id);
		if (!weeks) campaignWeeks.set(id, (weeks = new Map()));
		const w = weekOf(r.day + EPOCH_OFFSET);
		weeks.set(w, (weeks.get(w) ?? 0) + 1);
	});
	o.onProgress?.('Building the organisations’ tracks…');
	const trackMs: number[] = [];
	const pointsOf = new Map<string, Map<number, TrackPoint[]>>();
	for (const [key, c] of byOrganisation) {
		const t0 = performance.now();
		const tracks = buildTracks([{ length: c.x.length, x: c.x, y: c.y, day: c.day, passes: () => true }]);
		trackMs.push(performance.now() - t0);
		const byWeek = new Map<number, TrackPoint[]>();
		for (const t of tracks) for (const p of t.points) byWeek.set(p.week, [...(byWeek.get(p.week) ?? []), p]);
		pointsOf.set(key, byWeek);
	}

	let weeks = 0;
	let passed = 0;
	let campaigns = 0;
	let inOrder = 0;
	const misses: { campaign: string; week: number; town: string; nearestKm: number | null }[] = [];
	/** The campaigns followed, with the towns passed (epoch days, for the browser test's filters). */
	const followed: {
		name: string;
		dataset: Dataset;
		organisation: string;
		firstDay: number;
		lastDay: number;
		towns: { week: number; lon: number; lat: number }[];
	}[] = [];
	for (const dataset of DATASETS as readonly Dataset[]) {
		const theatre = theatres[dataset];
		for (const c of theatre.campaigns) {
			const counts = campaignWeeks.get(`${dataset}:${c.index}`);
			if (!counts) continue;
			const organisation = theatre.actors[c.actor].organisation.name;
			const points = pointsOf.get(`${dataset}:${organisation}`) ?? new Map<number, TrackPoint[]>();
			const stopsSeen: number[] = [];
			const towns: { week: number; lon: number; lat: number }[] = [];
			for (const [week, n] of [...counts].sort((a, b) => a[0] - b[0])) {
				if (n < MIN_WEEK_RECORDS) continue;
				weeks++;
				// The stops the calendar gives the week's days (as the generator places records): one, or
				// two when the campaign moves on during the week.
				const stopOf = (day: number) =>
					Math.min(
						c.route.length - 1,
						Math.floor(((Math.min(c.lastDay, Math.max(c.firstDay, day)) - c.firstDay) / (c.lastDay - c.firstDay + 1)) * c.route.length)
					);
				const start = weekStartDay(week) - EPOCH_OFFSET;
				const stops = [...new Set([stopOf(start), stopOf(start + 6)])];
				let best: { stop: number; km: number } | null = null;
				for (const stop of stops) {
					const town = gazetteer.places[c.route[stop]];
					for (const p of points.get(week) ?? []) {
						const km = mercatorKm(p.x, p.y, mercatorX(town.lon), mercatorY(town.lat));
						if (!best || km < best.km) best = { stop, km };
					}
				}
				if (best && best.km <= PASS_KM) {
					passed++;
					stopsSeen.push(best.stop);
					const town = gazetteer.places[c.route[best.stop]];
					towns.push({ week, lon: town.lon, lat: town.lat });
				} else
					misses.push({
						campaign: c.name,
						week,
						town: stops.map((stop) => gazetteer.places[c.route[stop]].name).join(' or '),
						nearestKm: best ? Math.round(best.km) : null
					});
			}
			if (stopsSeen.length === 0) continue;
			campaigns++;
			followed.push({ name: c.name, dataset, organisation, firstDay: c.firstDay + EPOCH_OFFSET, lastDay: c.lastDay + EPOCH_OFFSET, towns });
			if (stopsSeen.every((s, i) => i === 0 || s >= stopsSeen[i - 1])) inOrder++;
		}
	}
	trackMs.sort((a, b) => a - b);
	return {
		settings: { sizePerComponent: o.size, seed: o.seed, passKm: PASS_KM, minWeekRecords: MIN_WEEK_RECORDS, organisations: byOrganisation.size },
		campaignWeeks: { tested: weeks, passed, share: weeks ? passed / weeks : null },
		campaignsInOrder: { campaigns, inOrder, share: campaigns ? inOrder / campaigns : null },
		misses: misses.slice(0, 20),
		followed,
		msPerOrganisation: { median: trackMs[trackMs.length >> 1] ?? 0, max: trackMs.at(-1) ?? 0 },
		seconds: Math.round((performance.now() - started) / 1000)
	};
}

export type TracksReport = ReturnType<typeof evaluateTracks>;
