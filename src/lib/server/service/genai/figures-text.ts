// Figures in words: each sentence states the number, what was counted (the filters and the
// period) and cites representative records. Shared by the offline answerer, which says it as
// is, and the prompt, which hands it to a language model as facts to state.
import { DATASET_LABEL, type Dataset } from '../../../types/dataset';
import type { Interpretation } from '../question/interpret';
import type { Evidence } from './evidence';
import { cite } from './facts';
import type { FigureGroup, Figures } from './figures';
import { CHANGE_LEVEL } from './change-figures';
import { cellOfLonLat } from '../../../changes/grid';

const n = (x: number) => x.toLocaleString('en-US');
const records = (x: number) => `${n(x)} record${x === 1 ? '' : 's'}`;

/** "from Sudan · 2023 · videos", from the applied parts of the interpretation. */
export function scopeText(interpretation: Interpretation, figures: Pick<Figures, 'period' | 'text_terms'>): string {
	const f = interpretation.filters;
	const bits: string[] = [];
	const place = (p: NonNullable<typeof f.places>[number]) =>
		'area' in p ? `${p.area}, ${p.country}` : 'town' in p ? `within ${p.radius_km} km of ${p.town}, ${p.country}` : p.country;
	if (f.places?.length) bits.push(`in ${f.places.map(place).join(' or ')}`);
	if (f.exclude?.places?.length) bits.push(`not in ${f.exclude.places.map(place).join(' or ')}`);
	if (f.sub_entity) bits.push(`by ${f.sub_entity}`);
	else if (f.entity) bits.push(`by ${f.entity}`);
	else if (f.entities?.length) bits.push(`by ${f.entities.join(' or ')}`);
	const notBy = [...(f.exclude?.entities ?? []), ...(f.exclude?.sub_entities ?? [])];
	if (notBy.length) bits.push(`not by ${notBy.join(' or ')}`);
	for (const p of f.exclude?.periods ?? []) bits.push(`not dated ${p.from ?? '…'} to ${p.to ?? '…'}`);
	if (f.source_component) bits.push(`${f.source_component}s only`);
	if (figures.text_terms?.length) bits.push(`whose text mentions ${figures.text_terms.map((t) => `"${t}"`).join(' and ')}`);
	const { from, to } = figures.period;
	bits.push(from && to ? `dated ${from} to ${to}` : 'with no record in the period');
	return bits.join(', ');
}

const components = (f: Figures) =>
	Object.entries(f.by_component)
		.filter(([, c]) => c! > 0)
		.map(([k, c]) => `${n(c!)} ${k}${c === 1 ? '' : 's'}`)
		.join(' and ');

/** The record cited for a group: the first source whose value is the group's label. */
function citationFor(evidence: Evidence[], match: (e: Evidence) => boolean): string {
	const e = evidence.find(match);
	return e ? ` [${e.citation}]` : '';
}

const GROUP_VALUE: Record<string, (e: Evidence) => string | null> = {
	entity: (e) => e.record.entity,
	sub_entity: (e) => e.record.sub_entity,
	country: (e) => e.record.primary_country,
	area: (e) => `${e.record.second_geo_layer}, ${e.record.primary_country}`,
	year: (e) => e.record.primary_date.slice(0, 4),
	month: (e) => e.record.primary_date.slice(0, 7),
	component: (e) => e.record.component
};

const DIMENSION_NAME: Record<string, [string, string]> = {
	entity: ['organisation', 'organisations'],
	sub_entity: ['sub-entity', 'sub-entities'],
	country: ['country', 'countries'],
	area: ['area', 'areas'],
	year: ['year', 'years'],
	month: ['month', 'months'],
	component: ['component', 'components']
};

export function figuresText(dataset: Dataset, figures: Figures, interpretation: Interpretation, evidence: Evidence[]): string {
	const label = DATASET_LABEL[dataset];
	const scope = scopeText(interpretation, figures);
	const all = cite(
		evidence.map((e) => e.citation),
		3
	);
	const lines: string[] = [];
	switch (figures.kind) {
		case 'count':
			lines.push(
				figures.total === 0
					? `No ${label} record that this key may see matches: ${scope}. This counts every record, not a sample; an empty result does not prove that nothing happened.`
					: `${records(figures.total)} in ${label} that this key may see match: ${scope}${components(figures) ? ` (${components(figures)})` : ''} ${all}. This is an exact count over the whole dataset.`
			);
			break;
		case 'rank': {
			const [one, many] = DIMENSION_NAME[figures.dimension!];
			const groups = figures.groups ?? [];
			if (groups.length === 0) {
				lines.push(`No ${label} record that this key may see matches (${scope}), so no ${one} can be ranked.`);
				break;
			}
			const value = GROUP_VALUE[figures.dimension!];
			const list = groups
				.slice(0, 5)
				.map((g, i) => `${i + 1}. ${g.label}: ${records(g.count)}${citationFor(evidence, (e) => value(e) === g.label)}`)
				.join('\n');
			const top = groups[0];
			const tie = groups[1]?.count === top.count ? ` (tied with ${groups[1].label})` : '';
			lines.push(
				`The ${one} with the ${figures.order === 'least' ? 'fewest' : 'most'} records is ${top.label}${tie}, with ${records(top.count)} of ${n(figures.total)} in ${label} that this key may see (${scope}). By ${one}, ${groups.length > 5 ? `the first 5 of ${groups.length} ${many}` : `all ${groups.length} ${groups.length === 1 ? one : many}`}:\n${list}`
			);
			lines.push('Records measure how much material there is, not how much happened: a group that films more of what it does counts more.');
			break;
		}
		case 'trend': {
			const groups = figures.groups ?? [];
			if (groups.length < 2) {
				lines.push(`There is too little to show a change: ${records(figures.total)} (${scope}).`);
				break;
			}
			const value = GROUP_VALUE[figures.dimension!];
			const list = groups.map((g) => `${g.label}: ${n(g.count)}${citationFor(evidence, (e) => value(e) === g.label)}`).join('; ');
			const [first, last] = [groups[0], groups[groups.length - 1]];
			const peak = [...groups].sort((a, b) => b.count - a.count)[0];
			const change =
				first.count === 0
					? ''
					: ` From ${first.label} to ${last.label} the count went from ${n(first.count)} to ${n(last.count)} (${last.count >= first.count ? '+' : ''}${Math.round(((last.count - first.count) / first.count) * 100)} %).`;
			lines.push(
				`${label} records per ${figures.dimension} (${scope}), ${n(figures.total)} in all: ${list}.${change} The highest ${figures.dimension} is ${peak.label} (${n(peak.count)}).`
			);
			break;
		}
		case 'changes': {
			const groups = figures.groups ?? [];
			if (!figures.baseline) break; // the note says why nothing could be compared
			const against = `the ${figures.baseline.windows} periods of the same length before it (${figures.baseline.from} to ${figures.baseline.to})`;
			if (groups.length === 0) {
				lines.push(
					`No place changed beyond chance in ${label} (${scope}) against ${against}: ${records(figures.total)} in the period, in ${n(figures.tested ?? 0)} places (cells about 45 km across) with records then or before.`
				);
				break;
			}
			// The record cited for a place: one of the sources inside its cell.
			const inCell = (g: FigureGroup) => (e: Evidence) =>
				g.centre !== undefined &&
				e.record.dominant_lat !== null &&
				e.record.dominant_long !== null &&
				cellOfLonLat(e.record.dominant_long, e.record.dominant_lat, CHANGE_LEVEL) === cellOfLonLat(g.centre[0], g.centre[1], CHANGE_LEVEL);
			const list = groups
				.slice(0, 5)
				.map((g, i) => `${i + 1}. ${g.label}: ${records(g.count)} against about ${g.expected} expected, ${g.change}${citationFor(evidence, inCell(g))}`)
				.join('\n');
			lines.push(
				`Against ${against}, ${groups.length === 1 ? '1 place' : `${n(groups.length)} places`} changed beyond chance in ${label} (${scope}; ${records(figures.total)} in the period), strongest first${groups.length > 5 ? ' (the first 5)' : ''}:\n${list}`
			);
			lines.push(
				'Each place is a hexagon about 45 km across compared with its own past; at most 5 % of the places listed are expected to be chance. Records are reports, not events: a burst of reporting is not necessarily a burst of activity.'
			);
			break;
		}
		case 'compare': {
			const groups = figures.groups ?? [];
			if (groups.length < 2) {
				lines.push('Name two places, organisations, periods or components to compare.');
				break;
			}
			const sorted = [...groups].sort((a, b) => b.count - a.count);
			const [hi, lo] = sorted;
			const diff =
				hi.count === lo.count
					? 'the same number'
					: `${n(hi.count - lo.count)} more for ${hi.label}${lo.count ? ` (${Math.round(((hi.count - lo.count) / lo.count) * 100)} % more)` : ''}`;
			lines.push(`${groups.map((g) => `${g.label}: ${records(g.count)}`).join('; ')} (${label}, that this key may see; ${scope}) ${all}. That is ${diff}.`);
			break;
		}
	}
	if (figures.note) lines.push(figures.note);
	return lines.join('\n\n');
}
