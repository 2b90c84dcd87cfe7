// The evaluation of the emerging-hotspot test against the generator's ground truth (npm run
// eval:changes, scripts/eval-changes.ts, and tests/unit/eval-changes.test.ts at a small size).
// How well the emerging-hotspot test (src/lib/changes/hotspots.ts) finds what the generator
// put in the data, window by window over the whole calendar, in the grid at one level:
//   recall     of the spike events large enough to detect: in the window of an event's first day,
//              at least 10 of its records in its town's cell and at least 3× that cell's baseline
//              mean; found when that cell is flagged new or intensifying in that window;
//   precision  of the cells flagged new or intensifying: a flag is right when the bursts (events,
//              and campaigns, which move from town to town and build up then tail off) brought to
//              that cell, beyond their own baseline rate there, at least half of the excess over
//              what the baseline expected; everyday output (steady by construction) explains none;
//   false alarms  the same data generated without bursts (no events, no campaigns: everyday output
//              alone): the share of windows that flag any cell as changed.
// The records are composed exactly as the service generates them (same seed, same size per
// component), without being written anywhere, and counted in the map's own hotspot grid (grid.ts).
import { DATASETS, type Dataset } from '../../src/lib/types/dataset';
import { generateRecords } from './generated';
import { DAY_COUNT } from '../../src/lib/server/dataset/calendar';
import { cellHistories, emergingHotspots, type Change } from '../../src/lib/changes/hotspots';
import { cellOfLonLat } from '../../src/lib/changes/grid';
import { median } from '../bench/stats';

export interface ChangesOptions {
	/** Records per component, and the seed: the service's DATASET_SIZE and DATASET_SEED. */
	size: number;
	seed: string;
	/** The grid's level (grid.ts: cells about 48 px across at that zoom), the window's length in days, and how many windows before it make the baseline. */
	level: number;
	window: number;
	baselines: number;
	onProgress?: (text: string) => void;
}

/** Where a record came from, for the ground truth: -1 everyday output, else an event's or a campaign's id. */
interface Records {
	days: Int32Array;
	cells: Float64Array;
	sources: Int32Array;
	/** Each spike event: its first day and its town's cell. */
	events: { id: number; firstDay: number; cell: number; name: string; lon: number; lat: number; dataset: Dataset }[];
}

const EVENT_ID = 1_000_000;
const CAMPAIGN_ID = 2_000_000;

function compose(o: ChangesOptions, bursts: boolean): Records {
	const cellOf = (lat: number, lon: number) => cellOfLonLat(lon, lat, o.level);
	const rows: { day: number; cell: number; source: number }[] = [];
	const { theatres, gazetteer } = generateRecords({ size: o.size, seed: o.seed, bursts, onProgress: o.onProgress }, (r) => {
		const d = DATASETS.indexOf(r.dataset);
		const id =
			r.source.type === 'event' ? EVENT_ID + d * 1000 + r.source.index : r.source.type === 'campaign' ? CAMPAIGN_ID + d * 100_000 + r.source.index : -1;
		rows.push({ day: r.day, cell: cellOf(r.lat, r.lon), source: id });
	});
	const events: Records['events'] = DATASETS.flatMap((dataset, d) =>
		theatres[dataset].events.map((e) => {
			const place = gazetteer.places[e.place];
			return {
				id: EVENT_ID + d * 1000 + e.index,
				firstDay: e.firstDay,
				cell: cellOf(place.lat, place.lon),
				name: e.name,
				lon: place.lon,
				lat: place.lat,
				dataset
			};
		})
	);
	rows.sort((a, b) => a.day - b.day);
	return {
		days: Int32Array.from(rows, (r) => r.day),
		cells: Float64Array.from(rows, (r) => r.cell),
		sources: Int32Array.from(rows, (r) => r.source),
		events
	};
}

/** First index with days[i] >= day (days ascending). */
function lowerBound(days: Int32Array, day: number): number {
	let lo = 0;
	let hi = days.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (days[mid] < day) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

interface WindowResult {
	recentFrom: number;
	changes: Change[];
	/** Of the cells flagged new or intensifying, those a burst explains. */
	explained: number;
	flaggedUp: number;
	ms: number;
}

function evaluateWindow(o: ChangesOptions, r: Records, recentFrom: number): WindowResult {
	const w = { recentFrom, recentTo: recentFrom + o.window - 1, baselineWindows: o.baselines };
	const start = lowerBound(r.days, recentFrom - o.baselines * o.window);
	const split = lowerBound(r.days, recentFrom);
	const end = lowerBound(r.days, w.recentTo + 1);
	const t0 = performance.now();
	const changes = emergingHotspots(cellHistories(r.days.subarray(start, end), r.cells.subarray(start, end), w));
	const ms = performance.now() - t0;
	const up = new Map(changes.filter((c) => c.kind === 'new' || c.kind === 'intensifying').map((c) => [c.cell, c]));
	// What the bursts (events and campaigns) brought to each flagged cell beyond their own baseline there.
	const bySource = new Map<string, { before: number; now: number }>();
	for (let i = start; i < end; i++) {
		const cell = r.cells[i];
		if (!up.has(cell) || r.sources[i] < 0) continue;
		const key = `${cell}:${r.sources[i]}`;
		let s = bySource.get(key);
		if (!s) bySource.set(key, (s = { before: 0, now: 0 }));
		if (i < split) s.before++;
		else s.now++;
	}
	const burstExcess = new Map<number, number>();
	for (const [key, s] of bySource) {
		const cell = Number(key.slice(0, key.indexOf(':')));
		burstExcess.set(cell, (burstExcess.get(cell) ?? 0) + Math.max(0, s.now - s.before / o.baselines));
	}
	let explained = 0;
	for (const [cell, c] of up) if ((burstExcess.get(cell) ?? 0) >= 0.5 * (c.recent - c.expected)) explained++;
	return { recentFrom, changes, explained, flaggedUp: up.size, ms };
}

/** Window starts: one window apart, from the first with a whole baseline before it. */
function windowStarts(o: ChangesOptions): number[] {
	const out: number[] = [];
	for (let from = o.baselines * o.window; from + o.window <= DAY_COUNT; from += o.window) out.push(from);
	return out;
}

function evaluate(o: ChangesOptions, r: Records): WindowResult[] {
	const starts = windowStarts(o);
	return starts.map((from, i) => {
		if (i % 20 === 0) o.onProgress?.(`Testing windows: ${i} / ${starts.length}`);
		return evaluateWindow(o, r, from);
	});
}

function recall(o: ChangesOptions, r: Records, results: WindowResult[]) {
	const starts = results.map((w) => w.recentFrom);
	/** Each detectable event, with the window (calendar days) it was tested in and its town's cell. */
	const detectable: {
		name: string;
		found: boolean;
		records: number;
		baselineMean: number;
		windowFrom: number;
		cell: number;
		lon: number;
		lat: number;
		dataset: Dataset;
	}[] = [];
	for (const e of r.events) {
		const i = starts.findIndex((from) => e.firstDay >= from && e.firstDay < from + o.window);
		if (i < 0) continue;
		const from = starts[i];
		let own = 0;
		let baseline = 0;
		for (let j = lowerBound(r.days, from - o.baselines * o.window); j < r.days.length && r.days[j] < from + o.window; j++) {
			if (r.cells[j] !== e.cell) continue;
			if (r.days[j] < from) baseline++;
			else if (r.sources[j] === e.id) own++;
		}
		const baselineMean = baseline / o.baselines;
		if (own < 10 || own < 3 * baselineMean) continue;
		const flag = results[i].changes.find((c) => c.cell === e.cell);
		detectable.push({
			name: e.name,
			found: flag?.kind === 'new' || flag?.kind === 'intensifying',
			records: own,
			baselineMean,
			windowFrom: from,
			cell: e.cell,
			lon: e.lon,
			lat: e.lat,
			dataset: e.dataset
		});
	}
	return detectable;
}

export function evaluateChanges(o: ChangesOptions) {
	const started = performance.now();
	const withBursts = compose(o, true);
	const results = evaluate(o, withBursts);
	const events = recall(o, withBursts, results);
	const flaggedUp = results.reduce((s, w) => s + w.flaggedUp, 0);
	const explained = results.reduce((s, w) => s + w.explained, 0);
	const nullResults = evaluate(o, compose(o, false));
	const falseAlarmWindows = nullResults.filter((w) => w.changes.some((c) => c.kind !== 'persistent')).length;
	const ms = results.map((w) => w.ms);
	const found = events.filter((e) => e.found).length;
	return {
		settings: { sizePerComponent: o.size, seed: o.seed, gridLevel: o.level, windowDays: o.window, baselineWindows: o.baselines, windows: results.length },
		recall: { detectableEvents: events.length, found, value: events.length ? found / events.length : null, events },
		precision: { flaggedNewOrIntensifying: flaggedUp, explainedByABurst: explained, value: flaggedUp ? explained / flaggedUp : null },
		diminishingFlags: results.reduce((s, w) => s + w.changes.filter((c) => c.kind === 'diminishing').length, 0),
		persistentFlags: results.reduce((s, w) => s + w.changes.filter((c) => c.kind === 'persistent').length, 0),
		falseAlarms: { windows: nullResults.length, windowsFlaggingAnyChange: falseAlarmWindows, share: falseAlarmWindows / nullResults.length },
		msPerWindow: { median: median(ms), max: Math.max(...ms) },
		seconds: Math.round((performance.now() - started) / 1000)
	};
}

export type ChangesReport = ReturnType<typeof evaluateChanges>;
