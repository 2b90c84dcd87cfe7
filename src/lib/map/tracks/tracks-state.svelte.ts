// Organisations' tracks as page state: shown or not (in the URL), for the organisations the
// entity filter selects (the first MAX_TRACKED), asked of the points worker again when the
// filters or the records change (one request at a time), and what the map draws of them: the
// weekly points, and the segments between them with the week they arrive.
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import type { EntityTracks } from '../worker/protocol';
import { OneAtATime } from '../worker/one-at-a-time';
import type { TrackDot, TrackSegment } from '../layers/layer-inputs';

/** Organisations drawn at once: each has a colour of its own (palette.ts tracks). */
export const MAX_TRACKED = 6;

export interface TracksHooks {
	redraw(): void;
	syncUrl(): void;
}

export class TracksState {
	on = $state(false);
	result = $state.raw<EntityTracks[] | null>(null);
	busy = $state(false);
	/** The worker's time for the last result (the handle reads it). */
	ms: number | null = null;
	private readonly requests = new OneAtATime(
		() => this.request(),
		() => this.hooks.redraw()
	);

	/** The organisations tracked: those the entity filter selects, the first MAX_TRACKED. */
	get entities(): string[] {
		return this.filters.filter.entities.slice(0, MAX_TRACKED);
	}

	readonly dots: TrackDot[] = $derived.by(() =>
		(this.on ? (this.result ?? []) : []).flatMap((e, colour) =>
			e.tracks.flatMap((t) => t.points.map(([lon, lat, week, records]) => ({ entity: e.entity, colour, lon, lat, week, records })))
		)
	);

	readonly segments: TrackSegment[] = $derived.by(() =>
		(this.on ? (this.result ?? []) : []).flatMap((e, colour) =>
			e.tracks.flatMap((t) =>
				t.points.slice(1).map((p, i) => {
					const before = t.points[i];
					return {
						entity: e.entity,
						colour,
						from: [before[0], before[1]] as [number, number],
						to: [p[0], p[1]] as [number, number],
						week: p[2],
						records: p[3]
					};
				})
			)
		)
	);

	constructor(
		initial: boolean,
		private readonly feed: RecordFeed,
		private readonly filters: FilterState,
		private readonly hooks: TracksHooks
	) {
		this.on = initial;
	}

	setOn(on: boolean): void {
		if (on === this.on) return;
		this.on = on;
		if (on) this.refresh();
		this.hooks.redraw();
		this.hooks.syncUrl();
	}

	/** Asks the worker again (filters or records changed); nothing while off. */
	refresh(): void {
		this.requests.ask();
	}

	private request(): Promise<unknown> | null {
		const worker = this.feed.worker;
		if (!this.on || !worker) return null;
		const entities = this.entities;
		if (entities.length === 0) {
			this.result = [];
			this.hooks.redraw();
			return null;
		}
		this.busy = true;
		return worker
			.tracks(this.filters.filter, entities)
			.then((reply) => {
				this.result = reply.tracks;
				this.ms = reply.ms;
			})
			.catch(() => (this.result = []))
			.finally(() => (this.busy = false));
	}
}
