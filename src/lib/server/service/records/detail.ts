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

async function findRecord(
	deps: ReadDeps,
	key: ApiKey,
	dataset: Dataset,
	component: Component,
	column: 'uuid' | 'primary_id',
	value: string | number
): Promise<RecordRow | undefined> {
	const scope = await scopeClause(deps.sql, key, dataset, component, {});
	return deps.sql.get<RecordRow>(`SELECT r.* FROM records r WHERE r.${column} = ? AND ${scope.sql}`, [value, ...scope.params]);
}

function notFound(dataset: Dataset, component: Component, what: string): ProblemError {
	return new ProblemError('not_found', `No ${DATASET_LABEL[dataset]} ${component} record with ${what}.`);
}

/** The stored record behind a uuid, for detail and media; 404 when absent or not visible to the key. */
export async function recordByUuid(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, uuid: string, feature: Feature): Promise<RecordRow> {
	requireAccess(key, dataset, feature);
	const row = await findRecord(deps, key, dataset, component, 'uuid', uuid.toLowerCase());
	if (!row) throw notFound(dataset, component, `uuid ${uuid}`);
	return row;
}

export async function getRecord(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, uuid: string): Promise<RecordDetail> {
	return toDetail(await recordByUuid(deps, key, dataset, component, uuid, 'detail'));
}

export async function getRecordByComponentId(deps: ReadDeps, key: ApiKey, dataset: Dataset, component: Component, componentId: number): Promise<RecordDetail> {
	requireAccess(key, dataset, 'lookup');
	const row = await findRecord(deps, key, dataset, component, 'primary_id', componentId);
	if (!row) throw notFound(dataset, component, `component id ${componentId}`);
	return toDetail(row);
}
