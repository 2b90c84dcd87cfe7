// The deterministic ICD/ICDB dataset generator.
export { generateDataset, type GenerateOptions, type GenerateResult } from './generate';
export { ensureDataset, forgetDataset, readDatasetMeta, GENERATOR_VERSION, DATASET_META_KEY, type DatasetMeta } from './ensure';
export { formatProgress, type Progress } from './progress';
