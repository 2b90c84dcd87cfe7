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
/** The same row with its title left out (GeoColumnsQuery): SQLite neither reads nor copies it. */
const GEO_COLUMNS_WITHOUT_TITLE = GEO_COLUMNS.replace('r.title', 'NULL');
type GeoRow = [
	uuid: string,
	primaryId: number,
	primaryDate: string,
	entity: string | null,
	country: string | null,
	secondGeoLayer: string | null,
	title: string | null,
	lat: number,
	long: number
];

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
	const columns: GeoColumns = {
		uuid: new Array(n),
		primaryId: new Float64Array(n),
		date: new Array(n),
		entity: new Array(n),
		country: new Array(n),
		area: new Array(n),
		title: new Array(n),
		lat: new Float64Array(n),
		long: new Float64Array(n)
	};
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
	return itemsPage(await pageRows(deps, await planPage(deps, key, dataset, component, q)));
}

const itemsPage = ({ rows, page }: { rows: GeoRow[]; page: PageEnd }): GeoManifestResponse => ({
	status: 'ok',
	items: rows.map(toItem),
	itemsReceived: rows.length,
	...page
});

/**
 * A page's query in process: the spec's parameters, and whether the caller wants the titles. It is
 * not a parameter of the HTTP route; the cursor does not depend on it (paramsDigest), and a page
 * read ahead is held for the query it was read with, titles or not (reads/read-ahead.ts).
 */
export type GeoColumnsQuery = GeoQuery & { titles?: false };

/** The same page (same checks, rows and cursor) in columns, for the explorer in the same process (types/geo.ts); titles null when left out. */
export async function geoManifestColumns(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: GeoColumnsQuery): Promise<GeoColumnsPage> {
	const { rows, page } = await pageRows(deps, await planPage(deps, key, dataset, component, q), q.titles === false ? GEO_COLUMNS_WITHOUT_TITLE : GEO_COLUMNS);
	return { status: 'ok', columns: toColumns(rows), itemsReceived: rows.length, ...page };
}

/**
 * The page as the JSON text the REST route and the MCP tool send: the same bytes as
 * JSON.stringify(geoManifest(…)). On SQLite the items' text is written by SQLite itself and comes
 * back as one buffer: materialising 5,000 rows as JavaScript values, turning them into objects,
 * serialising them and encoding the text as UTF-8 was 36 ms of a reader's CPU per page of 5,000;
 * this is 19 ms (docs/benchmarks.md, issue 17). Elsewhere (PostgreSQL, or a page SQLite would
 * write otherwise, TINY) the page is written the JavaScript way, from the same plan.
 */
export async function geoManifestJson(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: GeoQuery): Promise<Uint8Array> {
	const plan = await planPage(deps, key, dataset, component, q);
	const viaJavaScript = async () => Buffer.from(JSON.stringify(itemsPage(await pageRows(deps, plan))));
	if (deps.sql.engine !== 'sqlite') return viaJavaScript();
	// group_concat takes the rows in the order the subquery gives them (its ORDER BY, read off the
	// index); asking for that order again in the aggregate would sort 5,000 rows a second time.
	// tests/service/geo.test.ts compares every page with geoManifest's, which would catch a change.
	const found = await deps.sql.get<{ items: Buffer | null; fetched: number; tiny: number }>(
		`SELECT CAST(group_concat(item, ',') AS BLOB) AS items, count(*) AS fetched, sum(tiny) AS tiny FROM (SELECT ${ITEM_JSON} AS item, ${TINY} AS tiny ${plan.from})`,
		plan.params
	);
	if (found?.tiny) return viaJavaScript();
	let items = found?.items ?? Buffer.alloc(0);
	const fetched = found?.fetched ?? 0;
	let last: Position | undefined;
	if (fetched > plan.limit) {
		// The row past the page says only that there is more: cut it off, and read the position of
		// the page's last item (its date and id, for the cursor) from that item's own text.
		items = items.subarray(0, items.lastIndexOf(ITEM_START) - 1); // and the comma before it
		const item = JSON.parse(items.subarray(items.lastIndexOf(ITEM_START)).toString('utf8')) as GeoItem;
		last = { date: item.primary_date, id: item.primary_id };
	}
	const { received, page } = pageEnd(plan, fetched, last);
	const head = `{"status":"ok","items":[`;
	const tail = `],"itemsReceived":${received},"itemsTotal":${page.itemsTotal},"limit":${page.limit},"next_cursor":${JSON.stringify(page.next_cursor)}}`;
	return Buffer.concat([Buffer.from(head), items, Buffer.from(tail)]);
}

/**
 * A coordinate as JSON.stringify writes it. SQLite writes an integral REAL as "28.0" (JavaScript:
 * "28"), and below 1e-4 in exponent form ("1.0e-05"; JavaScript: "0.00001"): the first is mended
 * here, the second (TINY) sends the page the JavaScript way. Otherwise the two agree for the
 * coordinates stored here, which the generator rounds to 1e-5° (dataset/records.ts): SQLite writes
 * 15 significant digits when they read back exactly, and JavaScript the fewest that do, the same
 * digits for such values. (A coordinate of 16-17 significant digits would be written with 17, the
 * same number in other digits.)
 */
const jsonNumber = (x: string) => `json_quote(CASE WHEN ${x} = CAST(${x} AS INTEGER) THEN CAST(${x} AS INTEGER) ELSE ${x} END)`;
const tinyNumber = (x: string) => `(${x} <> 0 AND abs(${x}) < 1e-4)`;
const TINY = `(${tinyNumber('r.dominant_lat')} OR ${tinyNumber('r.dominant_long')})`;
/** A member that toItem leaves out when the column is null. */
const optionalMember = (name: string, x: string) => `iif(${x} IS NULL, '', ',"${name}":' || json_quote(${x}))`;
/**
 * One item's JSON text, member for member as JSON.stringify(toItem(row)) writes it (json_quote
 * escapes strings as JSON.stringify does). An item's text starts with ITEM_START and nowhere else:
 * inside a string the quotes would be escaped.
 */
const ITEM_START = '{"uuid":';
// Joined with ||, not format(): format parses its pattern again for every row (a 5,000-item page
// at 1M records: 15.3 -> 13.6 ms of SQLite, the same bytes).
const ITEM_JSON = [
	`'${ITEM_START}' || json_quote(r.uuid)`,
	`',"primary_id":' || r.primary_id`,
	`',"primary_date":' || json_quote(r.primary_date)`,
	`',"dominant_lat":' || ${jsonNumber('r.dominant_lat')}`,
	`',"dominant_long":' || ${jsonNumber('r.dominant_long')}`,
	optionalMember('entity', 'r.entity'),
	optionalMember('primary_country', 'r.primary_country'),
	optionalMember('second_geo_layer', 'r.second_geo_layer'),
	optionalMember('title', 'r.title'),
	`'}'`
].join(' || ');

/** A page's query, checked against the key and cursor: FROM … LIMIT (one row past the page) and its parameters. */
interface PagePlan {
	from: string;
	params: (string | number)[];
	limit: number;
	itemsTotal: number;
	secret: Buffer;
	keyId: string;
	digest: string;
	after: { date: string; id: number; sent: number } | null;
}

async function planPage(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, q: GeoQuery): Promise<PagePlan> {
	requireAccess(key, dataset, 'geo');
	const limit = q.limit ?? GEO_DEFAULT_LIMIT;
	const secret = await serverSecret(deps.sql, 'cursor');
	const digest = paramsDigest({ dataset, component, limit, country: q.country, entity: q.entity, date_from: q.date_from, date_to: q.date_to });

	let after: PagePlan['after'] = null;
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
	return {
		from: `FROM records r WHERE ${where}${keyset} ORDER BY r.primary_date DESC, r.primary_id DESC LIMIT ?`,
		params: [...params, limit + 1],
		limit,
		itemsTotal,
		secret,
		keyId: key.id,
		digest,
		after
	};
}

/** A page's rows (the row past the page, fetched to learn whether there is more, left out), its total and its next cursor. */
async function pageRows(deps: ReadDeps, plan: PagePlan, columns = GEO_COLUMNS): Promise<{ rows: GeoRow[]; page: PageEnd }> {
	const rows = await deps.sql.arrays<GeoRow>(`SELECT ${columns} ${plan.from}`, plan.params);
	const { more, page } = pageEnd(plan, rows.length, positionOf(rows[plan.limit - 1]));
	if (more) rows.pop();
	return { rows, page };
}

/** Where an item is in the manifest's order. */
interface Position {
	date: string;
	id: number;
}
const positionOf = (row: GeoRow | undefined): Position | undefined => (row ? { date: row[2], id: row[1] } : undefined);

/** What a page says besides its items. */
interface PageEnd {
	itemsTotal: number;
	limit: number;
	next_cursor: string | null;
}

/** Whether there is more after a page of `fetched` rows (one past the page when there is), how many it holds, and its total and next cursor, from its last row. */
function pageEnd(plan: PagePlan, fetched: number, last: Position | undefined): { more: boolean; received: number; page: PageEnd } {
	const more = fetched > plan.limit;
	const received = Math.min(fetched, plan.limit);
	const sent = (plan.after?.sent ?? 0) + received;
	const next_cursor = more && last ? encodeCursor(plan.secret, plan.keyId, plan.digest, { date: last.date, id: last.id, sent }) : null;
	return { more, received, page: { itemsTotal: plan.itemsTotal, limit: plan.limit, next_cursor } };
}
