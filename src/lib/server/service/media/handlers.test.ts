import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../db/open';
import { sqliteSql } from '../../db/sqlite-sql';
import { readWavHeader } from './audio';
import { playerAudio, playerCaptions, playerPage, playerPoster, signedImage, type MediaDeps } from './handlers';
import { MEDIA_LINK_TTL_SECONDS, signMediaToken, type MediaClaims } from './links';
import { mediaSecret } from './store';

const VIDEO = '7d3e5f10-2b4c-4d6e-8f90-a1b2c3d4e5f6';
const IMAGE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const NOW_MS = 1_750_000_000_000;
const NOW = NOW_MS / 1000;

let dir: string;
let db: Db;
let deps: MediaDeps;
let secret: Buffer;

function insert(dataset: string, component: string, uuid: string, primaryId: number, title: string, transcript: string | null) {
	db.prepare(
		`INSERT INTO records (dataset, component, uuid, primary_id, primary_date, entity, primary_country, second_geo_layer,
			dominant_lat, dominant_long, mappable, title, summary, transcript)
		 VALUES (?, ?, ?, ?, '2021-03-04', 'Some Group', 'Mali', 'Gao', 16.27, -0.04, 1, ?, 'summary', ?)`
	).run(dataset, component, uuid, primaryId, title, transcript);
}

function token(over: Partial<MediaClaims> = {}): string {
	return signMediaToken(secret, {
		kind: 'player',
		dataset: 'icdb',
		component: 'video',
		uuid: VIDEO,
		exp: NOW + MEDIA_LINK_TTL_SECONDS,
		...over
	});
}

const imageToken = (over: Partial<MediaClaims> = {}) => token({ kind: 'image', dataset: 'icd', component: 'image', uuid: IMAGE, ...over });
const get = (headers: Record<string, string> = {}) => new Request('http://app.test/x', { headers });
const pagePath = (t: string) => `/media/player/${t}`;

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
	db = openDatabase(dir);
	insert(
		'icdb',
		'video',
		VIDEO,
		7001,
		'Patrol <script>alert(1)</script> & "friends"',
		'We drove north at dawn. The bridge was down, so we waited by the river for an hour.'
	);
	insert('icd', 'image', IMAGE, 8001, 'Market square after the storm', null);
	deps = { sql: sqliteSql(db), now: () => NOW_MS };
	secret = await mediaSecret(deps.sql);
});

afterAll(() => {
	db.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

describe('player page', () => {
	it('serves the page with strict headers and no external resources', async () => {
		const t = token();
		const res = await playerPage(deps, t, pagePath(t));
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
		const csp = res.headers.get('content-security-policy')!;
		expect(csp).toContain("default-src 'none'");
		expect(csp).toContain("media-src 'self'");
		expect(csp).toContain("frame-ancestors 'self'");
		expect(csp).not.toMatch(/https?:/);
		expect(csp).not.toContain("script-src 'unsafe-inline'");
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(res.headers.get('cache-control')).toBe('private, no-store');
		expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');

		const html = await res.text();
		// The one inline script runs by its hash, so any other script (an injection) would not.
		const script = html.match(/<script>([\s\S]*?)<\/script>/)![1];
		const hash = createHash('sha256').update(script).digest('base64');
		expect(csp).toContain(`script-src 'sha256-${hash}'`);
		expect(html).toContain(`<audio preload="metadata" src="/media/player/${t}/audio.wav">`);
		expect(html).toMatch(/<track kind="captions" default [^>]*src="\/media\/player\/[^"]+\/captions\.vtt">/);
		expect(html).toContain(`src="/media/player/${t}/poster.png"`);
		expect(html).toContain('<span class="label ICDB"');
		expect(html).toContain('2021-03-04');
		expect(html).toContain('Gao, Mali');
		expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
	});

	it('escapes record text', async () => {
		const t = token();
		const html = await (await playerPage(deps, t, pagePath(t))).text();
		expect(html).not.toContain('<script>alert(1)');
		expect(html).toContain('Patrol &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;');
	});

	it('refuses an expired link with 410 and says what to do', async () => {
		const t = token({ exp: NOW - 1 });
		const res = await playerPage(deps, t, pagePath(t));
		expect(res.status).toBe(410);
		expect(res.headers.get('cache-control')).toBe('private, no-store');
		expect(await res.text()).toContain('This player link has expired; request a new one from the service.');
	});

	it('refuses tampered, truncated and foreign tokens with 403', async () => {
		const t = token();
		const forged = `${t.slice(0, 10)}${t[10] === 'x' ? 'y' : 'x'}${t.slice(11)}`;
		for (const bad of [forged, t.slice(0, -3), 'garbage', imageToken(), token({ component: 'image', uuid: IMAGE, dataset: 'icd' })]) {
			const res = await playerPage(deps, bad, pagePath(bad));
			expect(res.status, bad).toBe(403);
			const body = await res.text();
			expect(body).toContain('This link is not valid');
			expect(body).not.toMatch(/\bat .+:\d+:\d+/);
		}
	});

	it('answers 404 when the record is gone', async () => {
		const t = token({ uuid: '00000000-0000-4000-8000-000000000000' });
		const res = await playerPage(deps, t, pagePath(t));
		expect(res.status).toBe(404);
		expect(await res.text()).toContain('no longer available');
	});
});

describe('player resources', () => {
	it('serves captions as WebVTT', async () => {
		const res = await playerCaptions(deps, token(), get());
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
		const vtt = await res.text();
		expect(vtt.startsWith('WEBVTT')).toBe(true);
		expect(vtt).toContain('We drove north at dawn.');
	});

	it('serves the whole WAV with Accept-Ranges and a cache lifetime bounded by the link', async () => {
		const res = await playerAudio(deps, token(), get());
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('audio/wav');
		expect(res.headers.get('accept-ranges')).toBe('bytes');
		expect(res.headers.get('cache-control')).toBe(`private, max-age=${MEDIA_LINK_TTL_SECONDS}`);
		const body = Buffer.from(await res.arrayBuffer());
		expect(Number(res.headers.get('content-length'))).toBe(body.length);
		expect(readWavHeader(body)?.duration).toBeGreaterThan(5);
	});

	it('serves byte ranges with 206 and 416', async () => {
		const whole = Buffer.from(await (await playerAudio(deps, token(), get())).arrayBuffer());
		const etag = (await playerAudio(deps, token(), get())).headers.get('etag')!;

		const first = await playerAudio(deps, token(), get({ range: 'bytes=0-99' }));
		expect(first.status).toBe(206);
		expect(first.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
		expect(Buffer.from(await first.arrayBuffer()).equals(whole.subarray(0, 100))).toBe(true);

		const open = await playerAudio(deps, token(), get({ range: 'bytes=1000-' }));
		expect(open.status).toBe(206);
		expect(Buffer.from(await open.arrayBuffer()).equals(whole.subarray(1000))).toBe(true);

		const suffix = await playerAudio(deps, token(), get({ range: 'bytes=-10' }));
		expect(suffix.headers.get('content-range')).toBe(`bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`);
		expect(Buffer.from(await suffix.arrayBuffer()).equals(whole.subarray(-10))).toBe(true);

		const beyond = await playerAudio(deps, token(), get({ range: `bytes=${whole.length}-` }));
		expect(beyond.status).toBe(416);
		expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);

		expect((await playerAudio(deps, token(), get({ range: 'bytes=0-1', 'if-range': '"stale"' }))).status).toBe(200);
		expect((await playerAudio(deps, token(), get({ range: 'bytes=0-1', 'if-range': etag }))).status).toBe(206);
		expect((await playerAudio(deps, token(), get({ range: 'bytes=0-1,5-6' }))).status).toBe(200);
	});

	it('answers 304 to a matching If-None-Match', async () => {
		const etag = (await playerPoster(deps, token(), get())).headers.get('etag')!;
		const res = await playerPoster(deps, token(), get({ 'if-none-match': etag }));
		expect(res.status).toBe(304);
		expect(res.headers.get('etag')).toBe(etag);
	});

	it('refuses sub-resources of an expired link too', async () => {
		const expired = token({ exp: NOW });
		expect((await playerAudio(deps, expired, get())).status).toBe(410);
		expect((await playerCaptions(deps, expired, get())).status).toBe(410);
		expect((await playerPoster(deps, expired, get())).status).toBe(410);
	});

	it('serves the poster as a PNG', async () => {
		const res = await playerPoster(deps, token(), get());
		expect(res.headers.get('content-type')).toBe('image/png');
		const img = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
		expect([img.width, img.height]).toEqual([960, 540]);
	});
});

describe('signed image', () => {
	it('serves <token>.png with a cache lifetime of the remaining validity and an ETag', async () => {
		const later = { ...deps, now: () => NOW_MS + 100_000 };
		const res = await signedImage(later, `${imageToken()}.png`, get());
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('image/png');
		expect(res.headers.get('cache-control')).toBe(`private, max-age=${MEDIA_LINK_TTL_SECONDS - 100}`);
		expect(res.headers.get('etag')).toMatch(/^"m\d+-/);
		const img = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
		expect([img.width, img.height]).toEqual([960, 540]);
	});

	it('refuses a player token, a missing extension and an expired token', async () => {
		expect((await signedImage(deps, `${token()}.png`, get())).status).toBe(403);
		expect((await signedImage(deps, imageToken(), get())).status).toBe(403);
		expect((await signedImage(deps, `${imageToken({ exp: NOW - 5 })}.png`, get())).status).toBe(410);
	});
});

describe('failures', () => {
	it('turns an internal error into a plain 500 page without a stack trace', async () => {
		const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
		const broken: MediaDeps = {
			sql: deps.sql,
			now: () => {
				throw new Error('clock exploded at /secret/path.ts:1:2');
			}
		};
		const res = await playerPage(broken, token(), '/media/player/x');
		expect(res.status).toBe(500);
		const body = await res.text();
		expect(body).not.toContain('clock exploded');
		expect(body).not.toContain('/secret/path');
		expect(spy).toHaveBeenCalled();
		spy.mockRestore();
	});
});
