// The timeline playback exported as a video, in real Chromium against the real server: the file
// is decoded by Chromium itself (a <video> element reads its duration and frame size, and a frame
// drawn from it is checked for the briefing's bands), cancel stops an export, `npm run brief --
// --video` writes a playable file, and playback draws its dots large and faded by age in the app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../helpers/browser';
import { coloured, dark } from '../helpers/pixels';
import { openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import type { PageHandle } from '../helpers/page-handle';
import { runScript } from '../helpers/server';

let explorer: ExplorerPage;
let page: Page;
let handle: PageHandle;

beforeAll(async () => {
	explorer = await openExplorer();
	({ page, handle } = explorer);
});
afterAll(() => explorer?.close());

interface Decoded {
	duration: number;
	width: number;
	height: number;
	/** The frame in the middle of the video, as a PNG data URL. */
	middle: string;
}

/** Chromium's own decoder on the file: its duration and frame size, and the middle frame drawn. */
function decode(file: string, type: string): Promise<Decoded> {
	return page.evaluate(
		async ({ b64, type }) => {
			const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
			const video = document.createElement('video');
			video.muted = true;
			video.src = URL.createObjectURL(new Blob([bytes], { type }));
			await new Promise((resolve, reject) => {
				video.onloadedmetadata = resolve;
				video.onerror = () => reject(new Error(`the browser could not decode the file (${video.error?.code}: ${video.error?.message})`));
			});
			video.currentTime = video.duration / 2;
			await new Promise((resolve) => (video.onseeked = resolve));
			const canvas = document.createElement('canvas');
			canvas.width = video.videoWidth;
			canvas.height = video.videoHeight;
			const context = canvas.getContext('2d', { willReadFrequently: true })!;
			// 'seeked' can come before the decoder has handed the frame over (an element outside the
			// document is painted only when asked): drawn then, the canvas stays transparent (a CI
			// failure, every pixel 0,0,0,0). Draw until the frame is there, for up to 10 s.
			const drawn = () => context.getImageData(0, 0, canvas.width, canvas.height).data.some((v, i) => i % 4 === 3 && v > 0);
			for (let tries = 0; ; tries++) {
				context.clearRect(0, 0, canvas.width, canvas.height);
				context.drawImage(video, 0, 0);
				if (drawn() || tries === 100) break;
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
			URL.revokeObjectURL(video.src);
			return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, middle: canvas.toDataURL('image/png') };
		},
		{ b64: fs.readFileSync(file).toString('base64'), type }
	);
}

function savePng(dataUrl: string, name: string): PNG {
	const file = artifact(name);
	fs.writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
	return PNG.sync.read(fs.readFileSync(file));
}

describe('playback to video', () => {
	it('exports from the dialog a WebM that Chromium decodes at the requested size and duration, with the bands and the moving date', async () => {
		await page.getByTestId('video-open').click();
		const dialog = page.getByTestId('video-dialog');
		await dialog.getByTestId('video-title-input').fill('Playback in a test');
		await dialog.getByLabel('Custom…').check();
		await dialog.getByTestId('video-width').fill('640');
		await dialog.getByTestId('video-height').fill('360');
		await dialog.getByTestId('video-seconds').fill('2');
		await dialog.getByTestId('video-fps').selectOption('24');
		await expect.poll(() => dialog.getByTestId('video-summary').innerText()).toBe('WEBM of 640 × 360 pixels, 48 frames (2 s at 24 fps).');
		const download = page.waitForEvent('download', { timeout: 240_000 });
		await dialog.getByTestId('video-run').click();
		// Progress counts frames as they are encoded.
		await expect.poll(() => dialog.getByTestId('video-progress').getAttribute('data-total'), { timeout: 60_000 }).toBe('48');
		const file = artifact('playback.webm');
		await (await download).saveAs(file);
		const video = await decode(file, 'video/webm');
		expect([video.width, video.height]).toEqual([640, 360]);
		expect(Math.abs(video.duration - 2)).toBeLessThanOrEqual(1 / 24);
		const frame = savePng(video.middle, 'playback-frame.png');
		expect(dark(frame, 0, 40)).toBeGreaterThan(100); // the title
		expect(coloured(frame, 10, 40, 440, 640)).toBeGreaterThan(100); // the dataset chips
		expect(dark(frame, 70, 110, 10, 330)).toBeGreaterThan(100); // the window's dates, large on the map
		expect(await dialog.getByTestId('video-preview').isVisible()).toBe(true);
		await page.screenshot({ path: artifact('video-dialog.png') });
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
		await expect.poll(() => dialog.count()).toBe(0);
	}, 300_000);

	it('cancels an export: the encoding stops and no file is made', async () => {
		await page.getByTestId('video-open').click();
		const dialog = page.getByTestId('video-dialog');
		await dialog.getByTestId('video-seconds').fill('60');
		let downloaded = false;
		const onDownload = () => (downloaded = true);
		page.on('download', onDownload);
		await dialog.getByTestId('video-run').click();
		await expect.poll(() => dialog.getByTestId('video-progress').getAttribute('data-done').then(Number), { timeout: 120_000 }).toBeGreaterThan(0);
		await dialog.getByTestId('video-cancel').click();
		await expect.poll(() => dialog.getByTestId('video-note').innerText(), { timeout: 30_000 }).toMatch(/Cancelled/);
		expect(await dialog.getByTestId('video-progress').count()).toBe(0);
		expect(await dialog.getByTestId('video-run').isEnabled()).toBe(true);
		expect(downloaded).toBe(false);
		page.off('download', onDownload);
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
	}, 180_000);

	it('writes MP4 where the browser has an H.264 encoder, and says so where it has none', async () => {
		const mp4 = await page.evaluate(() => VideoEncoder.isConfigSupported({ codec: 'avc1.640028', width: 480, height: 320 }).then((s) => !!s.supported));
		const made = await handle.run((e) =>
			e.exportVideo({ width: 480, height: 320, seconds: 1, fps: 12, format: 'mp4' }).then(
				(r) => ({ base64: r.base64, type: r.type, frames: r.frames }),
				(error: Error) => ({ error: error.message })
			)
		);
		if (!mp4) {
			expect('error' in made && made.error).toMatch(/no H.264 encoder/);
			return;
		}
		if ('error' in made) throw new Error(made.error);
		expect(made.frames).toBe(12);
		const file = artifact('playback.mp4');
		fs.writeFileSync(file, Buffer.from(made.base64, 'base64'));
		expect(fs.readFileSync(file).subarray(4, 8).toString('latin1')).toBe('ftyp');
		const video = await decode(file, 'video/mp4');
		expect([video.width, video.height]).toEqual([480, 320]);
		expect(Math.abs(video.duration - 1)).toBeLessThanOrEqual(1 / 12);
	}, 180_000);

	it('`npm run brief -- --video` writes a playable file of the requested size and duration', async () => {
		const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brief-video-')), 'playback.webm');
		const r = runScript(
			'scripts/brief.ts',
			['--video', out, '--view', `${explorer.server.url}/?at=20,15,1.6`, '--size', '640x360', '--duration', '1', '--fps', '12', '--title', 'From the CLI'],
			{}
		);
		expect(r.stderr).toMatch(/Encoding 12 frames of 640 × 360/);
		expect(r.status).toBe(0);
		expect(r.stdout).toMatch(/640x360 12 frames/);
		const video = await decode(out, 'video/webm');
		expect([video.width, video.height]).toEqual([640, 360]);
		expect(Math.abs(video.duration - 1)).toBeLessThanOrEqual(1 / 12);
		// A wrong frame rate is refused before anything starts.
		const bad = runScript('scripts/brief.ts', ['--video', out, '--fps', '0'], {});
		expect(bad.status).toBe(2);
		expect(bad.stderr).toMatch(/frame rate/);
	}, 300_000);
});

describe('playback visibility in the app', () => {
	/** The density image drawn while playing (software WebGL): its pixels and how many cells hold records. */
	const playbackImage = () =>
		handle.run((e) => {
			const layer = e.layers().find((l) => l.id === 'density');
			const pixels = e.image('density');
			if (!layer || !pixels || !e.playing()) return null;
			const { data, width, height } = pixels;
			const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
			let painted = 0;
			// A dot's middle: a pixel whose four neighbours have its opacity (the rim's are partly covered).
			const middles: number[] = [];
			for (let y = 1; y < height - 1; y++) {
				for (let x = 1; x < width - 1; x++) {
					const a = alpha(x, y);
					if (a === 0) continue;
					painted++;
					if (alpha(x - 1, y) === a && alpha(x + 1, y) === a && alpha(x, y - 1) === a && alpha(x, y + 1) === a) middles.push(a);
				}
			}
			return { cells: layer.cells ?? 0, painted, middles: middles.length, strongest: Math.max(...middles), faintest: Math.min(...middles) };
		});

	it('draws each record of the playback window as a dot of the minimum radius, the older ones fainter', async () => {
		await settled(page);
		await handle.play({ loop: true, widthDays: 365, speed: 30 });
		try {
			// Until the first playback image replaces the one drawn before playing (no dots, no fade).
			let seen: Awaited<ReturnType<typeof playbackImage>> = null;
			await expect.poll(async () => ((seen = await playbackImage()), seen?.middles ?? 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
			// A record's cell (2 px) becomes a dot of 3.5 px radius: many painted cells per record cell.
			expect(seen!.painted).toBeGreaterThan(seen!.cells * 5);
			// The newest at full strength, older ones down to about a third of it (the fade by age):
			// sampled over a few frames, as one window may happen to hold only recent records.
			await expect
				.poll(
					async () => {
						const image = await playbackImage();
						return !!image && image.middles > 0 && image.strongest >= 190 && image.faintest < 100;
					},
					{ timeout: 30_000 }
				)
				.toBe(true);
		} finally {
			await handle.pause();
		}
	});

	it('draws the GPU path’s dots (the fade shader compiles and paints)', async () => {
		await handle.usePlaybackOnGpu(true);
		try {
			await handle.play({ loop: true, widthDays: 365, speed: 30 });
			await expect.poll(async () => (await handle.layers()).some((l) => l.id.startsWith('points-') && l.ageFade)).toBe(true);
			const map = page.getByTestId('map');
			await expect
				.poll(
					async () => {
						const png = PNG.sync.read(await map.screenshot());
						return coloured(png, 0, png.height);
					},
					{ timeout: 30_000 }
				)
				.toBeGreaterThan(50);
		} finally {
			await handle.run((e) => {
				e.pause();
				e.usePlaybackOnGpu(false);
			});
		}
	});
});
