// The briefing's subtitle and attribution, in words a reader of the briefing understands.
import { DATASET_LABEL } from '../../types/dataset';
import type { MapFilter } from '../filter';
import { describeAreas } from '../../geo/areas';

function names(list: string[], all: string, max = 3): string {
	if (list.length === 0) return all;
	return list.length <= max ? list.join(', ') : `${list.slice(0, max).join(', ')} and ${list.length - max} more`;
}

export function describeFilters(filter: MapFilter, dates: string | null, records: number): string {
	const components = filter.components.length === 2 ? 'videos and images' : filter.components.length === 1 ? `${filter.components[0]}s only` : 'no components';
	return [
		dates ?? 'All dates',
		names(filter.countries, 'all countries'),
		...(filter.areas.length ? [describeAreas(filter.areas)!] : []),
		names(filter.entities, 'all entities'),
		`${filter.datasets.map((d) => DATASET_LABEL[d]).join(' and ') || 'no dataset'}, ${components}`,
		`${records.toLocaleString('en')} records`
	].join(' · ');
}

/** Credits for the image: the basemap's sources (as the style declares them) and the fixed parts. */
export function attributionOf(sources: Record<string, { attribution?: string }>, serviceLabel: string, credits: string[] = []): string[] {
	const fromStyle = Object.values(sources)
		.map((s) => s.attribution?.replace(/<[^>]*>/g, '').trim())
		.filter((a): a is string => !!a);
	return [...new Set([...fromStyle, ...credits, 'MapLibre', 'deck.gl', `Records: ${serviceLabel}`])];
}
