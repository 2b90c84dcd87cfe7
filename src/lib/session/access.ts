// In the page: what the key it works under may see, from the page config (types/page.ts).
import { COMPONENTS, DATASET_LABEL, DATASETS, type Component, type Dataset } from '../types/dataset';
import type { PageAccess } from '../types/page';
import type { MapFilter } from '../map/filter';

export interface Offer {
	datasets: Dataset[];
	components: Component[];
}

/** The datasets and components the map offers: all in single-user mode, the key's parts once signed in. */
export function offerOf(access: PageAccess): Offer {
	if (access.mode === 'single-user') return { datasets: [...DATASETS], components: [...COMPONENTS] };
	return {
		datasets: DATASETS.filter((d) => access.parts.some((p) => p.startsWith(`${d}/`))),
		components: COMPONENTS.filter((c) => access.parts.some((p) => p.endsWith(`/${c}`)))
	};
}

/** A filter (from a shared URL, say) kept to what is offered, so that search and Ask never ask for the rest. */
export function withinOffer(filter: MapFilter, offer: Offer): MapFilter {
	return {
		...filter,
		datasets: filter.datasets.filter((d) => offer.datasets.includes(d)),
		components: filter.components.filter((c) => offer.components.includes(c))
	};
}

/** "ICD videos and images; not ICDB": what the signed-in key may see, for the header. */
export function describeAccess(access: PageAccess): string {
	if (access.mode === 'single-user') return '';
	if (access.parts.length === 0) return 'This key may see no part of the map.';
	const seen = DATASETS.map((d) => {
		const components = COMPONENTS.filter((c) => access.parts.includes(`${d}/${c}`));
		if (components.length === 0) return null;
		return `${DATASET_LABEL[d]} ${components.length === COMPONENTS.length ? 'videos and images' : `${components[0]}s only`}`;
	}).filter(Boolean);
	const unseen = DATASETS.filter((d) => !access.parts.some((p) => p.startsWith(`${d}/`))).map((d) => DATASET_LABEL[d]);
	return `Your key sees ${seen.join(' and ')}${unseen.length ? `; not ${unseen.join(' or ')}` : ''}.`;
}
