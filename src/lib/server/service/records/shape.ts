// Stored rows to the spec's shapes. Fields without a value are omitted (every field is optional
// in the spec's schemas, and null is not among their types).
import type { RecordRow } from '../../../types/dataset';
import type { RecordDetail, RecordSummary } from '../schemas';

const SUMMARY_FIELDS = [
	'uuid',
	'primary_id',
	'primary_date',
	'entity',
	'primary_country',
	'title',
	'second_geo_layer',
	'dominant_lat',
	'dominant_long',
	'summary'
] as const;

const DETAIL_FIELDS = [...SUMMARY_FIELDS, 'report', 'transcript'] as const;

function pick<T>(row: RecordRow, fields: readonly (keyof RecordRow)[]): T {
	const out: Record<string, unknown> = {};
	for (const f of fields) {
		const v = row[f];
		if (v !== null && v !== undefined) out[f] = v;
	}
	return out as T;
}

export const toSummary = (row: RecordRow): RecordSummary => pick(row, SUMMARY_FIELDS);
export const toDetail = (row: RecordRow): RecordDetail => pick(row, DETAIL_FIELDS);
