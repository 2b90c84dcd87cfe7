// Counts per component for the landing page and operations checks (not a service endpoint).
import type { Db } from '../../db/open';
import { DATASET_LABEL, type Component, type Dataset } from '../../../types/dataset';
import { cachedCount } from './count-cache';

export interface ComponentOverview {
	dataset: Dataset;
	label: string;
	component: Component;
	records: number;
	mappable: number;
}

export function datasetOverview(db: Db): ComponentOverview[] {
	const out: ComponentOverview[] = [];
	for (const dataset of ['icd', 'icdb'] as const) {
		for (const component of ['video', 'image'] as const) {
			const records = cachedCount(db, 'SELECT count(*) FROM records WHERE dataset = ? AND component = ?', [dataset, component]);
			const mappable = cachedCount(db, 'SELECT count(*) FROM records WHERE dataset = ? AND component = ? AND mappable = 1', [dataset, component]);
			out.push({ dataset, label: DATASET_LABEL[dataset], component, records, mappable });
		}
	}
	return out;
}
