// "What changed" as page state: whether its panel is open and the recent window's length (both in
// the URL), the points worker asked again whenever the records, filters, window or grid level
// change while it is open (one request at a time; a change meanwhile asks once more after it),
// the cells the map outlines, and the places the panel lists, named.
import type { MapFilter } from '../filter';
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import type { ChangeCell } from '../layers/layer-inputs';
import { loadPlaceLabels } from '../places/labels';
import type { PlaybackState } from '../timeline/playback-state.svelte';
import { windowDays } from '../timeline/playback';
import type { NamedChanges, NamedPlace } from '../worker/protocol';
import { levelForZoom } from '../../changes/grid';
import { OneAtATime } from '../worker/one-at-a-time';
import { cellRadiusKm, placeTitle, TownIndex } from './place-name';
import { changeWindows, type RecentDays, type WindowChoice } from './windows';

/** A place is named after a town at most this far from its cell's centre. */
const NEAR_KM = 60;
/** At most this many places described by the worker (every cell is still tested). */
const PLACES_LISTED = 100;

export interface ChangesHooks {
	zoom(): number | null;
	redraw(): void;
	syncUrl(): void;
	/** Zooms the map to a place and filters to its cell and the recent window. */
	focusPlace(place: ListedPlace, filter: MapFilter): void;
}

export interface ListedPlace extends NamedPlace {
	title: string;
}

export class ChangesState {
	open = $state(false);
	days = $state<RecentDays>(7);
	result = $state.raw<NamedChanges | null>(null);
	choice = $state.raw<WindowChoice | null>(null);
	/** Why nothing could be computed (too little history, a worker error). */
	problem = $state<string | null>(null);
	busy = $state(false);
	/** The last result's cost (the bench reads it through the handle): the worker's time, the page's main-thread time taking it in (naming its places), and request to reply. */
	ms = $state<number | null>(null);
	pageMs: number | null = null;
	roundTripMs: number | null = null;
	/** The place the panel points at (hovered or focused): drawn thicker. */
	focus = $state<number | null>(null);
	private towns = $state.raw<TownIndex | null>(null);
	private readonly requests = new OneAtATime(
		() => this.request(),
		() => this.hooks.redraw()
	);

	readonly places: ListedPlace[] = $derived.by(() => {
		const { result, towns } = this;
		if (!result) return [];
		return result.places.map((p) => {
			// Near a town only within 60 km: a zoomed-out cell is hundreds of km across, "near" its
			// nearest town would mislead, and scanning that wide a band cost 20 ms for 100 places.
			const town = towns ? towns.nearest(p.centre[0], p.centre[1], Math.min(NEAR_KM, 1.5 * cellRadiusKm(result.level, p.centre[1]))) : null;
			return { ...p, title: placeTitle(town, p.areas[0]?.[0], p.countries[0]?.[0]) };
		});
	});

	/** What the map outlines: the flagged cells while the panel is open. */
	readonly cells: ChangeCell[] = $derived.by(() => {
		const { open, result } = this;
		return open && result ? result.places.map((p) => ({ cell: p.cell, kind: p.kind, level: result.level, centre: p.centre })) : [];
	});

	constructor(
		initial: RecentDays | null,
		private readonly feed: RecordFeed,
		private readonly filters: FilterState,
		private readonly playback: PlaybackState,
		private readonly hooks: ChangesHooks
	) {
		if (initial) {
			this.open = true;
			this.days = initial;
			this.loadLabels();
		}
	}

	/** The panel points at a place (hover, keyboard focus) or at none: the map draws it thicker. */
	pointAt(cell: number | null): void {
		if (cell === this.focus) return;
		this.focus = cell;
		this.hooks.redraw();
	}

	toggle(): void {
		this.setOpen(!this.open);
	}

	setOpen(open: boolean): void {
		if (open === this.open) return;
		this.open = open;
		this.focus = null;
		if (open) {
			this.loadLabels();
			this.refresh();
		}
		this.hooks.redraw();
		this.hooks.syncUrl();
	}

	setDays(days: RecentDays): void {
		this.days = days;
		this.refresh();
		this.hooks.syncUrl();
	}

	/** The map moved: a new grid level asks again (a pan keeps the cells, which are fixed to the world). */
	zoomed(): void {
		const zoom = this.hooks.zoom();
		if (this.open && zoom !== null && this.result && levelForZoom(zoom) !== this.result.level) this.refresh();
	}

	/** Asks the worker again (records, filters or window changed); nothing while closed or playing. */
	refresh(): void {
		this.requests.ask();
	}

	private request(): Promise<unknown> | null {
		const worker = this.feed.worker;
		const zoom = this.hooks.zoom();
		if (!this.open || this.playback.playing || !worker || zoom === null) return null;
		const { filter } = this.filters;
		const held = this.playback.held && this.playback.window ? windowDays(this.playback.window) : null;
		const choice = (this.choice = changeWindows({
			dayMin: this.feed.dayBounds.min,
			dayMax: this.feed.dayBounds.max,
			dayFrom: filter.dayFrom,
			dayTo: filter.dayTo,
			held,
			days: this.days
		}));
		if ('problem' in choice) {
			this.problem = choice.problem;
			this.result = null;
			this.hooks.redraw();
			return null;
		}
		this.busy = true;
		const asked = performance.now();
		return worker
			.changes(filter, { windows: choice.windows, level: levelForZoom(zoom), limit: PLACES_LISTED })
			.then((reply) => {
				const arrived = performance.now();
				this.result = reply.result;
				this.ms = reply.ms;
				this.problem = null;
				// The places named now rather than at the panel's next render, so that their cost is measured here.
				void this.places;
				this.pageMs = performance.now() - arrived;
				this.roundTripMs = arrived - asked;
			})
			.catch((e: Error) => (this.problem = `What changed could not be worked out: ${e.message}`))
			.finally(() => (this.busy = false));
	}

	/** A click in the list: the map goes there, filtered to the place's cell and the recent window. */
	goTo(place: ListedPlace): void {
		const choice = this.choice;
		if (!choice || 'problem' in choice) return;
		const filter: MapFilter = {
			...this.filters.filter,
			dayFrom: choice.windows.recentFrom,
			dayTo: choice.windows.recentTo,
			areas: [{ kind: 'polygon', ring: place.outline, name: place.title.replace(/^Near /, '') }]
		};
		this.focus = place.cell;
		this.hooks.focusPlace(place, filter);
	}

	private loadLabels(): void {
		if (this.towns) return;
		loadPlaceLabels()
			.then((labels) => (this.towns = new TownIndex(labels)))
			// Without the gazetteer a place is named by its records' area and country alone.
			.catch(() => undefined);
	}
}
