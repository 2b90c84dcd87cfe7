// What an analyst does with the records, in real Chromium against the real server: place names
// and admin-1 boundaries offline, the records table, drawn areas, the export of the filtered
// records, playback that keeps the date range, overlays that leave with their panel, and axe.
import fs from 'node:fs';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../helpers/browser';
import { openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import type { Oracle } from '../helpers/oracle';
import { areaTest, parseAreas } from '../../src/lib/geo/areas';

let explorer: ExplorerPage;
let page: Page;
let db: Oracle;

const idle = () => settled(page);
const visible = () => page.getByTestId('visible-count').getAttribute('data-visible').then(Number);
const layer = (id: string) =>
	page.evaluate((id) => {
		const l = ((window as any).__explorer.map.__deck?.layerManager?.getLayers() ?? []).find((l: any) => l.id === id);
		return l ? { length: (l.props.data?.length ?? 0) as number, texts: Array.isArray(l.props.data) ? (l.props.data as any[]).map((d) => d.name ?? d.label ?? '') : [] } : null;
	}, id);
const jumpTo = async (lon: number, lat: number, zoom: number) => {
	await page.evaluate(([lon, lat, zoom]) => (window as any).__explorer.map.jumpTo({ center: [lon, lat], zoom }), [lon, lat, zoom]);
	await idle();
};

/** Dark pixels (text and outlines) between two rows of a PNG. */
function dark(png: PNG, fromRow: number, toRow: number): number {
	let n = 0;
	for (let y = fromRow; y < toRow; y++) {
		for (let x = 0; x < png.width; x++) {
			const i = (y * png.width + x) * 4;
			if (png.data[i] < 80 && png.data[i + 1] < 90 && png.data[i + 2] < 110) n++;
		}
	}
	return n;
}

async function exportImage(request: Record<string, unknown>): Promise<PNG> {
	const url = await page.evaluate((r) => (window as any).__explorer.exportImage(r) as Promise<string>, request);
	return PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

beforeAll(async () => {
	explorer = await openExplorer();
	({ page, db } = explorer);
});
afterAll(() => explorer?.close());

describe('place names and boundaries, offline', () => {
	it('names countries zoomed out, and admin-1 areas and towns with their boundaries at regional zoom, without any request off the machine', async () => {
		const offMachine: string[] = [];
		page.on('request', (r) => {
			if (!r.url().startsWith(explorer.server.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) offMachine.push(r.url());
		});
		await expect.poll(async () => (await layer('place-labels'))?.texts.length ?? 0).toBeGreaterThan(15);
		await jumpTo(30, 15, 4);
		await expect.poll(async () => (await layer('place-labels'))?.texts ?? []).toContain('Sudan');
		// Khartoum, with the records around it (the test data has towns of Sudan).
		await jumpTo(32.53, 15.55, 7);
		await expect.poll(async () => (await layer('place-labels'))?.texts ?? []).toContain('Khartoum');
		const texts = (await layer('place-labels'))!.texts;
		expect(texts).toContain('Al Jazirah'); // an admin-1 area of Natural Earth
		expect(texts.length).toBeLessThan(200); // decluttered, not every town of the gazetteer
		await expect.poll(() => page.evaluate(() => !!(window as any).__explorer.map.getLayer('admin1'))).toBe(true);
		await page.screenshot({ path: artifact('places-khartoum.png') });
		expect(offMachine).toEqual([]);
	});

	it('writes the place names into the exported briefing, and credits GeoNames', async () => {
		const withNames = await exportImage({ width: 900, height: 640, scale: 1, title: 'Khartoum' });
		const without = await exportImage({ width: 900, height: 640, scale: 1, title: 'Khartoum', places: false });
		fs.writeFileSync(artifact('places-briefing.png'), PNG.sync.write(withNames));
		// The map band: between the title band (64 px) and the footer (46 px).
		const text = dark(withNames, 64, 640 - 46) - dark(without, 64, 640 - 46);
		console.log(`dark map pixels added by the place names: ${text}`);
		expect(text).toBeGreaterThan(300);
		expect(dark(withNames, 640 - 46, 640)).toBeGreaterThan(dark(without, 640 - 46, 640)); // "GeoNames" in the credits
		await jumpTo(25, 15, 1.6);
	}, 120_000);
});

describe('the records table', () => {
	const tableCount = () => page.getByTestId('table-count').getAttribute('data-count').then(Number);
	const tableUuids = () => page.evaluate(() => (window as any).__explorer.tableUuids() as string[] | null);

	it('lists exactly the filtered records, newest first, sorts, and follows the filters', async () => {
		await page.getByTestId('table-open').click();
		const mappable = db.count('mappable = 1');
		await expect.poll(tableCount).toBe(mappable);
		const { c } = db.one<{ c: string }>('SELECT primary_country c FROM records WHERE mappable = 1 GROUP BY c ORDER BY count(*) DESC LIMIT 1 OFFSET 2');
		await page.getByLabel('Search countries').fill(c.slice(0, 4));
		await page.getByTestId('country-list').getByText(c, { exact: true }).click();
		const expected = db.rows<{ uuid: string; primary_date: string }>('SELECT uuid, primary_date FROM records WHERE mappable = 1 AND primary_country = ? ORDER BY primary_date DESC', c);
		await expect.poll(tableCount).toBe(expected.length);
		const uuids = (await tableUuids())!;
		expect([...uuids].sort()).toEqual(expected.map((e) => e.uuid).sort());
		// Newest first: the dates in the table's order are the service's dates in descending order.
		const dateOf = new Map(expected.map((e) => [e.uuid, e.primary_date]));
		expect(uuids.map((u) => dateOf.get(u))).toEqual(expected.map((e) => e.primary_date));
		const firstRow = page.getByTestId('table-row').first();
		await expect.poll(() => firstRow.getAttribute('data-uuid')).toBe(uuids[0]);
		await expect.poll(() => firstRow.locator('.title').innerText()).not.toBe('…'); // titles fetched for the rows on screen

		await page.getByTestId('sort-entity').click();
		await expect.poll(async () => (await tableUuids())?.[0]).not.toBe(uuids[0]);
		const byEntity = db.rows<{ entity: string }>('SELECT entity FROM records WHERE mappable = 1 AND primary_country = ? ORDER BY entity COLLATE NOCASE', c);
		const entityOf = new Map(db.rows<{ uuid: string; entity: string }>('SELECT uuid, entity FROM records WHERE primary_country = ?', c).map((r) => [r.uuid, r.entity]));
		expect((await tableUuids())!.map((u) => entityOf.get(u))).toEqual(byEntity.map((r) => r.entity));
		await page.screenshot({ path: artifact('table-filtered.png') });
		await page.getByTestId('sort-date').click();
		await page.getByRole('button', { name: /clear \(1\)/ }).click();
		await expect.poll(tableCount).toBe(mappable);
	});

	it('is a keyboard grid: arrows and End move, Enter opens the record and flies to it', async () => {
		const grid = page.getByTestId('table-grid');
		await grid.focus();
		await page.keyboard.press('ArrowDown');
		await page.keyboard.press('ArrowDown');
		await expect.poll(() => grid.getAttribute('aria-activedescendant')).toBe('table-row-2');
		await page.keyboard.press('End');
		const last = db.count('mappable = 1') - 1;
		await expect.poll(() => grid.getAttribute('aria-activedescendant')).toBe(`table-row-${last}`);
		await expect.poll(() => page.locator(`#table-row-${last}`).count()).toBe(1); // scrolled into the rendered rows
		const uuid = await page.locator(`#table-row-${last}`).getAttribute('data-uuid');
		await page.keyboard.press('Enter');
		await page.getByTestId('record-panel').waitFor();
		// The URL is written once the map has flown there (software WebGL: seconds).
		await expect.poll(() => new URL(page.url()).searchParams.get('rec') ?? '', { timeout: 30_000 }).toContain(uuid!);
		await expect.poll(() => page.evaluate(() => (window as any).__explorer.map.getZoom() as number)).toBeGreaterThan(10);
		await page.getByRole('button', { name: 'Close record' }).click();
		await jumpTo(25, 15, 1.6);
	});
});

describe('drawn areas and the export of the filtered records', () => {
	/** Records inside the areas of the page's URL, by the same test the worker and the server use. */
	const insideUrlAreas = async () => {
		const text = new URL(page.url()).searchParams.get('areas') ?? '';
		const parsed = parseAreas(text);
		if (!parsed.ok) throw new Error(parsed.message);
		const test = areaTest(parsed.areas)!;
		return db.rows<{ uuid: string; lat: number; lon: number }>('SELECT uuid, dominant_lat lat, dominant_long lon FROM records WHERE mappable = 1').filter((r) => test(r.lon, r.lat));
	};

	it('draws a polygon that filters the map, the table and the URL; a second area adds to it', async () => {
		if ((await page.getByTestId('records-table').count()) === 0) await page.getByTestId('table-open').click();
		await jumpTo(32, 15, 5);
		await page.getByTestId('draw-polygon').click();
		// Inside the map, whatever the open table leaves of it.
		const box = (await page.getByTestId('map').boundingBox())!;
		const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy];
		const corners = [at(0.3, 0.2), at(0.6, 0.15), at(0.65, 0.7), at(0.45, 0.85), at(0.32, 0.65)];
		for (const [x, y] of corners) {
			await page.mouse.move(x, y, { steps: 3 });
			await page.mouse.click(x, y);
		}
		await page.mouse.move(corners[0][0], corners[0][1], { steps: 3 });
		await page.mouse.click(corners[0][0], corners[0][1]);
		await expect.poll(() => new URL(page.url()).searchParams.get('areas') ?? '', { timeout: 15_000 }).toMatch(/^p:[-\d.,]+:Area 1$/);
		const inside = await insideUrlAreas();
		expect(inside.length).toBeGreaterThan(20);
		expect(inside.length).toBeLessThan(db.count('mappable = 1') / 3);
		await expect.poll(visible).toBe(inside.length);
		await expect.poll(() => page.getByTestId('table-count').getAttribute('data-count').then(Number)).toBe(inside.length);
		expect([...((await page.evaluate(() => (window as any).__explorer.tableUuids())) as string[])].sort()).toEqual(inside.map((r) => r.uuid).sort());
		await idle();
		await page.screenshot({ path: artifact('area-polygon.png') });

		await page.getByTestId('draw-rectangle').click();
		const [x0, y0] = at(0.72, 0.55);
		const [x1, y1] = at(0.82, 0.9);
		await page.mouse.move(x0, y0, { steps: 3 });
		await page.mouse.click(x0, y0);
		await page.mouse.move(x1, y1, { steps: 5 });
		await page.mouse.click(x1, y1);
		await expect.poll(() => new URL(page.url()).searchParams.get('areas') ?? '', { timeout: 15_000 }).toContain('|r:');
		const both = await insideUrlAreas();
		expect(both.length).toBeGreaterThan(inside.length);
		await expect.poll(visible).toBe(both.length);
	}, 180_000);

	it('exports exactly the records of the areas as CSV from the dialog, with progress, and as GeoJSON', async () => {
		const inside = await insideUrlAreas();
		await page.getByTestId('records-export-open').click();
		const dialog = page.getByTestId('records-export');
		const download = page.waitForEvent('download', { timeout: 60_000 });
		await dialog.getByTestId('records-export-run').click();
		const file = artifact('records.csv');
		await (await download).saveAs(file);
		const rows = fs.readFileSync(file, 'utf8').trim().split('\r\n');
		expect(rows[0]).toBe('uuid,dataset,component,primary_id,primary_date,primary_country,second_geo_layer,entity,title,dominant_lat,dominant_long');
		expect(rows.slice(1).map((r) => r.slice(0, 36)).sort()).toEqual(inside.map((r) => r.uuid).sort());
		await expect.poll(() => dialog.getByTestId('records-export-status').getAttribute('data-received').then(Number)).toBe(inside.length);
		await page.screenshot({ path: artifact('records-export.png') });

		await dialog.getByLabel(/GeoJSON/).check();
		const geo = page.waitForEvent('download', { timeout: 60_000 });
		await dialog.getByTestId('records-export-run').click();
		const collection = JSON.parse(fs.readFileSync(await (await geo).path(), 'utf8')) as { features: { properties: { uuid: string } }[] };
		expect(collection.features.map((f) => f.properties.uuid).sort()).toEqual(inside.map((r) => r.uuid).sort());
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
	}, 120_000);

	it('cancels an export that is still running, saving nothing', async () => {
		// The server's answer is held back, as a long export's would be.
		let release = () => {};
		await page.route('**/api/export?**', (route) => new Promise<void>((resolve) => (release = resolve)).then(() => route.abort().catch(() => {})));
		await page.getByTestId('records-export-open').click();
		const dialog = page.getByTestId('records-export');
		await dialog.getByTestId('records-export-run').click();
		await dialog.getByTestId('records-export-cancel').click();
		await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Cancelled');
		release();
		await page.unroute('**/api/export?**');
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
		// Areas removed: everything again.
		await page.getByRole('button', { name: 'Remove all areas' }).click();
		await expect.poll(visible).toBe(db.count('mappable = 1'));
		await jumpTo(25, 15, 1.6);
	});
});
