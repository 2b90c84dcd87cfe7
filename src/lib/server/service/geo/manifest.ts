// Geo manifests: every mappable record the key may see, newest first (primary_date desc,
// primary_id desc), in pages joined by keyset cursors so a walk is deterministic and cheap.
import { serverSecret } from '../../db/secrets';
import type { Component, Dataset } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ReadDeps } from '../deps';
import { ProblemError } from '../problems';
import { cachedCount } from '../records/count-cache';
import { scopeClause } from '../records/scope';
import { GEO_DEFAULT_LIMIT, type GeoItem, type GeoManifestResponse, type GeoQuery } from '../schemas';
import type { GeoColumns, GeoColumnsPage } from '../../../types/geo';
import { decodeCursor, encodeCursor, paramsDigest } from './cursor';

/** The columns of a manifest row, in SELECT order: rows come back as arrays, which costs half of
 * what row objects do on a walk of a million items. */
const GEO_COLUMNS = 'r.uuid, r.primary_id, r.primary_date, r.entity, r.primary_country, r.second_geo_layer, r.title, r.dominant_lat, r.dominant_long';
type GeoRow = [uuid: string, primaryId: number, primaryDate: string, entity: string | null, country: string | null, secondGeoLayer: string | null, title: string | null, lat: number, long: number];

function toItem(row: GeoRow): GeoItem {
	const item: GeoItem = { uuid: row[0], primary_id: row[1], primary_date: row[2], dominant_lat: row[7], dominant_long: row[8] };
	if (row[3] !== null) item.entity = row[3];
	if (row[4] !== null) item.primary_country = row[4];
	if (row[5] !== null) item.second_geo_layer = row[5];
	if (row[6] !== null) item.title = row[6];
	return item;
}

function toColumns(rows: GeoRow[]): GeoColumns {
	const n = rows.length;
	const columns: GeoColumns = { uuid: new Array(n), primaryId: new Float64Array(n), date: new Array(n), entity: new Array(n), country: new Array(n), area: new Array(n), title: new Array(n), lat: new Float64Array(n), long: new Float64Array(n) };
	for (let i = 0; i < n; i++) {
		const row = rows[i];
		columns.uuid[i] = row[0];
		columns.primaryId[i] = row[1];
		columns.date[i] = row[2];
		columns.entity[i] = row[3];
		columns.country[i] = row[4];
		columns.area[i] = row[5];
		columns.title[i] = row[6];
		columns.lat[i] = row[7];
		columns.long[i] = row[8];
	}
	return columns;
}

export async function geoManifest(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: GeoQuery): Promise<GeoManifestResponse> {
	const { rows, ...page } = await manifestRows(deps, key, dataset, component, q);
	return { status: 'ok', items: rows.map(toItem), itemsReceived: rows.length, ...page };
}

/** The same page (same checks, rows and cursor) in columns, for the explorer in the same process (types/geo.ts). */
export async function geoManifestColumns(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: GeoQuery): Promise<GeoColumnsPage> {
	const { rows, ...page } = await manifestRows(deps, key, dataset, component, q);
	return { status: 'ok', columns: toColumns(rows), itemsReceived: rows.length, ...page };
}

/** A page's rows, checked against the key and cursor, with the total and the next cursor. */
async function manifestRows(
	deps: ReadDeps,
	key: ApiKey,
	dataset: Dataset,
	component: Component,
	q: GeoQuery
): Promise<{ rows: GeoRow[]; itemsTotal: number; limit: number; next_cursor: string | null }> {
	requireAccess(key, dataset, 'geo');
	const limit = q.limit ?? GEO_DEFAULT_LIMIT;
	const secret = await serverSecret(deps.sql, 'cursor');
	const digest = paramsDigest({ dataset, component, limit, country: q.country, entity: q.entity, date_from: q.date_from, date_to: q.date_to });

	let after: { date: string; id: number; sent: number } | null = null;
	if (q.cursor !== undefined) {
		const decoded = decodeCursor(secret, key.id, digest, q.cursor);
		if ('rejected' in decoded) throw new ProblemError('invalid_cursor', `The cursor was rejected: ${decoded.rejected}.`);
		after = decoded;
	}

	const scope = await scopeClause(deps.sql, key, dataset, component, q);
	const where = `r.mappable = 1 AND ${scope.sql}`;
	const itemsTotal = await cachedCount(deps.sql, `SELECT count(*) FROM records r WHERE ${where}`, scope.params);

	const keyset = after ? ' AND (r.primary_date, r.primary_id) < (?, ?)' : '';
	const params = after ? [...scope.params, after.date, after.id] : scope.params;
	const rows = await deps.sql.arrays<GeoRow>(`SELECT ${GEO_COLUMNS} FROM records r WHERE ${where}${keyset} ORDER BY r.primary_date DESC, r.primary_id DESC LIMIT ?`, [...params, limit + 1]);

	const more = rows.length > limit;
	if (more) rows.pop();
	const last = rows[rows.length - 1];
	const sent = (after?.sent ?? 0) + rows.length;
	return { rows, itemsTotal, limit, next_cursor: more && last ? encodeCursor(secret, key.id, digest, { date: last[2], id: last[1], sent }) : null };
}
