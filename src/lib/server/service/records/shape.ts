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

/** A page's rows as a summary needs them. */
export type SummaryRow = Pick<RecordRow, (typeof SUMMARY_FIELDS)[number]>;

/**
 * The columns of a page of summaries (records alias r): the long texts (report, transcript,
 * analyses: about 1.2 kB a record) are not read. A page of 20 at a million records: 172 → 88 µs
 * of SQLite; on PostgreSQL they are also not sent nor parsed.
 */
export const SUMMARY_COLUMNS = SUMMARY_FIELDS.map((f) => `r.${f}`).join(', ');

function pick<T>(row: Partial<RecordRow>, fields: readonly (keyof RecordRow)[]): T {
	const out: Record<string, unknown> = {};
	for (const f of fields) {
		const v = row[f];
		if (v !== null && v !== undefined) out[f] = v;
	}
	return out as T;
}

export const toSummary = (row: SummaryRow): RecordSummary => pick(row, SUMMARY_FIELDS);
export const toDetail = (row: RecordRow): RecordDetail => pick(row, DETAIL_FIELDS);
