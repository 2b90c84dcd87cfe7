// The dark theme in real Chromium: the system's preference followed, the switch overriding it and
// kept in the URL, the map, the panels, the PNG export and `npm run brief` drawn dark, and axe
// finding nothing to fix in the dark. Screenshots of both themes go to test-results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser } from '../helpers/browser';
import { coloured } from '../helpers/pixels';
import { axeOfPanels, axeProblems } from '../helpers/axe';
import { chooseTheme, openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import { runScript, startServer } from '../helpers/server';

let explorer: ExplorerPage;
let page: Page;

beforeAll(async () => {
	explorer = await openExplorer({ colorScheme: 'dark' });
	page = explorer.page;
});
afterAll(() => explorer?.close());

/** Relative luminance of a CSS rgb()/rgba() colour (0 black … 1 white). */
function luminanceOfCss(colour: string): number {
	const [r, g, b] = colour
		.match(/[\d.]+/g)!
		.slice(0, 3)
		.map(Number);
	return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const hexToCss = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',')})`;
const background = (testid: string, selector = '') =>
	page.evaluate(([id, sel]) => getComputedStyle(document.querySelector(`[data-testid="${id}"]${sel}`) as Element).backgroundColor, [testid, selector] as const);
const panelBackground = () => page.evaluate(() => getComputedStyle(document.querySelector('aside.left')!).backgroundColor);
const param = (name: string) => new URL(page.url()).searchParams.get(name);

/** Mean brightness (0-255) of a PNG's pixels in a band of rows. */
function meanBrightness(png: PNG, fromRow: number, toRow: number, fromCol = 0, toCol = png.width): number {
	let sum = 0;
	let n = 0;
	for (let y = fromRow; y < toRow; y++) {
		for (let x = fromCol; x < toCol; x++) {
			const i = (y * png.width + x) * 4;
			sum += (png.data[i] + png.data[i + 1] + png.data[i + 2]) / 3;
			n++;
		}
	}
	return sum / n;
}

/** The page's screenshot, decoded: the map area and the filter panel's brightness. */
async function screenshotBrightness(name: string): Promise<{ map: number; panel: number }> {
	const file = artifact(name);
	await page.screenshot({ path: file });
	const png = PNG.sync.read(fs.readFileSync(file));
	const map = (await page.getByTestId('map').boundingBox())!;
	const panel = (await page.locator('aside.left').boundingBox())!;
	return {
		map: meanBrightness(png, Math.round(map.y), Math.round(map.y + map.height), Math.round(map.x), Math.round(map.x + map.width)),
		panel: meanBrightness(png, Math.round(panel.y), Math.round(panel.y + panel.height), Math.round(panel.x), Math.round(panel.x + panel.width))
	};
}

async function exportImage(title: string): Promise<PNG> {
	const url = await explorer.handle.exportImage({ width: 800, height: 560, scale: 1, title });
	return PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

describe('the dark theme', () => {
	it('follows the system’s dark preference: the panels, the text and the map are dark', async () => {
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('system');
		expect(luminanceOfCss(await panelBackground())).toBeLessThan(0.15);
		expect(luminanceOfCss(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).color))).toBeGreaterThan(0.8);
		expect(luminanceOfCss(await background('visible-count'))).toBeLessThan(0.15);
		expect(param('theme')).toBeNull();
		const seen = await screenshotBrightness('theme-dark.png');
		expect(seen.panel).toBeLessThan(60);
		expect(seen.map).toBeLessThan(60);
	});

	it('paints the map dark from its very first (2D) paint, before WebGL has drawn', async () => {
		const early = await page.context().newPage();
		try {
			// The colour the first-paint canvas is filled with (its sea), recorded as it is painted.
			await early.addInitScript(() => {
				const fillRect = CanvasRenderingContext2D.prototype.fillRect;
				CanvasRenderingContext2D.prototype.fillRect = function (this: CanvasRenderingContext2D, ...args: [number, number, number, number]) {
					if (this.canvas.dataset?.testid === 'first-paint') window.__firstPaintFill ??= String(this.fillStyle);
					return fillRect.apply(this, args);
				};
			});
			await early.goto(explorer.server.url);
			await expect.poll(() => early.evaluate(() => window.__firstPaintFill ?? null), { timeout: 30_000 }).not.toBeNull();
			expect(luminanceOfCss(hexToCss((await early.evaluate(() => window.__firstPaintFill))!))).toBeLessThan(0.15);
		} finally {
			await early.close();
		}
	}, 120_000);

	it('is overridden by the switch, which the URL keeps across a reload', async () => {
		const dark = await screenshotBrightness('theme-dark-before-switch.png');
		await chooseTheme(page, 'light');
		await expect.poll(() => param('theme')).toBe('light');
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
		expect(luminanceOfCss(await panelBackground())).toBeGreaterThan(0.9);
		await settled(page);
		const light = await screenshotBrightness('theme-light.png');
		expect(light.map).toBeGreaterThan(dark.map + 100);
		expect(light.panel).toBeGreaterThan(dark.panel + 100);

		await page.reload();
		await settled(page, 90_000);
		expect(await page.getByTestId('theme').getAttribute('data-setting')).toBe('light');
		expect(luminanceOfCss(await panelBackground())).toBeGreaterThan(0.9);
		expect((await screenshotBrightness('theme-light-reloaded.png')).map).toBeGreaterThan(dark.map + 100);

		await chooseTheme(page, 'system');
		await expect.poll(() => param('theme')).toBeNull();
		expect(luminanceOfCss(await panelBackground())).toBeLessThan(0.15);
		await settled(page);
		expect((await screenshotBrightness('theme-system-again.png')).map).toBeLessThan(60);

		// Following the system means following it live: the preference changes under the open page.
		await page.emulateMedia({ colorScheme: 'light' });
		await expect.poll(async () => luminanceOfCss(await panelBackground())).toBeGreaterThan(0.9);
		await expect.poll(async () => (await screenshotBrightness('theme-system-turned-light.png')).map, { timeout: 30_000 }).toBeGreaterThan(dark.map + 100);
		await page.emulateMedia({ colorScheme: 'dark' });
		await expect.poll(async () => luminanceOfCss(await panelBackground())).toBeLessThan(0.15);
	}, 180_000);

	it('serves the page with the URL’s theme on <html> and its stylesheet linked: no flash before the script runs', async () => {
		const html = await (await fetch(`${explorer.server.url}/?theme=dark`)).text();
		expect(html).toContain('<html lang="en" data-theme="dark">');
		expect(html).toMatch(/<link[^>]+rel="stylesheet"/);
		expect(await (await fetch(`${explorer.server.url}/?theme=%22%3E`)).text()).toContain('data-theme="system"');
	});

	it('exports a dark PNG: title band, map and footer', async () => {
		await chooseTheme(page, 'dark');
		await settled(page);
		const png = await exportImage('Dark briefing');
		fs.writeFileSync(artifact('briefing-dark.png'), PNG.sync.write(png));
		expect(meanBrightness(png, 0, 64)).toBeLessThan(50); // the title band: dark, with light letters
		expect(meanBrightness(png, 64, 560 - 46)).toBeLessThan(60); // the dark basemap
		expect(meanBrightness(png, 560 - 46, 560)).toBeLessThan(50); // scale bar, legend, attribution
		// The letters are there and light: the title band is not a flat dark colour.
		let light = 0;
		for (let i = 0; i < 64 * png.width * 4; i += 4) if (png.data[i] > 180 && png.data[i + 1] > 180 && png.data[i + 2] > 180) light++;
		expect(light).toBeGreaterThan(150);
		await chooseTheme(page, 'system');
	}, 120_000);

	it('leaves axe nothing serious to report in the dark, contrast included', async () => {
		expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe('dark');
		await page.getByTestId('table-open').click();
		await settled(page);
		const problems = await axeOfPanels(page, 'map with the table');
		await page.getByTestId('table-open').click();
		expect(problems).toEqual([]);
	}, 240_000);

	it('draws the error page dark', async () => {
		// A page of its own: the explorer's page may still be writing its URL (250 ms after the last
		// change), which would interrupt a navigation of that page.
		const errorPage = await page.context().newPage();
		try {
			await errorPage.emulateMedia({ colorScheme: 'dark' });
			await errorPage.goto(`${explorer.server.url}/no-such-page`);
			// The error page may be drawn by the client after the load event.
			await errorPage.locator('main').waitFor();
			expect(luminanceOfCss(await errorPage.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))).toBeLessThan(0.15);
			expect(luminanceOfCss(await errorPage.evaluate(() => getComputedStyle(document.querySelector('main')!).color))).toBeGreaterThan(0.8);
			expect(await axeProblems(errorPage, 'error page')).toEqual([]);
		} finally {
			await errorPage.close();
		}
	}, 180_000);

	it('`npm run brief -- --theme dark` writes a dark PNG from a URL state at the scale asked; an unknown theme is refused', async () => {
		const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brief-dark-')), 'brief.png');
		// A full explorer URL, at 2× with a title (timeline-export.test.ts runs it where no app runs).
		const view = `${explorer.server.url}/?at=20,15,2.2&from=2018-01-01&to=2020-12-31`;
		const r = runScript(
			'scripts/brief.ts',
			['--out', out, '--view', view, '--size', '560x400', '--scale', '2', '--title', 'From the CLI', '--theme', 'dark'],
			{}
		);
		expect(r.stderr).toMatch(/Rendering 1120 × 800 pixels/);
		expect(r.status).toBe(0);
		const png = PNG.sync.read(fs.readFileSync(out));
		fs.copyFileSync(out, artifact('brief-dark.png'));
		expect([png.width, png.height]).toEqual([1120, 800]);
		// The title band and the map dark, at twice the bands' height; the records coloured on the map.
		expect(meanBrightness(png, 0, 64 * 2)).toBeLessThan(50);
		expect(meanBrightness(png, 64 * 2, 800 - 46 * 2)).toBeLessThan(60);
		expect(coloured(png, 64 * 2, 800 - 46 * 2)).toBeGreaterThan(100);

		const bad = runScript('scripts/brief.ts', ['--out', out, '--theme', 'purple'], {});
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('--theme purple: expected light or dark');
	}, 240_000);

	it('reported no Content-Security-Policy violation', () => {
		expect(explorer.cspViolations()).toEqual([]);
	});
});

describe('the sign-in page in the dark', () => {
	it('is dark, readable, and passes axe', async () => {
		const server = await startServer({ size: 200, env: { EXPLORER_AUTH: 'signin' } });
		const browser = await launchBrowser();
		try {
			const signin = await (await browser.newContext({ colorScheme: 'dark' })).newPage();
			await signin.goto(`${server.url}/signin`);
			await signin.screenshot({ path: artifact('signin-dark.png') });
			const card = await signin.evaluate(() => getComputedStyle(document.querySelector('.signin')!).backgroundColor);
			expect(luminanceOfCss(card)).toBeLessThan(0.15);
			expect(await axeProblems(signin, 'sign-in page')).toEqual([]);
		} finally {
			await browser.close();
			await server.stop();
		}
	}, 120_000);
});
