// What the media pages read from the database: the signing secret and one record.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open';
import { serverSecret } from '../../db/secrets';
import type { Component, Dataset } from '../../../types/dataset';
import type { MediaRecord } from './image';

const secrets = new WeakMap<Db, Buffer>();
const statements = new WeakMap<Db, Statement<[Dataset, Component, string], MediaRecord>>();

/** The media HMAC key; read once per database handle (it never changes once created). */
export function mediaSecret(db: Db): Buffer {
	let secret = secrets.get(db);
	if (!secret) {
		secret = serverSecret(db, 'media');
		secrets.set(db, secret);
	}
	return secret;
}

export function findMediaRecord(db: Db, dataset: Dataset, component: Component, uuid: string): MediaRecord | undefined {
	let stmt = statements.get(db);
	if (!stmt) {
		stmt = db.prepare<[Dataset, Component, string], MediaRecord>(
			`SELECT dataset, component, uuid, primary_id, primary_date, entity, primary_country, second_geo_layer,
				dominant_lat, dominant_long, title, transcript
			 FROM records WHERE dataset = ? AND component = ? AND uuid = ?`
		);
		statements.set(db, stmt);
	}
	return stmt.get(dataset, component, uuid);
}
