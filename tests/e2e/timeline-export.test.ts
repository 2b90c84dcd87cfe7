// Timeline playback and briefing images in real Chromium against the real server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../helpers/browser';
import { coloured, dark } from '../helpers/pixels';
import { openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import type { Oracle } from '../helpers/oracle';
import type { PageHandle } from '../helpers/page-handle';
import { freePort, runScript, type TestServer } from '../helpers/server';

let server: TestServer;
let page: Page;
let handle: PageHandle;
let db: Oracle;

const TITLE_BAND = 64;
const FOOTER_BAND = 46;

const visible = () => page.getByTestId('visible-count').getAttribute('data-visible').then(Number);
const dateLabel = () => page.getByTestId('date-label').innerText();
const playing = () => handle.playing();
const idle = () => settled(page);
const param = (name: string) => new URL(page.url()).searchParams.get(name);
const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const countBetween = (from: string, to: string) => db.count('mappable = 1 AND primary_date BETWEEN ? AND ?', from, to);

async function exportImage(request: { width: number; height: number; scale: number; title: string }): Promise<PNG> {
	const url = await handle.exportImage(request);
	return PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

let explorer: ExplorerPage;

beforeAll(async () => {
	explorer = await openExplorer();
	({ server, db, page, handle } = explorer);
});
afterAll(() => explorer?.close());

describe('the timeline', () => {
	it('draws the histogram and sets the date range by brushing it', async () => {
		const chart = page.getByTestId('timeline-chart');
		expect(await chart.locator('rect.bar').count()).toBeGreaterThan(20);
		const box = (await chart.boundingBox())!;
		await page.mouse.move(box.x + box.width * 0.3, box.y + 20);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width * 0.45, box.y + 20, { steps: 4 });
		await page.mouse.move(box.x + box.width * 0.6, box.y + 20, { steps: 4 });
		await page.mouse.up();
		await expect.poll(() => param('from')).not.toBeNull();
		const from = param('from')!;
		const to = param('to')!;
		expect(to > from).toBe(true);
		// Two-way bound: the date inputs show the brushed range, and the count is the service's own.
		expect(await page.getByTestId('date-from').inputValue()).toBe(from);
		expect(await page.getByTestId('date-to').inputValue()).toBe(to);
		await expect.poll(visible).toBe(countBetween(from, to));
		await idle();
		await chart.dblclick({ position: { x: box.width * 0.5, y: 20 } });
		await expect.poll(() => param('from')).toBeNull();
		await expect.poll(visible).toBe(db.count('mappable = 1'));
		await idle();
	});

	it('plays: the date label advances and the visible points change; pause stops it', async () => {
		await page.getByTestId('playback-speed').selectOption('30');
		await page.getByTestId('playback-width').selectOption('91');
		// Looping, so a slow machine cannot reach the end before the test pauses.
		await page.getByLabel('Loop').check();
		await page.getByTestId('play').click();
		await expect.poll(playing).toBe(true);
		const first = await dateLabel();
		const counts = new Set<number>();
		await expect
			.poll(
				async () => {
					counts.add(await visible());
					return (await dateLabel()) !== first && counts.size > 1;
				},
				{ timeout: 20_000, interval: 100 }
			)
			.toBe(true);
		await page.screenshot({ path: artifact('timeline-playing.png') });

		await page.getByTestId('play').click();
		await expect.poll(playing).toBe(false);
		// Paused, the map is back to the date range set before playing (none here: every record, no date label).
		await expect.poll(() => page.getByTestId('date-label').count()).toBe(0);
		expect(param('from')).toBeNull();
		await expect.poll(visible).toBe(db.count('mappable = 1'));
		expect(param('ps')).toBe('30');
		expect(param('pw')).toBe('91');
		expect(param('pl')).toBe('1');
		await idle();
	});

	it('plays on a hardware GPU by moving the GPU filter range over dots it never re-uploads', async () => {
		// This machine renders in software (the density image per frame); the hardware path is forced.
		const layers = () => handle.layers();
		const pointLayers = async () => (await layers()).filter((l) => l.id.startsWith('points-'));
		await handle.usePlaybackOnGpu(true);
		try {
			await handle.play({ loop: true });
			await expect.poll(async () => (await layers()).some((l) => l.id.startsWith('points-') && l.ageFade)).toBe(true);
			// Dots of the playback radius whatever the zoom, faded by age from the window's start to its recent part.
			const playingLayer = (await layers()).find((l) => l.id.startsWith('points-') && l.ageFade)!;
			expect(playingLayer.radiusMinPixels).toBe(3.5);
			expect(playingLayer.ageFade![0]).toBe(playingLayer.dateRange![0]);
			expect(playingLayer.ageFade![1]).toBeGreaterThan(playingLayer.dateRange![0]);
			expect(playingLayer.ageFade![1]).toBeLessThan(playingLayer.dateRange![1]);
			const first = await pointLayers();
			expect((await layers()).some((l) => l.id === 'density' || l.id === 'clusters')).toBe(false);
			// Same data objects (nothing uploaded), a window that moves.
			const marker = first[0].dateRange![0];
			await expect.poll(async () => (await layers()).find((l) => l.id === first[0].id)?.dateRange?.[0]).not.toBe(marker);
			expect((await pointLayers()).map((l) => l.source)).toEqual(first.map((l) => l.source));
		} finally {
			await handle.run((e) => {
				e.pause();
				e.usePlaybackOnGpu(false);
			});
		}
		await expect.poll(playing).toBe(false);
		// Back to the range set before playing: none.
		expect(param('from')).toBeNull();
		await idle();
	});

	it('answers the keyboard: arrows step by one window within the range, space plays and pauses', async () => {
		await page.getByTestId('date-from').fill('2018-01-01');
		await page.getByTestId('date-to').fill('2018-12-31');
		await page.getByTestId('date-to').blur();
		await expect.poll(() => param('to')).toBe('2018-12-31');
		await blur();
		const shown = () => handle.playWindow();
		await page.keyboard.press('ArrowRight');
		await expect.poll(shown).not.toBeNull();
		// One 91-day window from the range's first day; the range itself is untouched.
		const days = (await shown())!.from - Date.parse('2018-01-01T00:00:00Z') / 86_400_000;
		expect(days).toBeGreaterThanOrEqual(90);
		expect(days).toBeLessThanOrEqual(92);
		expect([param('from'), param('to')]).toEqual(['2018-01-01', '2018-12-31']);
		await page.keyboard.press('Space');
		await expect.poll(playing).toBe(true);
		await page.keyboard.press('Space');
		await expect.poll(playing).toBe(false);
		expect([param('from'), param('to')]).toEqual(['2018-01-01', '2018-12-31']);
		await idle();
	});
});

describe('briefing images', () => {
	it('exports from the dialog a PNG of the requested size with its title band and the map’s records', async () => {
		await page.getByTestId('export-open').click();
		const dialog = page.getByTestId('export-dialog');
		await dialog.getByTestId('export-title').fill('Exported in a test');
		await dialog.getByLabel('Custom…').check();
		await dialog.getByTestId('export-width').fill('900');
		await dialog.getByTestId('export-height').fill('640');
		await expect(dialog.getByTestId('export-pixels').innerText()).resolves.toBe('900 × 640');
		const download = page.waitForEvent('download', { timeout: 120_000 });
		await dialog.getByTestId('export-run').click();
		const file = artifact('briefing-dialog.png');
		await (await download).saveAs(file);
		const png = PNG.sync.read(fs.readFileSync(file));
		expect([png.width, png.height]).toEqual([900, 640]);
		expect(dark(png, 0, TITLE_BAND)).toBeGreaterThan(150); // the title's and subtitle's letters
		expect(coloured(png, TITLE_BAND, 640 - FOOTER_BAND)).toBeGreaterThan(100); // records, not a blank map
		expect(await dialog.getByTestId('export-preview').isVisible()).toBe(true);
		await page.screenshot({ path: artifact('export-dialog.png') });
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
		await expect.poll(() => dialog.count()).toBe(0);
	});

	it('keeps points and clusters their size at 2× (four times the pixels, not the same)', async () => {
		await page.getByTestId('date-from').fill('');
		await page.getByTestId('date-to').fill('');
		await page
			.getByRole('button', { name: 'All dates' })
			.click()
			.catch(() => {});
		await idle();
		const one = await exportImage({ width: 800, height: 560, scale: 1, title: 'Scale 1' });
		const two = await exportImage({ width: 800, height: 560, scale: 2, title: 'Scale 2' });
		expect([one.width, one.height, two.width, two.height]).toEqual([800, 560, 1600, 1120]);
		fs.writeFileSync(artifact('briefing-2x.png'), PNG.sync.write(two));
		const ratio = coloured(two, TITLE_BAND * 2, 1120 - FOOTER_BAND * 2) / coloured(one, TITLE_BAND, 560 - FOOTER_BAND);
		console.log(`2× / 1× coloured map pixels: ${ratio.toFixed(2)}`);
		expect(ratio).toBeGreaterThan(3);
		expect(ratio).toBeLessThan(5.5);
	}, 180_000); // two exports drawn in software WebGL: past 60 s on a loaded 2-core machine

	it('refuses sizes it cannot make, with a reason', async () => {
		const error = await handle.run((e) =>
			e.exportImage({ width: 5000, height: 1000, scale: 2 }).then(
				() => null,
				(error: Error) => error.message
			)
		);
		expect(error).toMatch(/at most 8192/);
	});

	it('`npm run brief` writes the PNG from a URL state, starting the app when none runs', async () => {
		const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brief-')), 'brief.png');
		// Against the running app, from a full explorer URL.
		const view = `${server.url}/?at=20,15,2.2&from=2018-01-01&to=2020-12-31`;
		const r = runScript('scripts/brief.ts', ['--out', out, '--view', view, '--size', '800x600', '--scale', '2', '--title', 'From the CLI'], {});
		expect(r.stderr).toMatch(/Rendering 1600 × 1200 pixels/);
		expect(r.status).toBe(0);
		const png = PNG.sync.read(fs.readFileSync(out));
		expect([png.width, png.height]).toEqual([1600, 1200]);
		expect(coloured(png, TITLE_BAND * 2, 1200 - FOOTER_BAND * 2)).toBeGreaterThan(100);

		// With nothing listening: it starts the app (a small dataset in its own directory), then stops it.
		const port = await freePort();
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brief-app-'));
		const own = runScript('scripts/brief.ts', ['--out', out, '--view', 'at=10,10,1.5', '--size', '640x480'], {
			PORT: String(port),
			DATA_DIR: dataDir,
			DATASET_SIZE: '300',
			DATASET_SEED: 'brief'
		});
		expect(own.stderr).toMatch(/starting the app/);
		expect(own.status).toBe(0);
		expect(PNG.sync.read(fs.readFileSync(out)).width).toBe(640);
		const after = await fetch(`http://127.0.0.1:${port}/api/status`).then(
			() => 'answering',
			() => 'stopped'
		);
		expect(after).toBe('stopped');
	}, 240_000);
});

describe('the Content-Security-Policy', () => {
	it('reported no violation while the timeline, playback and the briefing export ran', () => {
		expect(explorer.cspViolations()).toEqual([]);
	});
});
