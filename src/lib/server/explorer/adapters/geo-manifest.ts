// The geo manifest page. The spec leaves its parameters and body open; this follows the embedded
// service's contract (docs/api.md): ?cursor=&limit= and { items, itemsTotal, next_cursor }.
// This is the hot path (up to a million items per walk), so items are checked by hand, not zod.
import { ShapeError } from './shape';
import type { GeoColumns, GeoItem } from '../../../types/geo';

export const GEO_CURSOR_PARAM = 'cursor';
export const GEO_LIMIT_PARAM = 'limit';
export const GEO_MAX_LIMIT = 5000;

export type { GeoItem };

export interface GeoPage {
	/** Items that carry a uuid; coordinates are NaN when absent (the walker skips unmappable ones). */
	items: GeoItem[];
	nextCursor: string | null;
	/** Items of the whole traversal, when the service says. */
	total?: number;
	/** Items the adapter had to drop (no uuid). */
	dropped: number;
}

/** The manifest's own filters (one country, one entity, a date range), as the spec names them. */
export interface GeoFilters {
	country?: string;
	entity?: string;
	date_from?: string;
	date_to?: string;
}

export function geoQuery(cursor: string | undefined, limit: number, filters: GeoFilters = {}): Record<string, string> {
	const query: Record<string, string> = { [GEO_LIMIT_PARAM]: String(limit) };
	for (const [k, v] of Object.entries(filters)) if (v !== undefined) query[k] = v;
	if (cursor !== undefined) query[GEO_CURSOR_PARAM] = cursor;
	return query;
}

/** A page as JSON has it (`items`), or in columns as the embedded service hands it over in process (types/geo.ts). */
export function decodeGeoPage(body: unknown): GeoPage {
	if (!isObject(body)) throw new ShapeError('body: expected an object');
	const next = body.next_cursor ?? body.nextCursor ?? null;
	if (next !== null && typeof next !== 'string') throw new ShapeError('next_cursor: expected a string or null');
	const { items, dropped } = isObject(body.columns) ? itemsOfColumns(body.columns) : itemsOfArray(body.items);
	const total = body.itemsTotal;
	return { items, nextCursor: next === '' ? null : next, total: typeof total === 'number' && Number.isFinite(total) ? total : undefined, dropped };
}

function itemsOfArray(raw: unknown): { items: GeoItem[]; dropped: number } {
	if (!Array.isArray(raw)) throw new ShapeError('items: expected an array');
	const items: GeoItem[] = [];
	let dropped = 0;
	for (const entry of raw) {
		const item = isObject(entry) ? decodeItem(entry) : undefined;
		if (item) items.push(item);
		else dropped++;
	}
	return { items, dropped };
}

/** The same items from columns, each read by itemOf as a JSON entry is. */
function itemsOfColumns(raw: Record<string, unknown>): { items: GeoItem[]; dropped: number } {
	const c = raw as unknown as GeoColumns;
	const n = Array.isArray(c.uuid) ? c.uuid.length : -1;
	const numbers = [c.primaryId, c.lat, c.long];
	const strings = [c.date, c.entity, c.country, c.area, c.title];
	if (n < 0 || numbers.some((a) => !(a instanceof Float64Array) || a.length !== n) || strings.some((a) => !Array.isArray(a) || a.length !== n)) {
		throw new ShapeError('columns: expected uuid, primaryId, date, entity, country, area, title, lat and long, all of one length');
	}
	const items: GeoItem[] = [];
	let dropped = 0;
	for (let i = 0; i < n; i++) {
		const uuid = c.uuid[i];
		if (typeof uuid !== 'string') {
			dropped++;
			continue;
		}
		items.push(itemOf(uuid, c.lat[i], c.long[i], c.date[i], c.country[i], c.entity[i], c.primaryId[i], c.area[i], c.title[i]));
	}
	return { items, dropped };
}

function decodeItem(entry: Record<string, unknown>): GeoItem | undefined {
	if (typeof entry.uuid !== 'string') return undefined;
	return itemOf(
		entry.uuid,
		coordinate(entry.dominant_lat),
		coordinate(entry.dominant_long),
		entry.primary_date,
		entry.primary_country,
		entry.entity,
		entry.primary_id,
		entry.second_geo_layer,
		entry.title
	);
}

/** One item, each optional field kept only when it has the right type (positional: this runs a million times a walk). */
function itemOf(
	uuid: string,
	lat: number,
	lon: number,
	date: unknown,
	country: unknown,
	entity: unknown,
	primaryId: unknown,
	area: unknown,
	title: unknown
): GeoItem {
	const item: GeoItem = { uuid, lat, lon };
	if (typeof date === 'string') item.date = date;
	if (typeof country === 'string') item.country = country;
	if (typeof entity === 'string') item.entity = entity;
	if (typeof primaryId === 'number' && Number.isFinite(primaryId)) item.primaryId = primaryId;
	if (typeof area === 'string') item.area = area;
	if (typeof title === 'string') item.title = title;
	return item;
}

function coordinate(value: unknown): number {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '') return Number(value);
	return NaN;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
