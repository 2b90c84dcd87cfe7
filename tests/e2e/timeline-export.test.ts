// Timeline playback and briefing images in real Chromium against the real server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../helpers/browser';
import { coloured, dark } from '../helpers/pixels';
import { chooseTheme, openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
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
		// Small sizes: the cost of software WebGL grows with the pixels, and the ratio is the same.
		const one = await exportImage({ width: 560, height: 400, scale: 1, title: 'Scale 1' });
		const two = await exportImage({ width: 560, height: 400, scale: 2, title: 'Scale 2' });
		expect([one.width, one.height, two.width, two.height]).toEqual([560, 400, 1120, 800]);
		fs.writeFileSync(artifact('briefing-2x.png'), PNG.sync.write(two));
		const ratio = coloured(two, TITLE_BAND * 2, 800 - FOOTER_BAND * 2) / coloured(one, TITLE_BAND, 400 - FOOTER_BAND);
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

	// A URL state at 2× against the running app: theme.test.ts (with --theme dark).
	it('`npm run brief` starts the app when none runs, and stops it after', async () => {
		const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brief-')), 'brief.png');
		// With nothing listening: it starts the app (a small dataset in its own directory), then stops it.
		const port = await freePort();
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brief-app-'));
		const own = runScript('scripts/brief.ts', ['--out', out, '--view', 'at=10,10,1.5', '--size', '480x360'], {
			PORT: String(port),
			DATA_DIR: dataDir,
			DATASET_SIZE: '300',
			DATASET_SEED: 'brief'
		});
		expect(own.stderr).toMatch(/starting the app/);
		expect(own.status).toBe(0);
		expect(PNG.sync.read(fs.readFileSync(out)).width).toBe(480);
		const after = await fetch(`http://127.0.0.1:${port}/api/status`).then(
			() => 'answering',
			() => 'stopped'
		);
		expect(after).toBe('stopped');
	}, 240_000);
});

describe('annotations', () => {
	/** An exported PNG's pixel for a page point, when the export is the map's own size plus its bands (the same zoom and centre). */
	const inExport = (box: { x: number; y: number }, p: { x: number; y: number }) => ({ x: Math.round(p.x - box.x), y: Math.round(p.y - box.y) + TITLE_BAND });
	/** Pixels of a colour within `r` of a point. */
	const near = (png: PNG, at: { x: number; y: number }, r: number, test: (r: number, g: number, b: number) => boolean) => {
		let n = 0;
		for (let y = Math.max(0, at.y - r); y < Math.min(png.height, at.y + r); y++)
			for (let x = Math.max(0, at.x - r); x < Math.min(png.width, at.x + r); x++) {
				const i = (y * png.width + x) * 4;
				if (test(png.data[i], png.data[i + 1], png.data[i + 2])) n++;
			}
		return n;
	};
	const yellow = (r: number, g: number, b: number) => r > 200 && g > 160 && b < 90;
	const ink = (r: number, g: number, b: number) => r < 60 && g < 60 && b < 80;
	const annotations = () => handle.run((e) => e.annotations());

	it('are placed by mouse and keyboard, dragged, edited and removed, kept in the URL and restored from it', async () => {
		await page.goto(`${server.url}/?at=24,14,4.2&theme=dark`);
		await idle();
		const box = (await page.getByTestId('map').boundingBox())!;
		const cx = box.x + box.width / 2;
		const cy = box.y + box.height / 2;
		// A circle: its centre, then its edge; its text takes the focus at once.
		await page.getByTestId('annotate-circle').click();
		await page.mouse.click(cx - 200, cy + 60);
		await page.mouse.click(cx - 140, cy + 60);
		await expect.poll(async () => (await annotations()).list.length).toBe(1);
		await page.keyboard.type('Camp | 40% up');
		await page.keyboard.press('Enter');
		// An arrow: its tail, then its head.
		await page.getByTestId('annotate-arrow').click();
		await page.mouse.click(cx + 60, cy + 120);
		await page.mouse.click(cx + 180, cy + 20);
		await page.keyboard.type('Convoy north');
		await page.keyboard.press('Enter');
		// A label from the keyboard: at the map's centre.
		await page.getByTestId('annotate-label').focus();
		await page.keyboard.press('Enter');
		await expect.poll(async () => (await annotations()).list.length).toBe(3);
		await page.keyboard.press('Control+A');
		await page.keyboard.type('Sennar');
		await page.keyboard.press('Enter');
		let list = (await annotations()).list;
		expect(list.map((a) => [a.kind, a.text])).toEqual([
			['circle', 'Camp | 40% up'],
			['arrow', 'Convoy north'],
			['label', 'Sennar']
		]);
		expect(list[0].radiusKm).toBeGreaterThan(50);
		const centre = await handle.run((e) => e.map.getCenter().toArray());
		expect(list[2].points[0][0]).toBeCloseTo(centre[0], 3);
		expect(list[2].points[0][1]).toBeCloseTo(centre[1], 3);

		// Selected (from its row), the arrow shows its handles: dragging the head's moves the head, not the map.
		await page
			.getByTestId('annotation-list')
			.getByRole('button', { name: /^Arrow: Convoy/ })
			.click();
		await expect.poll(async () => (await annotations()).selected).toBe(1);
		const at = param('at');
		const head = (await annotations()).pagePoints[1][1];
		await page.mouse.move(head.x, head.y);
		await page.mouse.down();
		await page.mouse.move(head.x + 20, head.y + 20, { steps: 4 });
		await page.mouse.move(head.x + 40, head.y + 40, { steps: 4 });
		await page.mouse.up();
		const moved = (await annotations()).pagePoints[1];
		expect(Math.abs(moved[1].x - head.x - 40)).toBeLessThan(4);
		expect(Math.abs(moved[1].y - head.y - 40)).toBeLessThan(4);
		expect(param('at')).toBe(at);

		// The keyboard: the circle's row moves it east; a shape placed from the keyboard is removed with Delete.
		const circleBefore = (await annotations()).list[0].points[0];
		await page
			.getByTestId('annotation-list')
			.getByRole('button', { name: /^Circle: Camp/ })
			.press('ArrowRight');
		await expect.poll(async () => (await annotations()).list[0].points[0][0]).toBeGreaterThan(circleBefore[0]);
		await page.getByTestId('annotate-polygon').focus();
		await page.keyboard.press('Enter');
		await expect.poll(async () => (await annotations()).list.length).toBe(4);
		await page
			.getByTestId('annotation-list')
			.getByRole('button', { name: /^Shape 4/ })
			.press('Delete');
		await expect.poll(async () => (await annotations()).list.length).toBe(3);

		// In the URL, compactly; a reload brings back the same annotations.
		await expect.poll(() => param('ann')).toMatch(/^c:[^|]+:Camp %7C 40%25 up\|a:[^|]+:Convoy north\|l:[^|]+:Sennar$/);
		list = (await annotations()).list;
		await page.reload();
		await idle();
		const restored = (await annotations()).list;
		expect(restored.map((a) => [a.kind, a.text])).toEqual(list.map((a) => [a.kind, a.text]));
		restored.forEach((a, i) => a.points.forEach((p, k) => p.forEach((v, j) => expect(v).toBeCloseTo(list[i].points[k][j], 4))));
		await expect.poll(() => page.getByTestId('annotation-text').count()).toBe(3);
		await page.screenshot({ path: artifact('annotations.png') });

		// Saved as a GeoJSON FeatureCollection of their own, from the panel and beside the records' GeoJSON.
		const saved = page.waitForEvent('download');
		await page.getByTestId('annotations-geojson').click();
		const collection = JSON.parse(fs.readFileSync(await (await saved).path(), 'utf8'));
		expect(collection.type).toBe('FeatureCollection');
		expect(
			collection.features.map((f: { geometry: { type: string }; properties: { kind: string; text: string } }) => [
				f.geometry.type,
				f.properties.kind,
				f.properties.text
			])
		).toEqual([
			['Polygon', 'circle', 'Camp | 40% up'],
			['LineString', 'arrow', 'Convoy north'],
			['Point', 'label', 'Sennar']
		]);
		expect(collection.features[1].geometry.coordinates[0][0]).toBeCloseTo(restored[1].points[0][0], 4);
		await page.getByTestId('records-export-open').click();
		const dialog = page.getByTestId('records-export');
		await dialog.getByLabel(/GeoJSON/).check();
		const files: string[] = [];
		page.on('download', (d) => files.push(d.suggestedFilename()));
		await dialog.getByTestId('records-export-run').click();
		await expect.poll(() => files.length).toBe(2);
		// The two downloads' events may arrive in either order.
		const records = files.find((f) => !f.endsWith('-annotations.geojson'))!;
		const notes = files.find((f) => f !== records);
		expect(notes).toBe(records.replace(/\.geojson$/, '-annotations.geojson'));
		await expect(dialog.getByTestId('records-export-annotations').innerText()).resolves.toBe(notes);
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
		// 28 s alone, 102 s in a clean clone's full run on a 2-core machine.
	}, 300_000);

	it('are drawn where they were placed in the exported PNG, in both themes', async () => {
		const box = (await page.getByTestId('map').boundingBox())!;
		const size = { width: Math.round(box.width), height: Math.round(box.height) + TITLE_BAND + FOOTER_BAND, scale: 1, title: 'Annotated' };
		const points = (await annotations()).pagePoints;
		const tail = inExport(box, points[1][0]);
		const head = inExport(box, points[1][1]);
		const shaft = { x: Math.round((tail.x + head.x) / 2), y: Math.round((tail.y + head.y) / 2) };
		const label = inExport(box, points[2][0]);
		const withThem = await exportImage(size);
		fs.writeFileSync(artifact('annotations-dark.png'), PNG.sync.write(withThem));
		// Dark theme: the annotations' yellow ink along the arrow's shaft, at its head and on the label.
		for (const spot of [shaft, head, label]) expect(near(withThem, spot, 8, yellow), JSON.stringify(spot)).toBeGreaterThan(8);
		// And nowhere near where nothing was placed (the map's opposite corner).
		expect(near(withThem, { x: 30, y: TITLE_BAND + 30 }, 20, yellow)).toBe(0);

		// Light theme (the switch, no reload: theme.test.ts covers the reload): dark ink at the same
		// places, which the same map without them lacks.
		await chooseTheme(page, 'light');
		await expect.poll(() => new URL(page.url()).searchParams.get('theme')).toBe('light');
		await idle();
		const light = await exportImage(size);
		// "Remove all" takes every mark off the map and out of the URL.
		await page.getByRole('button', { name: 'Remove all', exact: true }).click();
		await expect.poll(async () => (await annotations()).list.length).toBe(0);
		await expect.poll(() => new URL(page.url()).searchParams.get('ann')).toBeNull();
		await idle();
		const bare = await exportImage(size);
		for (const spot of [shaft, head]) {
			expect(near(light, spot, 6, ink), JSON.stringify(spot)).toBeGreaterThan(near(bare, spot, 6, ink) + 8);
		}
	}, 300_000);
});

describe('the Content-Security-Policy', () => {
	it('reported no violation while the timeline, playback and the briefing export ran', () => {
		expect(explorer.cspViolations()).toEqual([]);
	});
});
