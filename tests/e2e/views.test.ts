// The hexbin and heatmap views and the clusters' pies, in real Chromium against the real server.
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAMP, RAMPS } from '../../src/lib/map/layers/aggregate-scale';
import { DATASET_RGB } from '../../src/lib/map/config';
import { artifact } from '../helpers/browser';
import { chooseTheme, openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import type { Oracle } from '../helpers/oracle';
import type { PageHandle } from '../helpers/page-handle';

let explorer: ExplorerPage;
let page: Page;
let handle: PageHandle;
let db: Oracle;

const visible = () => page.getByTestId('visible-count').getAttribute('data-visible').then(Number);
const aggregate = () => handle.aggregate();
const param = (name: string) => new URL(page.url()).searchParams.get(name);

type Rgb = readonly [number, number, number];
const near = (data: Buffer, i: number, [r, g, b]: Rgb, tolerance: number) =>
	Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= tolerance;

/** Pixels of an image within `tolerance` (sum of channel differences) of any of `colours`. */
function pixelsNear(png: PNG, colours: readonly Rgb[], tolerance: number, rows: [number, number] = [0, png.height]): number {
	let n = 0;
	for (let y = rows[0]; y < rows[1]; y++)
		for (let x = 0; x < png.width; x++) if (colours.some((c) => near(png.data, (y * png.width + x) * 4, c, tolerance))) n++;
	return n;
}

async function mapShot(name: string): Promise<PNG> {
	const buffer = await page.getByTestId('map').screenshot({ path: artifact(name) });
	return PNG.sync.read(buffer);
}

beforeAll(async () => {
	explorer = await openExplorer();
	({ page, db, handle } = explorer);
});
afterAll(() => explorer?.close());

describe('clusters show their mix', () => {
	it('a cluster holding both datasets is a pie of both colours, and the legend says so', async () => {
		await settled(page);
		const clusters = await handle.clusters();
		const mixed = clusters.filter((k) => k.count >= 20 && k.icdShare > 0.25 && k.icdShare < 0.75).sort((a, b) => b.count - a.count)[0];
		expect(mixed).toBeDefined();
		await page.screenshot({ path: artifact('views-clusters.png') });
		// Its pie: 6 + 6·log10(count) px in radius. Sampled in a ring around the centre, clear of the count's text.
		const radius = 6 + 6 * Math.log10(mixed.count);
		const shot = PNG.sync.read(
			await page.screenshot({
				path: artifact('views-mixed-cluster.png'),
				clip: { x: mixed.x - radius, y: mixed.y - radius, width: 2 * radius, height: 2 * radius }
			})
		);
		const ring: [number, number][] = [];
		for (let y = 0; y < shot.height; y++) {
			for (let x = 0; x < shot.width; x++) {
				const d = Math.hypot(x + 0.5 - radius, y + 0.5 - radius);
				if (d > radius * 0.55 && d < radius * 0.8) ring.push([x, y]);
			}
		}
		const share = (rgb: Rgb) => ring.filter(([x, y]) => near(shot.data, (y * shot.width + x) * 4, rgb, 60)).length / ring.length;
		expect(share(DATASET_RGB.icd)).toBeGreaterThan(0.1);
		expect(share(DATASET_RGB.icdb)).toBeGreaterThan(0.1);
		// The orange wedge is about the ICD share of the cluster.
		expect(Math.abs(share(DATASET_RGB.icd) / (share(DATASET_RGB.icd) + share(DATASET_RGB.icdb)) - mixed.icdShare)).toBeLessThan(0.15);

		await page.getByTestId('legend').locator('summary').click();
		await expect(page.getByTestId('legend-cluster').innerText()).resolves.toMatch(/orange wedge from 12 o'clock is its ICD share, the blue rest ICDB/);
		await page.getByTestId('legend').locator('summary').click();
		await expect(page.getByTestId('view-key').innerText()).resolves.toMatch(/ICD share in orange/);
	}, 120_000);
});

describe('hexbin and heatmap views', () => {
	it('the briefing PNG draws the hexagons and their scale in the footer', async () => {
		await page.getByTestId('view-hexbin').click();
		await expect.poll(() => param('view'), { timeout: 10_000 }).toBe('hexbin');
		// Every record in view counted into a hexagon (the view shows nearly all of them).
		await expect
			.poll(
				async () => {
					const a = await aggregate();
					return a !== null && a.hexagons > 0 && a.sum === a.records;
				},
				{ timeout: 30_000 }
			)
			.toBe(true);
		expect((await aggregate())!.records).toBeGreaterThan(db.count('mappable = 1') * 0.9);
		const url = await handle.exportImage({ width: 1000, height: 640, scale: 1, title: 'Hexbins' });
		const png = PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
		await import('node:fs').then((fs) => fs.writeFileSync(artifact('views-hexbin-export.png'), PNG.sync.write(png)));
		// Hexagons on the map; the footer's swatches in the ramp's colours.
		expect(pixelsNear(png, RAMP, 40, [64, png.height - 46])).toBeGreaterThan(200);
		expect(pixelsNear(png, RAMP, 12, [png.height - 46, png.height])).toBeGreaterThan(30);
		expect(pixelsNear(png, [RAMPS.dark[0]], 12, [png.height - 46, png.height])).toBe(0);

		// Dark: the worker recolours the hexagons with the dark ramp (the most records brightest), and the legend follows.
		await chooseTheme(page, 'dark');
		await expect
			.poll(async () => (await page.getByTestId('view-key').innerHTML()).replace(/\s/g, '').includes(`rgb(${RAMPS.dark[0].join(',')})`), { timeout: 20_000 })
			.toBe(true);
		const darkUrl = await handle.exportImage({ width: 1000, height: 640, scale: 1, title: 'Hexbins, dark' });
		const dark = PNG.sync.read(Buffer.from(darkUrl.slice(darkUrl.indexOf(',') + 1), 'base64'));
		await import('node:fs').then((fs) => fs.writeFileSync(artifact('views-hexbin-export-dark.png'), PNG.sync.write(dark)));
		expect(pixelsNear(dark, RAMPS.dark, 40, [64, dark.height - 46])).toBeGreaterThan(200);
		expect(pixelsNear(dark, [RAMPS.dark[0]], 12, [dark.height - 46, dark.height])).toBeGreaterThan(10);
		expect(pixelsNear(dark, [RAMPS.light[0]], 12, [dark.height - 46, dark.height])).toBe(0);
		await chooseTheme(page, 'system');

		// Playing, the hexagons count only the records of the moving window.
		const all = (await aggregate())!.records;
		await handle.play({ mode: 'window', widthDays: 91, speed: 30, loop: true });
		await expect
			.poll(
				async () => {
					const a = await aggregate();
					return a !== null && a.records > 0 && a.records < all * 0.5;
				},
				{ timeout: 20_000 }
			)
			.toBe(true);
		await page.screenshot({ path: artifact('views-hexbin-playing.png') });
		await handle.pause();
		await expect.poll(async () => (await aggregate())?.records, { timeout: 20_000 }).toBe(all);
	}, 180_000);

	it('the hexagons count exactly the records passing every filter; switching views keeps the filters', async () => {
		// The busiest country's videos over six years, west of the middle of its records (a drawn area).
		const { c } = db.one<{ c: string }>('SELECT primary_country c FROM records WHERE mappable = 1 GROUP BY c ORDER BY count(*) DESC LIMIT 1');
		const where = "mappable = 1 AND primary_country = ? AND component = 'video' AND primary_date BETWEEN '2018-01-01' AND '2023-12-31'";
		const { lon, lat } = db.one<{ lon: number; lat: number }>(`SELECT avg(dominant_long) lon, avg(dominant_lat) lat FROM records WHERE ${where}`, c);
		const expected = db.count(`${where} AND dominant_long <= ?`, c, lon);
		expect(expected).toBeGreaterThan(10);
		const query = new URLSearchParams({
			at: `${lon.toFixed(4)},${lat.toFixed(4)},3.00`,
			country: c,
			cm: 'video',
			from: '2018-01-01',
			to: '2023-12-31',
			areas: `r:-180,-85,${lon},85:West`,
			view: 'hexbin'
		});
		await page.goto(`${explorer.server.url}/?${query}`);
		await expect.poll(visible, { timeout: 30_000 }).toBe(expected);
		await expect.poll(async () => (await aggregate())?.sum, { timeout: 30_000 }).toBe(expected);
		const hex = (await aggregate())!;
		expect(hex.records).toBe(expected);
		expect(hex.hexagons).toBeGreaterThan(0);
		expect(hex.hexagons).toBeLessThanOrEqual(expected);
		// The key beside the switch gives the hexagons' classes; the map shows them in the ramp's colours.
		await expect(page.getByTestId('view-key').innerText()).resolves.toMatch(/Records per hexagon/);
		expect(pixelsNear(await mapShot('views-hexbin.png'), RAMP, 40)).toBeGreaterThan(50);

		// The heatmap: same filters, same records, a picture of them.
		await page.getByTestId('view-heatmap').click();
		await expect.poll(() => param('view'), { timeout: 10_000 }).toBe('heatmap');
		await expect.poll(async () => (await aggregate())?.peak ?? 0).toBeGreaterThan(0);
		expect((await aggregate())!.records).toBe(expected);
		expect(await visible()).toBe(expected);
		await expect(page.getByTestId('view-key').innerText()).resolves.toMatch(/Density of records/);
		expect(pixelsNear(await mapShot('views-heatmap.png'), RAMP, 90)).toBeGreaterThan(200);

		// Back to clusters: the filters and the drawn area are still there.
		await page.getByTestId('view-clusters').click();
		await expect.poll(() => param('view'), { timeout: 10_000 }).toBeNull();
		expect(param('country')).toBe(c);
		expect(param('areas')).not.toBeNull();
		await settled(page);
		expect(await visible()).toBe(expected);
		await expect(page.getByTestId('view-key').innerText()).resolves.toMatch(/pie/);
	}, 180_000);
});
