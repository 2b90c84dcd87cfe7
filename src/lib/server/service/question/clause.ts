// The SQL condition for question filters, on the records table (alias r): the key's entity
// restriction first, then places (any of them), organisations (any of them), sub-entity and
// dates, then what the question leaves out. A single place starts with an equality on the
// country, so the by-country index serves it.
import type { Sql } from '../../db/sql';
import type { ApiKey } from '../auth/keys';
import { canonicalValue, type Clause } from '../records/scope';
import type { Exclusions, PlaceFilter, QuestionFilters } from './interpret';

const KM_PER_DEGREE = 111.32;

function placeSql(country: string, p: PlaceFilter, params: (string | number)[]): string {
	params.push(country);
	if ('area' in p) {
		params.push(p.area);
		return 'r.primary_country = ? AND r.second_geo_layer = ?';
	}
	if ('town' in p) {
		// Within the radius (a local flat projection: under 0.5 % off at 25 km), inside the box that
		// bounds it, which the coordinates' ranges test first. A record with no coordinates cannot
		// be placed near a town.
		const kmPerLon = KM_PER_DEGREE * Math.max(0.1, Math.cos((p.lat * Math.PI) / 180));
		const dLat = p.radius_km / KM_PER_DEGREE;
		const dLon = p.radius_km / kmPerLon;
		params.push(p.lat - dLat, p.lat + dLat, p.lon - dLon, p.lon + dLon);
		params.push(p.lat, KM_PER_DEGREE, p.lat, KM_PER_DEGREE, p.lon, kmPerLon, p.lon, kmPerLon, p.radius_km * p.radius_km);
		return (
			'r.primary_country = ? AND r.mappable = 1 AND r.dominant_lat BETWEEN ? AND ? AND r.dominant_long BETWEEN ? AND ?' +
			' AND (r.dominant_lat - ?) * ? * (r.dominant_lat - ?) * ? + (r.dominant_long - ?) * ? * (r.dominant_long - ?) * ? <= ?'
		);
	}
	return 'r.primary_country = ?';
}

/** Conditions beyond dataset and component, or null when there are none. */
export async function questionClause(sql: Sql, key: ApiKey, f: QuestionFilters & { country?: string }): Promise<Clause | null> {
	const where: string[] = [];
	const params: (string | number)[] = [];
	if (key.entities) {
		where.push(`r.entity IN (${key.entities.map(() => '?').join(', ')})`);
		params.push(...key.entities);
	}
	const places = f.places ?? (f.country !== undefined ? [{ country: f.country }] : []);
	const countries = await Promise.all(places.map((p) => canonicalValue(sql, 'primary_country', p.country)));
	if (places.length === 1) where.push(placeSql(countries[0], places[0], params));
	else if (places.length > 1) where.push(`(${places.map((p, i) => `(${placeSql(countries[i], p, params)})`).join(' OR ')})`);
	if (f.entity !== undefined) {
		where.push('r.entity = ?');
		params.push(await canonicalValue(sql, 'entity', f.entity));
	}
	if (f.entities?.length) {
		where.push(`r.entity IN (${f.entities.map(() => '?').join(', ')})`);
		for (const e of f.entities) params.push(await canonicalValue(sql, 'entity', e));
	}
	if (f.sub_entity !== undefined) {
		where.push('r.sub_entity = ?');
		params.push(f.sub_entity);
	}
	if (f.date_from) {
		where.push('r.primary_date >= ?');
		params.push(f.date_from);
	}
	if (f.date_to) {
		where.push('r.primary_date <= ?');
		params.push(f.date_to);
	}
	if (f.exclude) where.push(...(await exclusionSql(sql, f.exclude, params)));
	return where.length ? { sql: where.join(' AND '), params } : null;
}

/**
 * What a question leaves out, each as NOT coalesce(…, false): a record with no country (or no
 * organisation) is not in the place (or by the organisation) left out, so it stays.
 */
async function exclusionSql(sql: Sql, x: Exclusions, params: (string | number)[]): Promise<string[]> {
	const where: string[] = [];
	for (const p of x.places ?? []) where.push(`NOT coalesce((${placeSql(await canonicalValue(sql, 'primary_country', p.country), p, params)}), false)`);
	for (const e of x.entities ?? []) {
		where.push('NOT coalesce(r.entity = ?, false)');
		params.push(await canonicalValue(sql, 'entity', e));
	}
	for (const s of x.sub_entities ?? []) {
		where.push('NOT coalesce(r.sub_entity = ?, false)');
		params.push(s);
	}
	for (const period of x.periods ?? []) {
		const bounds = [period.from && 'r.primary_date >= ?', period.to && 'r.primary_date <= ?'].filter(Boolean);
		if (!bounds.length) continue;
		where.push(`NOT (${bounds.join(' AND ')})`);
		params.push(...([period.from, period.to].filter(Boolean) as string[]));
	}
	return where;
}
