import type { Dataset } from '../../../types/dataset';
import { DATASET_LABEL } from '../../../types/dataset';
import { ProblemError } from '../problems';
import type { ApiKey, Feature } from './keys';

const FEATURE_NAMES: Record<Feature, string> = {
	search: 'structured search',
	lookup: 'component id lookup',
	detail: 'record detail',
	media: 'media access',
	geo: 'geo manifests',
	nl_search: 'natural language search',
	genai: 'Domain GenAI',
	mcp: 'MCP'
};

/** Refuses with 403 unless the key holds both the dataset and the feature permission. */
export function requireAccess(key: ApiKey, dataset: Dataset | null, feature: Feature): void {
	if (dataset && !key.datasets.includes(dataset)) {
		throw new ProblemError('forbidden', `This key is not permitted to use the ${DATASET_LABEL[dataset]} dataset.`);
	}
	if (!key.features.includes(feature)) {
		throw new ProblemError('forbidden', `This key is not permitted to use ${FEATURE_NAMES[feature]}.`);
	}
}

export function mayUse(key: ApiKey, dataset: Dataset | null, feature: Feature): boolean {
	return (!dataset || key.datasets.includes(dataset)) && key.features.includes(feature);
}
