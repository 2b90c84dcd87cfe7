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
	});
});
