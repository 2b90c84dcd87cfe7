// The records a panel points at, ringed on the map: search results and a question's sources
// (numbered as cited). Each panel's rings are its own (rings.ts): only the open panel's are drawn,
// in the map and in the briefing image, whose legend then says what they are.
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Component, Dataset } from '../../types/dataset';
import type { PartId } from '../../types/stream';
import { locate, type Located } from '../assist/locate';
import type { RecordFeed } from '../feed.svelte';
import { keyOfFound } from '../load/records';
import { mergeRingLabels, type Ring, type RingOwner } from './rings';

/** A record a panel points at: named by primary_id when it has one (as the map names it), else uuid. */
export interface FoundRef {
	dataset: Dataset;
	component: Component;
	uuid: string;
	primary_id?: number;
}

export interface HighlightHooks {
	/** The panel open now (its rings are the ones drawn), if any. */
	owner(): RingOwner | null;
	map(): MaplibreMap | undefined;
	redraw(): void;
}

export class Highlights {
	private byOwner: Record<RingOwner, Ring[]> = { search: [], ask: [] };

	constructor(
		private readonly feed: RecordFeed,
		private readonly hooks: HighlightHooks
	) {}

	/** The open panel's rings, numbered labels that would overlap merged ("2, 5"). */
	shown(project: (lon: number, lat: number) => [number, number]): Ring[] {
		const owner = this.hooks.owner();
		return mergeRingLabels(owner ? this.byOwner[owner] : [], project);
	}

	/** The briefing legend's entry for the rings drawn, if any. */
	legend(): string | undefined {
		const owner = this.hooks.owner();
		if (!owner || this.byOwner[owner].length === 0) return undefined;
		return owner === 'ask' ? "a question's sources, numbered as cited" : 'search results';
	}

	/** Where the records are on this map (by primary_id: results and sources carry it beside the uuid). */
	place(refs: FoundRef[]): (Located | null)[] {
		const keys = refs.map(keyOfFound);
		const found = locate(
			this.feed.parts.values(),
			keys.map((k) => ({ part: `${k.dataset}/${k.component}` as PartId, ref: k.ref }))
		);
		return keys.map((k) => found.get(`${k.dataset}/${k.component}/${k.ref}`) ?? null);
	}

	/** Rings the records on the map (labelled, for sources) and fits the map to them; answers how many are on it. */
	highlight(owner: RingOwner, refs: (FoundRef & { label?: string })[]): number {
		const spots = this.place(refs);
		const rings = spots.flatMap((s, i) => (s ? [{ lon: s.lon, lat: s.lat, label: refs[i].label }] : []));
		this.byOwner = { ...this.byOwner, [owner]: rings };
		this.hooks.redraw();
		const map = this.hooks.map();
		if (!map || rings.length === 0) return rings.length;
		const lons = rings.map((h) => h.lon);
		const lats = rings.map((h) => h.lat);
		map.fitBounds(
			[
				[Math.min(...lons), Math.min(...lats)],
				[Math.max(...lons), Math.max(...lats)]
			],
			{ padding: 80, maxZoom: 8, duration: 700 }
		);
		return rings.length;
	}
}
