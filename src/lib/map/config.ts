// Visual and behavioural constants of the map, in one place.
import type { Dataset } from '../types/dataset';

/** Clusters are drawn up to this zoom; above it every record is drawn as itself. */
export const CLUSTER_MAX_ZOOM = 9;
/** Cluster radius in pixels (supercluster's extent is 512 per tile). */
export const CLUSTER_RADIUS = 56;
export const MAX_ZOOM = 16;

/** Dataset colours: orange and blue stay distinct for the common colour-vision deficiencies. */
export const DATASET_RGB: Record<Dataset, [number, number, number]> = {
	icd: [236, 144, 32],
	icdb: [38, 132, 214]
};

export const DATASET_HEX: Record<Dataset, string> = {
	icd: '#ec9020',
	icdb: '#2684d6'
};

/** Backgrounds of the white "ICD"/"ICDB" text labels: darker shades of the same hues, readable (WCAG AA) at small sizes. */
export const DATASET_LABEL_HEX: Record<Dataset, string> = {
	icd: '#b45309',
	icdb: '#1d4ed8'
};
