// What the media pages read from the database: the signing secret and one record.
import type { Sql } from '../../db/sql';
import { serverSecret } from '../../db/secrets';
import type { Component, Dataset } from '../../../types/dataset';
import type { MediaRecord } from './image';

/** The media HMAC key (read once per connection: it never changes once created). */
export const mediaSecret = (sql: Sql): Promise<Buffer> => serverSecret(sql, 'media');

export function findMediaRecord(sql: Sql, dataset: Dataset, component: Component, uuid: string): Promise<MediaRecord | undefined> {
	return sql.get<MediaRecord>(
		`SELECT dataset, component, uuid, primary_id, primary_date, entity, primary_country, second_geo_layer,
			dominant_lat, dominant_long, title, transcript
		 FROM records WHERE dataset = ? AND component = ? AND uuid = ?`,
		[dataset, component, uuid]
	);
}
