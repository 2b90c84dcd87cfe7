import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

const t = serverWithOracle();

type Row = { uuid: string; primary_id: number; entity: string; title: string; report: string; transcript: string | null };

describe('record detail and component id lookup', () => {
	it('returns the detail of a video with report and transcript, by uuid and by component id alike', async () => {
		const row = t.db.one<Row>("SELECT * FROM records WHERE dataset='icdb' AND component='video' AND mappable=1 LIMIT 1 OFFSET 3");
		const byUuid = await (await t.server.get(`/v1/icdb/videos/${row.uuid}`)).json();
		expect(byUuid).toMatchObject({ uuid: row.uuid, primary_id: row.primary_id, title: row.title, report: row.report, transcript: row.transcript });
		const byId = await (await t.server.get(`/v1/icdb/videos/by-component-id/${row.primary_id}`)).json();
		expect(byId).toEqual(byUuid);
		// Upper-case uuids name the same record.
		expect((await t.server.get(`/v1/icdb/videos/${row.uuid.toUpperCase()}`)).status).toBe(200);
	});

	it('answers image detail without a transcript', async () => {
		const row = t.db.one<Row>("SELECT * FROM records WHERE dataset='icd' AND component='image' LIMIT 1");
		const body = await (await t.server.get(`/v1/icd/images/${row.uuid}`)).json();
		expect(body.report).toBe(row.report);
		expect(body).not.toHaveProperty('transcript');
	});

	it('keeps the four components apart', async () => {
		const row = t.db.one<Row>("SELECT * FROM records WHERE dataset='icd' AND component='video' LIMIT 1");
		await expectProblem(await t.server.get(`/v1/icd/images/${row.uuid}`), 404, 'not_found');
		await expectProblem(await t.server.get(`/v1/icdb/videos/${row.uuid}`), 404, 'not_found');
	});

	it('answers 404 for unknown ids and 400 for malformed ones', async () => {
		await expectProblem(await t.server.get(`/v1/icd/videos/${crypto.randomUUID()}`), 404, 'not_found');
		await expectProblem(await t.server.get('/v1/icd/videos/by-component-id/999999999'), 404, 'not_found');
		await expectProblem(await t.server.get('/v1/icd/videos/not-a-uuid'), 400, 'invalid_parameter');
		await expectProblem(await t.server.get('/v1/icd/videos/by-component-id/12a'), 400, 'invalid_parameter');
		await expectProblem(await t.server.get('/v1/icd/videos/by-component-id/-5'), 400, 'invalid_parameter');
		await expectProblem(await t.server.get('/v1/icd/videos/by-component-id/0'), 400, 'invalid_parameter');
		await expectProblem(await t.server.get(`/v1/icd/videos/${crypto.randomUUID()}?x=1`), 400, 'invalid_parameter');
	});

	it('hides records outside a restricted key’s entities exactly like missing ones', async () => {
		const visible = t.db.one<Row>("SELECT * FROM records WHERE dataset='icd' AND component='video' LIMIT 1");
		const hidden = t.db.one<Row>("SELECT * FROM records WHERE dataset='icd' AND component='video' AND entity <> ? LIMIT 1", visible.entity);
		const { key } = await t.server.createKey(['--entities', visible.entity]);
		expect((await t.server.get(`/v1/icd/videos/${visible.uuid}`, key)).status).toBe(200);
		const a = await expectProblem(await t.server.get(`/v1/icd/videos/${hidden.uuid}`, key), 404, 'not_found');
		const b = await expectProblem(await t.server.get(`/v1/icd/videos/by-component-id/${hidden.primary_id}`, key), 404, 'not_found');
		const c = await expectProblem(await t.server.get(`/v1/icd/videos/${hidden.uuid}/player`, key), 404, 'not_found');
		expect(a.title).toBe(b.title);
		expect(c.code).toBe('not_found');
	});
});
