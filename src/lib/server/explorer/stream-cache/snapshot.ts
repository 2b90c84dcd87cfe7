// What the stream cache keeps of one visibility scope's record stream, and how it is told apart
// from what the service says now. A snapshot is a lineage of versions: the first came from a whole
// walk of the geo manifests; each later one added the records that had appeared at the newest end
// of a manifest (a segment per part), found by a refresh. The batch frames themselves live in the
// lineage's frames file (store.ts); this is the account of them, kept as JSON beside it.
import type { DictionaryField, PartId } from '../../../types/stream';
import type { GeoItem } from '../adapters/geo-manifest';
import type { DictionaryValues } from '../encode';
import type { RecordNaming } from '../record-naming';

/**
 * Items at the newest end of a manifest that a snapshot keeps, to recognise that end again: a load
 * asks the service for this many (its own key), and a refresh must find the cached ones right
 * below the new records, field for field.
 */
export const WINDOW = 16;

/** A run of batch frames in the lineage's frames file: one refresh's records of one part (or a whole walk's), newest first. */
export interface Segment {
	offset: number;
	length: number;
	records: number;
}

export interface OkPart {
	state: 'ok';
	/** How the stream names this part's records (record-naming.ts): part of what a load must agree with. */
	naming: RecordNaming;
	/** The service's itemsTotal for the whole manifest when last checked. */
	total: number;
	/** The newest WINDOW items as the service sent them (titles left out). */
	window: GeoItem[];
	/** Mappable records held. */
	records: number;
	/** Oldest segment first (the walk's), each later one a refresh's newer records. */
	segments: Segment[];
}

/** A part the key may not see (403): the stream says so as a fresh walk would, and a load must be refused it too. */
export interface RefusedPart {
	state: 'refused';
	status: number;
	code?: string;
	message: string;
}

export type PartState = OkPart | RefusedPart;

/** One version of the stream: what a reader that holds it has, so that only what came later is sent (a delta). */
export interface Version {
	id: string;
	at: number;
	/** Per ok part: its segments and records at this version. */
	segments: Partial<Record<PartId, number>>;
	records: Partial<Record<PartId, number>>;
	/** Values of each dictionary at this version (codes below are the reader's already). */
	dictionary: Record<DictionaryField, number>;
}

export interface Snapshot {
	format: typeof SNAPSHOT_FORMAT;
	/** Names the frames file: a new lineage (a whole walk) starts a new file. */
	lineage: string;
	source: 'embedded' | 'remote';
	parts: PartId[];
	states: Partial<Record<PartId, PartState>>;
	dictionaries: DictionaryValues;
	/** Oldest first; the last is the current one. */
	versions: Version[];
	/** When the lineage's whole walk was made (a snapshot is walked again after STREAM_CACHE_MAX_AGE_SECONDS). */
	walkedAt: number;
	/** Bytes of the frames file the segments use (the file may hold more after a crash: ignored). */
	framesBytes: number;
}

export const SNAPSHOT_FORMAT = 1;
/** Versions a lineage remembers: a reader holding an older one gets the whole stream. */
export const MAX_VERSIONS = 64;

export function currentVersion(snapshot: Snapshot): Version {
	return snapshot.versions[snapshot.versions.length - 1];
}

export function okParts(snapshot: Snapshot): [PartId, OkPart][] {
	return snapshot.parts.flatMap((part) => {
		const state = snapshot.states[part];
		return state?.state === 'ok' ? [[part, state] as [PartId, OkPart]] : [];
	});
}

/** The same item as far as the map and the cache are concerned: every field the stream carries (titles are not). */
export function sameItem(a: GeoItem, b: GeoItem): boolean {
	return (
		a.uuid === b.uuid &&
		a.primaryId === b.primaryId &&
		a.date === b.date &&
		a.lat === b.lat &&
		a.lon === b.lon &&
		a.country === b.country &&
		a.entity === b.entity &&
		a.area === b.area
	);
}

/** An item as the cache keeps it: without its title (the stream does not carry it). */
export function windowItem({ title: _title, ...item }: GeoItem): GeoItem {
	return item;
}

/** A version's counts, from the parts' states now (the version just committed). */
export function versionOf(id: string, at: number, states: Snapshot['states'], dictionaries: DictionaryValues): Version {
	const segments: Version['segments'] = {};
	const records: Version['records'] = {};
	for (const [part, state] of Object.entries(states) as [PartId, PartState][]) {
		if (state.state !== 'ok') continue;
		segments[part] = state.segments.length;
		records[part] = state.records;
	}
	return {
		id,
		at,
		segments,
		records,
		dictionary: { country: dictionaries.country.length, entity: dictionaries.entity.length, area: dictionaries.area.length }
	};
}
