// The view in the URL, so a view can be shared and reopened exactly:
//   ?at=lon,lat,zoom&from=YYYY-MM-DD&to=YYYY-MM-DD&country=A|B&entity=X|Y&ds=icd,icdb&cm=video,image&rec=icd/video/<primary_id>
//    (rec may also name the record by uuid: links shared before the lean record stream still open)
//    &areas=r:w,s,e,n:Name|p:lon,lat,…:Name (drawn areas, geo/areas.ts)
//    &pm=window|cumulative&pw=<window days>&ps=<data days per second>&pl=1&pk=1 (playback: mode, width, speed, loop, keep the window on pause)
//    &view=hexbin|heatmap (views.ts; clusters when absent)
//    &theme=light|dark (absent: follow the system; theme/theme.ts)
//    &chg=7|14|28 ("What changed" open, its recent window in days; changes/windows.ts)
//    &trk=1 (the tracks of the organisations the entity filter selects; tracks/tracks-state.svelte.ts)
//    &ann=l:lon,lat:text|a:…|c:…|p:… (annotations: labels, arrows, circles, shapes; annotations/annotations.ts)
// Anything unreadable falls back to the default for that part alone.
import { isIdRef } from '../../stream/decode';
import { COMPONENTS, DATASETS, type Component, type Dataset } from '../../types/dataset';
import { EMPTY_FILTER, type MapFilter } from '../filter';
import { formatAreas, parseAreas } from '../../geo/areas';
import { dayToIso, isoToDay } from '../timeline/days';
import { DEFAULT_PLAYBACK, type PlaybackSettings } from '../timeline/playback';
import { parseMapView, type MapView } from '../layers/views';
import { parseThemeSetting, THEME_PARAM, type ThemeSetting } from '../../theme/theme';
import { RECENT_DAYS, type RecentDays } from '../changes/windows';
import { formatAnnotations, parseAnnotations, type Annotation } from '../annotations/annotations';

export interface Viewport {
	lon: number;
	lat: number;
	zoom: number;
}

export interface SelectedRecord {
	dataset: Dataset;
	component: Component;
	/** The record's primary_id in decimal, or its uuid (RecordKey.ref). */
	ref: string;
}

export interface ViewState {
	viewport: Viewport;
	filter: MapFilter;
	record: SelectedRecord | null;
	playback: PlaybackSettings;
	/** Clusters when absent. */
	view?: MapView;
	theme: ThemeSetting;
	/** "What changed": open with its recent window's days, or closed (null; absent from older callers). */
	changes?: RecentDays | null;
	/** Organisations' tracks shown (absent from older callers: not). */
	tracks?: boolean;
	/** The analyst's annotations (absent from older callers: none). */
	annotations?: Annotation[];
}

export const DEFAULT_VIEWPORT: Viewport = { lon: 25, lat: 15, zoom: 1.6 };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function list<T extends string>(value: string | null, allowed: readonly T[]): T[] | null {
	if (value === null) return null;
	const items = value.split(',').filter(Boolean);
	// One unknown entry means the list was not written by us: use the default rather than guess.
	if (items.some((v) => !(allowed as readonly string[]).includes(v))) return null;
	return items as T[];
}

export function readViewState(params: URLSearchParams): ViewState {
	const viewport = { ...DEFAULT_VIEWPORT };
	const at = params.get('at')?.split(',').map(Number);
	if (at && at.length === 3 && at.every(Number.isFinite) && Math.abs(at[1]) <= 85 && at[2] >= 0 && at[2] <= 20) {
		viewport.lon = ((((at[0] + 180) % 360) + 360) % 360) - 180;
		viewport.lat = at[1];
		viewport.zoom = at[2];
	}
	const from = params.get('from');
	const to = params.get('to');
	const names = (key: string) =>
		(params.get(key) ?? '')
			.split('|')
			.map((s) => s.trim())
			.filter(Boolean);
	const filter: MapFilter = {
		dayFrom: from && ISO.test(from) && !Number.isNaN(isoToDay(from)) ? isoToDay(from) : null,
		dayTo: to && ISO.test(to) && !Number.isNaN(isoToDay(to)) ? isoToDay(to) : null,
		countries: names('country'),
		entities: names('entity'),
		datasets: list(params.get('ds'), DATASETS) ?? [...EMPTY_FILTER.datasets],
		components: list(params.get('cm'), COMPONENTS) ?? [...EMPTY_FILTER.components],
		pinned: null,
		areas: (() => {
			const parsed = parseAreas(params.get('areas') ?? '');
			return parsed.ok ? parsed.areas : [];
		})()
	};
	let record: SelectedRecord | null = null;
	const rec = params.get('rec')?.split('/');
	if (
		rec &&
		rec.length === 3 &&
		(DATASETS as readonly string[]).includes(rec[0]) &&
		(COMPONENTS as readonly string[]).includes(rec[1]) &&
		(UUID.test(rec[2]) || isIdRef(rec[2]))
	) {
		record = { dataset: rec[0] as Dataset, component: rec[1] as Component, ref: rec[2].toLowerCase() };
	}
	return {
		viewport,
		filter,
		record,
		playback: readPlayback(params),
		view: parseMapView(params.get('view')),
		theme: parseThemeSetting(params.get(THEME_PARAM)),
		changes: (RECENT_DAYS as readonly number[]).includes(Number(params.get('chg'))) ? (Number(params.get('chg')) as RecentDays) : null,
		tracks: params.get('trk') === '1',
		annotations: parseAnnotations(params.get('ann') ?? '').annotations
	};
}

function readPlayback(params: URLSearchParams): PlaybackSettings {
	const positive = (key: string, max: number) => {
		const v = Number(params.get(key));
		return params.has(key) && Number.isFinite(v) && v > 0 && v <= max ? v : null;
	};
	const mode = params.get('pm');
	return {
		mode: mode === 'window' || mode === 'cumulative' ? mode : DEFAULT_PLAYBACK.mode,
		widthDays: positive('pw', 3660) ?? DEFAULT_PLAYBACK.widthDays,
		speed: positive('ps', 3660) ?? DEFAULT_PLAYBACK.speed,
		loop: params.get('pl') === '1',
		keep: params.get('pk') === '1'
	};
}

export function writeViewState(state: ViewState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
	const p = new URLSearchParams(base);
	for (const k of ['at', 'from', 'to', 'country', 'entity', 'ds', 'cm', 'rec', 'areas', 'pm', 'pw', 'ps', 'pl', 'pk', 'view', THEME_PARAM, 'chg', 'trk', 'ann'])
		p.delete(k);
	const v = state.viewport;
	p.set('at', `${v.lon.toFixed(4)},${v.lat.toFixed(4)},${v.zoom.toFixed(2)}`);
	if (state.filter.dayFrom !== null) p.set('from', dayToIso(state.filter.dayFrom));
	if (state.filter.dayTo !== null) p.set('to', dayToIso(state.filter.dayTo));
	if (state.filter.countries.length) p.set('country', state.filter.countries.join('|'));
	if (state.filter.entities.length) p.set('entity', state.filter.entities.join('|'));
	if (state.filter.datasets.length !== DATASETS.length) p.set('ds', state.filter.datasets.join(','));
	if (state.filter.components.length !== COMPONENTS.length) p.set('cm', state.filter.components.join(','));
	if (state.filter.areas.length) p.set('areas', formatAreas(state.filter.areas));
	if (state.record) p.set('rec', `${state.record.dataset}/${state.record.component}/${state.record.ref}`);
	const pb = state.playback;
	if (pb.mode !== DEFAULT_PLAYBACK.mode) p.set('pm', pb.mode);
	if (pb.widthDays !== DEFAULT_PLAYBACK.widthDays) p.set('pw', String(pb.widthDays));
	if (pb.speed !== DEFAULT_PLAYBACK.speed) p.set('ps', String(pb.speed));
	if (pb.loop) p.set('pl', '1');
	if (pb.keep) p.set('pk', '1');
	if (state.view && state.view !== 'clusters') p.set('view', state.view);
	if (state.theme !== 'system') p.set(THEME_PARAM, state.theme);
	if (state.changes) p.set('chg', String(state.changes));
	if (state.tracks) p.set('trk', '1');
	if (state.annotations?.length) p.set('ann', formatAnnotations(state.annotations));
	return p;
}
