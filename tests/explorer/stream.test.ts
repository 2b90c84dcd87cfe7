// The explorer's /api endpoints on the real production server, against its embedded service,
// checked with the SQLite file as the oracle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordStream, recordRef, StreamDictionaries, dayToDate, type RecordColumns } from '../../src/lib/stream/decode';
import { COMPONENT_CODES, DATASET_CODES, STREAM_CONTENT_TYPE, type ControlMessage } from '../../src/lib/types/stream';
import { oracle } from '../helpers/oracle';
import { startServer, type TestServer } from '../helpers/server';

interface Row {
	dataset: string;
	component: string;
	uuid: string;
	primary_id: number;
	primary_date: string;
	primary_country: string | null;
	entity: string | null;
	dominant_lat: number;
	dominant_long: number;
}

interface Streamed {
	raw: Buffer;
	controls: ControlMessage[];
	records: Map<string, { part: string; lon: number; lat: number; date: string; country?: string; entity?: string }>;
	duplicates: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icd-explorer-'));
let server: TestServer;
let restricted: { id: string; key: string };
/** Every response body and header block the tests saw, to check that no key leaked. */
const seen: string[] = [];

beforeAll(async () => {
	server = await startServer({ dataDir });
});
afterAll(async () => {
	await server?.stop();
	fs.rmSync(dataDir, { recursive: true, force: true });
});

async function get(pathAndQuery: string): Promise<Response> {
	// No Authorization header: the explorer's endpoints hold the key themselves.
	const response = await fetch(server.url + pathAndQuery);
	const body = Buffer.from(await response.arrayBuffer());
	seen.push(JSON.stringify([...response.headers]), body.toString('latin1'));
	return new Response(body, { status: response.status, headers: response.headers });
}

async function stream(query = ''): Promise<Streamed> {
	const response = await get(`/api/stream${query}`);
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toBe(STREAM_CONTENT_TYPE);
	// Not no-store (Chromium then reports the stream aborted in some loads); the page fetches it with cache: 'no-store'.
	expect(response.headers.get('cache-control')).toBe('private, no-cache');
	const raw = Buffer.from(await response.clone().arrayBuffer());
	const dicts = new StreamDictionaries();
	const controls: ControlMessage[] = [];
	const records: Streamed['records'] = new Map();
	let duplicates = 0;
	const add = (b: RecordColumns, i: number) => {
		// The stream names records by primary_id (unique within a part).
		const part = `${DATASET_CODES[b.dataset]}/${COMPONENT_CODES[b.component]}`;
		const key = `${part}/${recordRef(b, i)}`;
		if (records.has(key)) duplicates++;
		records.set(key, {
			part,
			lon: b.lon[i],
			lat: b.lat[i],
			date: dayToDate(b.day[i]),
			country: dicts.lookup('country', b.country[i]),
			entity: dicts.lookup('entity', b.entity[i])
		});
	};
	for await (const event of readRecordStream(response.body!)) {
		if (event.type === 'control') {
			controls.push(event.message);
			dicts.apply(event.message);
		} else for (let i = 0; i < event.batch.length; i++) add(event.batch, i);
	}
	return { raw, controls, records, duplicates };
}

function expectRecordsOf(streamed: Streamed, rows: Row[]): void {
	expect(streamed.duplicates).toBe(0);
	expect(streamed.records.size).toBe(rows.length);
	for (const row of rows) {
		const got = streamed.records.get(`${row.dataset}/${row.component}/${row.primary_id}`);
		expect(got, row.uuid).toEqual({
			part: `${row.dataset}/${row.component}`,
			// Whole 1e-5 degrees on the wire: the generated coordinates have 5 decimals, so nothing moves.
			lon: Math.fround(Math.round(row.dominant_long * 1e5) / 1e5),
			lat: Math.fround(Math.round(row.dominant_lat * 1e5) / 1e5),
			date: row.primary_date,
			country: row.primary_country ?? undefined,
			entity: row.entity ?? undefined
		});
	}
}

function mappable(where = '1'): Row[] {
	const db = oracle(dataDir);
	try {
		return db.rows<Row>(
			`SELECT dataset, component, uuid, primary_id, primary_date, primary_country, entity, dominant_lat, dominant_long FROM records WHERE mappable = 1 AND ${where}`
		);
	} finally {
		db.close();
	}
}

describe('explorer endpoints on the embedded service', () => {
	it('/api/stream delivers exactly the mappable records of the database', async () => {
		const rows = mappable();
		const db = oracle(dataDir);
		expect(db.count('mappable = 0')).toBeGreaterThan(0);
		db.close();

		const streamed = await stream();
		expectRecordsOf(streamed, rows);
		const types = streamed.controls.map((c) => c.type);
		expect(streamed.controls[0]).toEqual({ type: 'start', parts: ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'], source: 'embedded' });
		expect(types.filter((t) => t === 'part-done')).toHaveLength(4);
		expect(types).not.toContain('error');
		expect(streamed.controls.at(-1)).toMatchObject({ type: 'done', received: rows.length });
		expect(streamed.raw.includes(server.localKey)).toBe(false);
	});

	it('/api/stream walks only the parts asked for, and refuses unknown ones readably', async () => {
		expectRecordsOf(await stream('?datasets=icdb&components=image'), mappable("dataset = 'icdb' AND component = 'image'"));
		const bad = await get('/api/stream?datasets=icd,nope');
		expect(bad.status).toBe(400);
		expect(await bad.json()).toEqual({ message: 'Unknown dataset "nope"; expected icd, icdb.' });
	});

	it('/api/record returns the record detail, and readable errors', async () => {
		const db = oracle(dataDir);
		const row = db.one<{ uuid: string; primary_id: number; title: string; report: string; transcript: string }>(
			"SELECT uuid, primary_id, title, report, transcript FROM records WHERE dataset = 'icdb' AND component = 'video' LIMIT 1"
		);
		db.close();
		const response = await get(`/api/record/icdb/video/${row.uuid}`);
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ uuid: row.uuid, title: row.title, report: row.report, transcript: row.transcript });

		// By primary_id, as the lean record stream names records: the component-id lookup, the same detail.
		const byId = await get(`/api/record/icdb/video/${row.primary_id}`);
		expect(byId.status).toBe(200);
		expect(await byId.json()).toEqual(await (await get(`/api/record/icdb/video/${row.uuid}`)).json());
		const noSuchId = await get('/api/record/icdb/video/1');
		expect(noSuchId.status).toBe(404);
		expect(Object.keys(await noSuchId.json())).toEqual(['message']);
		const notARef = await get('/api/record/icdb/video/12ab');
		expect(notARef.status).toBe(400);
		expect(await notARef.json()).toEqual({ message: '"12ab" is neither a record uuid nor a record id (primary_id).' });

		const missing = await get(`/api/record/icd/image/${crypto.randomUUID()}`);
		expect(missing.status).toBe(404);
		expect(await missing.json()).toEqual({ message: expect.stringMatching(/^No ICD image record with uuid/) });
		const invalid = await get('/api/record/nope/video/x');
		expect(invalid.status).toBe(400);
		expect(Object.keys(await invalid.json())).toEqual(['message']);
	});

	it('/api/media returns player and viewer links the browser can open', async () => {
		const db = oracle(dataDir);
		const video = db.one<{ uuid: string }>("SELECT uuid FROM records WHERE dataset = 'icd' AND component = 'video' LIMIT 1").uuid;
		const image = db.one<{ uuid: string; primary_id: number }>("SELECT uuid, primary_id FROM records WHERE dataset = 'icd' AND component = 'image' LIMIT 1");
		db.close();
		const player = (await (await get(`/api/media/icd/video/${video}`)).json()) as { kind: string; embed_url: string };
		expect(player).toMatchObject({ kind: 'player', status: 'ok', uuid: video });
		expect(player.embed_url.startsWith(`${server.url}/media/player/`)).toBe(true);
		expect((await fetch(player.embed_url)).status).toBe(200);
		const viewer = (await (await get(`/api/media/icd/image/${image.uuid}`)).json()) as { kind: string; signed_url: string };
		expect(viewer).toMatchObject({ kind: 'image', uuid: image.uuid });
		// A primary_id is resolved to the uuid the service's media routes take.
		expect(await (await get(`/api/media/icd/image/${image.primary_id}`)).json()).toMatchObject({ kind: 'image', uuid: image.uuid });
		const png = await fetch(viewer.signed_url);
		expect(png.status).toBe(200);
		expect(png.headers.get('content-type')).toMatch(/^image\/png/);
	});

	it('/api/status says where the data comes from, without secrets', async () => {
		const body = await (await get('/api/status')).json();
		expect(body).toMatchObject({ source: 'embedded', service: new URL(server.url).host, datasets: ['icd', 'icdb'] });
		expect(body.parts).toHaveLength(4);
		expect(body.parts[0]).toMatchObject({ part: 'icd/video', visible: true, total: mappable("dataset = 'icd' AND component = 'video'").length });
	});

	it('never puts the API key in a response', () => {
		expect(seen.length).toBeGreaterThan(10);
		for (const text of seen) expect(text.includes(server.localKey)).toBe(false);
		expect(seen.join('\n')).not.toMatch(/icd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/);
	});
});

describe('explorer with a key restricted to ICD (ICD_API_KEY)', () => {
	beforeAll(async () => {
		restricted = await server.createKey(['--datasets', 'icd']);
		await server.stop();
		server = await startServer({ dataDir, env: { ICD_API_KEY: restricted.key } });
	});

	it('streams the ICD parts and reports the ICDB parts as not permitted', async () => {
		const streamed = await stream();
		expectRecordsOf(streamed, mappable("dataset = 'icd'"));
		// The parts are walked at once: their refusals come in the order the service answers them.
		const errors = streamed.controls.filter((c) => c.type === 'error').sort((a, b) => String(a.part).localeCompare(String(b.part)));
		expect(errors).toEqual([
			{ type: 'error', part: 'icdb/image', status: 403, code: 'forbidden', message: 'This key is not permitted to use the ICDB dataset.' },
			{ type: 'error', part: 'icdb/video', status: 403, code: 'forbidden', message: 'This key is not permitted to use the ICDB dataset.' }
		]);
		expect(streamed.raw.includes(restricted.key)).toBe(false);
		const status = await (await get('/api/status')).json();
		expect(status.datasets).toEqual(['icd']);
		expect(JSON.stringify(status)).not.toContain(restricted.key);
	});
});
