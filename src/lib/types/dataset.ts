// Names shared by the service, the explorer and the scripts.

export const DATASETS = ['icd', 'icdb'] as const;
export type Dataset = (typeof DATASETS)[number];

export const COMPONENTS = ['video', 'image'] as const;
export type Component = (typeof COMPONENTS)[number];

/** Path segment of a component in the service's URLs (/v1/icd/videos). */
export const COMPONENT_PATH: Record<Component, 'videos' | 'images'> = { video: 'videos', image: 'images' };

/** Dataset label shown to people: the spec asks clients to keep dataset labels. */
export const DATASET_LABEL: Record<Dataset, 'ICD' | 'ICDB'> = { icd: 'ICD', icdb: 'ICDB' };

/** One stored record, as the generator writes it and the service reads it. */
export interface RecordRow {
	id?: number;
	dataset: Dataset;
	component: Component;
	uuid: string;
	primary_id: number;
	primary_date: string;
	entity: string | null;
	sub_entity: string | null;
	primary_country: string | null;
	second_geo_layer: string | null;
	dominant_lat: number | null;
	dominant_long: number | null;
	mappable: 0 | 1;
	title: string | null;
	summary: string | null;
	report: string | null;
	/** Videos only; null for images. */
	transcript: string | null;
	visual_analysis: string | null;
	audio_analysis: string | null;
}
