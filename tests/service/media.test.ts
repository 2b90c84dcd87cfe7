import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { signMediaToken } from '../../src/lib/server/service/media/links';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

const t = serverWithOracle();

const video = () => t.db.one<{ uuid: string; title: string }>("SELECT uuid, title FROM records WHERE dataset='icdb' AND component='video' LIMIT 1");
const image = () => t.db.one<{ uuid: string; title: string }>("SELECT uuid, title FROM records WHERE dataset='icd' AND component='image' LIMIT 1");

describe('video player', () => {
	it('returns a signed, expiring player URL whose page plays the record without the API key', async () => {
		const v = video();
		const before = Math.floor(Date.now() / 1000);
		const body = await (await t.server.get(`/v1/icdb/videos/${v.uuid}/player`)).json();
		expect(body).toMatchObject({ status: 'ok', uuid: v.uuid, title: v.title });
		expect(body.expires).toBeGreaterThan(before + 60);
		expect(body.expires).toBeLessThan(before + 24 * 3600);
		expect(body.embed_url.startsWith(t.server.url + '/media/player/')).toBe(true);

		const page = await fetch(body.embed_url);
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toMatch(/text\/html/);
		const html = await page.text();
		expect(html).toContain('<audio');
		expect(html).toContain('ICDB');
		expect(html).not.toContain(t.server.localKey);

		const audio = await fetch(body.embed_url + '/audio.wav');
		expect(audio.headers.get('content-type')).toMatch(/audio\/(wav|x-wav)/);
		expect(
			Buffer.from(await audio.arrayBuffer())
				.subarray(0, 4)
				.toString()
		).toBe('RIFF');
		const vtt = await (await fetch(body.embed_url + '/captions.vtt')).text();
		expect(vtt.startsWith('WEBVTT')).toBe(true);
		const poster = await fetch(body.embed_url + '/poster.png');
		expect(poster.headers.get('content-type')).toBe('image/png');
	});

	it('refuses tampered and expired links with a clear page', async () => {
		const body = await (await t.server.get(`/v1/icdb/videos/${video().uuid}/player`)).json();
		const token = body.embed_url.split('/').pop() as string;
		const tampered = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
		const refused = await fetch(`${t.server.url}/media/player/${tampered}`);
		expect(refused.status).toBe(403);
		expect(await refused.text()).toMatch(/not valid/i);

		const secret = Buffer.from(t.db.one<{ value: string }>("SELECT value FROM meta WHERE key='secret:media'").value, 'hex');
		const expired = signMediaToken(secret, { kind: 'player', dataset: 'icdb', component: 'video', uuid: video().uuid, exp: Math.floor(Date.now() / 1000) - 5 });
		const gone = await fetch(`${t.server.url}/media/player/${expired}`);
		expect(gone.status).toBe(410);
		expect(await gone.text()).toMatch(/expired/i);
	});

	it('has no player for images and no viewer for videos', async () => {
		await expectProblem(await t.server.get(`/v1/icd/images/${image().uuid}/player`), 404, 'not_found');
		await expectProblem(await t.server.get(`/v1/icdb/videos/${video().uuid}/viewer`), 404, 'not_found');
	});
});

describe('image viewer', () => {
	it('returns a signed URL of the record’s PNG', async () => {
		const i = image();
		const body = await (await t.server.get(`/v1/icd/images/${i.uuid}/viewer`)).json();
		expect(body).toMatchObject({ status: 'ok', uuid: i.uuid, title: i.title });
		const r = await fetch(body.signed_url);
		expect(r.status).toBe(200);
		expect(r.headers.get('content-type')).toBe('image/png');
		const png = PNG.sync.read(Buffer.from(await r.arrayBuffer()));
		expect(png.width).toBeGreaterThanOrEqual(640);
		expect(png.height).toBeGreaterThanOrEqual(360);
		// A video link's token does not open an image, and vice versa.
		const player = await (await t.server.get(`/v1/icdb/videos/${video().uuid}/player`)).json();
		const token = player.embed_url.split('/').pop();
		expect((await fetch(`${t.server.url}/media/image/${token}.png`)).status).toBe(403);
	});
});
