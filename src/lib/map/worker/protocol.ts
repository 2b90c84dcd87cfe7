// Messages between the map (main thread) and the points worker. Every request carries a sequence
// number; the main thread drops replies to requests that a newer one has superseded.
import type { ControlMessage, PartId } from '../../types/stream';
import type { RecordColumns } from '../../stream/decode';
import type { MapFilter } from '../filter';
import type { DensityFrame } from './density';
import type { HexBins, ViewStyle } from './aggregate';
import type { Theme } from '../../theme/theme';
import type { TableSort } from './table-order';
import type { ChangesRequest, ChangesResult } from '../changes/compute';

export type ToWorker =
	/** `copy`: the name of the page's copy of the stream (stream-copy.ts), null: keep none. */
	| { type: 'load'; url: string; copy: string | null }
	| { type: 'cancel' }
	/** The page has drawn the first records (stream-intake.ts, showFirstView): read on. */
	| { type: 'first-drawn' }
	/** Rebuild the cluster index for a filter; answered with 'indexed'. */
	| { type: 'filter'; seq: number; filter: MapFilter }
	/** Clusters in a viewport; answered with 'clusters'. */
	| { type: 'clusters'; seq: number; bbox: [number, number, number, number]; zoom: number }
	/** The density image of a frame; answered with 'density'. Carries its own filter and dates, so
	 * that it can be answered before the slower cluster rebuild that a filter change also asks for. */
	| {
			type: 'density';
			seq: number;
			frame: DensityFrame;
			filter: MapFilter;
			dayRange: [number, number];
			softRange: [number, number] | null;
			style: ViewStyle;
			hexRadius?: number;
			theme?: Theme;
	  }
	| { type: 'expand'; seq: number; clusterId: number }
	| { type: 'leaves'; seq: number; clusterId: number; limit: number }
	/** The records table: every record passing the filter and dates (and inside `view` if given), in order; answered with 'rows'. */
	| { type: 'rows'; seq: number; filter: MapFilter; dayRange: [number, number]; sort: TableSort; view: [number, number, number, number] | null }
	/** What changed (changes/compute.ts) among the records passing the filter but its dates; answered with 'changes'. */
	| { type: 'changes'; seq: number; filter: MapFilter; request: ChangesRequest }
	/** Organisations' tracks (src/lib/tracks) over the records passing the filter, dates included; answered with 'tracks'. */
	| { type: 'tracks'; seq: number; filter: MapFilter; entities: string[] };

/** A record as (part, index into that part's columns). */
export interface RecordRef {
	part: PartId;
	index: number;
}

export interface DayHistogram {
	startDay: number;
	counts: Uint32Array;
}

export interface FacetCounts {
	/** Records passing every filter but the facet's own, by name. */
	countries: [string, number][];
	entities: [string, number][];
}

/**
 * How current the records the map shows are, once the stream has ended: the server checked them
 * with the service at `checkedAt`; `copy`: the page's own copy (of `copy.checkedAt`) was drawn and
 * `added` records came on top of it; without one, `added` is every record.
 */
export interface Freshness {
	checkedAt: number;
	copy: { checkedAt: number; records: number } | null;
	added: number;
}

export type FromWorker =
	| { type: 'control'; message: ControlMessage }
	| { type: 'freshness'; freshness: Freshness }
	| { type: 'batch'; part: PartId; batch: RecordColumns }
	| { type: 'stream-failed'; message: string }
	| {
			type: 'indexed';
			seq: number;
			/** Records passing the whole filter. */
			visible: number;
			total: number;
			facets: FacetCounts;
			/** Day range of all records received (for the date inputs' bounds). */
			dayMin: number | null;
			dayMax: number | null;
			/** Records per day from startDay, passing every filter but the date range. */
			histogram: DayHistogram;
			ms: number;
			/** What testing every record against the filter's drawn areas cost the worker (0: no areas). */
			areaMs: number;
	  }
	| {
			type: 'clusters';
			seq: number;
			zoom: number;
			/** Per cluster: position, records in it, ICD share, and either a cluster id or a single record. */
			lon: Float32Array;
			lat: Float32Array;
			count: Uint32Array;
			icdShare: Float32Array;
			clusterId: Int32Array;
			records: (RecordRef | null)[];
	  }
	/**
	 * `loaded`: every record the worker holds (the "of N records" count);
	 * `first`: the first view of a stream, to be answered with 'first-drawn' once on screen;
	 * `pushed`: sent unasked (see stream-intake.ts, showFirstView).
	 */
	| {
			type: 'density';
			seq: number;
			frame: DensityFrame;
			rgba: Uint8ClampedArray;
			records: number;
			passing: number;
			cells: number;
			hexes: HexBins | null;
			peak: number | null;
			loaded: number;
			ms: number;
			first: boolean;
			pushed: boolean;
	  }
	| { type: 'expanded'; seq: number; zoom: number }
	/** Refs (table-order.ts: part number and index) of the table's records, in its order: the first
	 * rows (`complete` false), then the whole list under the same seq. */
	| { type: 'rows'; seq: number; order: Uint32Array; complete: boolean; ms: number }
	| { type: 'leaves'; seq: number; records: RecordRef[]; total: number }
	/** `entities` in the places are names (the worker's dictionary), `ms` the worker's time. */
	| { type: 'changes'; seq: number; result: NamedChanges; ms: number }
	| { type: 'tracks'; seq: number; tracks: EntityTracks[]; ms: number };

/** An organisation's tracks, most records first: each point [lon, lat, week (tracks.ts weekOf), records]. */
export interface EntityTracks {
	entity: string;
	tracks: { records: number; points: [number, number, number, number][] }[];
}

/** A result of changes/compute.ts with its organisations named. */
export type NamedChanges = Omit<ChangesResult, 'places'> & { places: NamedPlace[] };
/** A changed place with its organisations, countries and admin-1 areas named. */
export type NamedPlace = Omit<ChangesResult['places'][number], 'entities' | 'countries' | 'areas'> & {
	entities: [string, number][];
	countries: [string, number][];
	areas: [string, number][];
};
