// Record detail: the spec's record summary fields plus report and transcript, all optional.
// Unknown fields pass through to the side panel untouched.
import { z } from 'zod';
import { decodeWith, optionalInt, optionalNumber, optionalText } from './shape';

export const recordFields = {
	uuid: optionalText,
	primary_id: optionalInt,
	primary_date: optionalText,
	entity: optionalText,
	primary_country: optionalText,
	title: optionalText,
	second_geo_layer: optionalText,
	dominant_lat: optionalNumber,
	dominant_long: optionalNumber,
	summary: optionalText
};

const recordDetail = z.looseObject({ ...recordFields, report: optionalText, transcript: optionalText });

export type RecordDetail = z.output<typeof recordDetail>;

export function decodeRecordDetail(body: unknown): RecordDetail {
	return decodeWith(recordDetail, body);
}
