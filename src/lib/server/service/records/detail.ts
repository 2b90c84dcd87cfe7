// Record detail by uuid and by component id. A record outside the key's entities is answered
// exactly like a record that does not exist, so a restricted key cannot learn that it exists.
import { DATASET_LABEL, type Component, type Dataset, type RecordRow } from '../../../types/dataset';
import type { ApiKey, Feature } from '../auth/keys';
import { requireAccess } from '../auth/permissions';
import type { ReadDeps } from '../deps';
import { ProblemError } from '../problems';
import type { RecordDetail } from '../schemas';
import { scopeClause } from './scope';
import { toDetail } from './shape';

function findRecord(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, column: 'uuid' | 'primary_id', value: string | number): RecordRow | undefined {
	const scope = scopeClause(deps.db, key, dataset, component, {});
	return deps.db.prepare(`SELECT r.* FROM records r WHERE r.${column} = ? AND ${scope.sql}`).get(value, ...scope.params) as RecordRow | undefined;
}

function notFound(dataset: Dataset, component: Component, what: string): ProblemError {
	return new ProblemError('not_found', `No ${DATASET_LABEL[dataset]} ${component} record with ${what}.`);
}

/** The stored record behind a uuid, for detail and media; 404 when absent or not visible to the key. */
export function recordByUuid(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, uuid: string, feature: Feature): RecordRow {
	requireAccess(key, dataset, feature);
	const row = findRecord(deps, key, dataset, component, 'uuid', uuid.toLowerCase());
	if (!row) throw notFound(dataset, component, `uuid ${uuid}`);
	return row;
}

export function getRecord(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, uuid: string): RecordDetail {
	return toDetail(recordByUuid(deps, key, dataset, component, uuid, 'detail'));
}

export function getRecordByComponentId(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, componentId: number): RecordDetail {
	requireAccess(key, dataset, 'lookup');
	const row = findRecord(deps, key, dataset, component, 'primary_id', componentId);
	if (!row) throw notFound(dataset, component, `component id ${componentId}`);
	return toDetail(row);
}
