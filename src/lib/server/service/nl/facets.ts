// Facet tokens: what a chunk's record is (its country, admin-1 area, organisation, sub-entity,
// year and month), written into the chunk index's second column (on PostgreSQL, into the chunk's
// tsvector beside its words), so that the index itself matches
// a question's filters: "buildings AND <Libya> AND <2016>" is an intersection FTS5 walks with its
// doclist indexes, where reading every posting of "buildings" and testing each record cost
// seconds at a million records a component. The column weighs nothing in BM25 (migration 6), so
// ranking is unchanged. Tokens are "zq", a kind letter and digits (a hash of the value, or the
// date): no word of the text has that shape, and the stemmer leaves tokens ending in a digit alone.
// A hash can collide and a town is a distance, not a token: the records' own test
// (passing-records.ts) still decides; the facets only narrow what is read.
import type { ApiKey } from '../auth/keys';
import type { NlFilters } from './filters';

type Kind = 'c' | 'a' | 'e' | 's' | 'y' | 'm';

/** 32-bit FNV-1a of the value as the index and the question both normalise it. */
function hash(value: string): number {
	let h = 0x811c9dc5;
	const s = value.trim().toLowerCase();
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

const token = (kind: Kind, value: string) => `zq${kind}${kind === 'y' || kind === 'm' ? value.replace('-', '') : hash(value)}`;

export interface FacetSource {
	primary_date: string;
	primary_country: string | null;
	second_geo_layer: string | null;
	entity: string | null;
	sub_entity: string | null;
}

/** The facets column of every chunk of a record. */
export function recordFacets(r: FacetSource): string {
	const out = [token('y', r.primary_date.slice(0, 4)), token('m', r.primary_date.slice(0, 7))];
	if (r.primary_country) out.push(token('c', r.primary_country));
	if (r.primary_country && r.second_geo_layer) out.push(token('a', `${r.primary_country}/${r.second_geo_layer}`));
	if (r.entity) out.push(token('e', r.entity));
	if (r.entity && r.sub_entity) out.push(token('s', `${r.entity}/${r.sub_entity}`));
	return out.join(' ');
}

/** Beyond this many months a period is matched by whole years (the records' own test trims the edges). */
const MAX_MONTH_TOKENS = 36;
const MAX_YEAR_TOKENS = 40;

function periodTokens(from: string, to: string): string[] | null {
	const [fy, fm] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
	const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
	const months = (ty - fy) * 12 + (tm - fm) + 1;
	if (months <= 0) return null;
	if (months <= MAX_MONTH_TOKENS) {
		return Array.from({ length: months }, (_, i) => {
			const m = fm - 1 + i;
			return token('m', `${fy + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`);
		});
	}
	if (ty - fy + 1 > MAX_YEAR_TOKENS) return null;
	return Array.from({ length: ty - fy + 1 }, (_, i) => token('y', String(fy + i)));
}

/**
 * The filters (and the key's entity restriction) as facet tokens: every group must match, any token
 * of a group will do. Null when nothing can be matched that way. It may match more than the
 * filters, never less.
 */
function facetGroups(key: ApiKey, filters: NlFilters): string[][] | null {
	const groups: string[][] = [];
	if (key.entities) groups.push(key.entities.map((e) => token('e', e)));
	const places = filters.places ?? (filters.country !== undefined ? [{ country: filters.country }] : []);
	if (places.length) groups.push([...new Set(places.map((p) => ('area' in p ? token('a', `${p.country}/${p.area}`) : token('c', p.country))))]);
	if (filters.entity !== undefined) groups.push([token('e', filters.entity)]);
	if (filters.entities?.length) groups.push(filters.entities.map((e) => token('e', e)));
	if (filters.entity !== undefined && filters.sub_entity !== undefined) groups.push([token('s', `${filters.entity}/${filters.sub_entity}`)]);
	if (filters.date_from && filters.date_to) {
		const period = periodTokens(filters.date_from, filters.date_to);
		if (period) groups.push(period);
	}
	return groups.length ? groups : null;
}

const render = (groups: string[][] | null, or: string, and: string) => groups && groups.map((g) => (g.length === 1 ? g[0] : `(${g.join(or)})`)).join(and);

/** The facet groups as an FTS5 expression over the facets column (SQLite). */
export const facetExpression = (key: ApiKey, filters: NlFilters): string | null => render(facetGroups(key, filters), ' OR ', ' AND ');

/** The facet groups as a tsquery (PostgreSQL, where the facet tokens sit in the chunk's tsvector). */
export const facetTsquery = (key: ApiKey, filters: NlFilters): string | null => render(facetGroups(key, filters), ' | ', ' & ');
