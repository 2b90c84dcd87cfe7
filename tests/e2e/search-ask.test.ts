// Search by meaning and questions to Domain GenAI on the map, in real Chromium against the real
// server; turns are counted at the service (its SQLite file).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../helpers/browser';
import { openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import type { Oracle } from '../helpers/oracle';

let page: Page;
let db: Oracle;

const visible = () => page.getByTestId('visible-count').getAttribute('data-visible').then(Number);
const idle = () => settled(page);
/** Records deck.gl rings as highlighted (search results, sources). */
const highlightedOnMap = () =>
	page.evaluate(() => {
		const layers = (window as any).__explorer.map.__deck?.layerManager?.getLayers() ?? [];
		return { rings: layers.find((l: any) => l.id === 'highlighted')?.props.data?.length ?? 0, labels: layers.find((l: any) => l.id === 'highlighted-labels')?.props.data?.length ?? 0 };
	});
/** Billed turns, as the service records them. */
const billedTurns = () => db.one<{ n: number }>('SELECT count(*) AS n FROM credit_ledger').n;

let explorer: ExplorerPage;

beforeAll(async () => {
	explorer = await openExplorer();
	({ db, page } = explorer);
});
afterAll(() => explorer?.close());

describe('search on the map', () => {
	it('finds records by meaning, rings them on the map, limits the map to them and opens one', async () => {
		await page.getByTestId('search-open').click();
		await page.getByTestId('search-input').fill('aid trucks bringing supplies to people');
		await page.getByTestId('search-run').click();
		await page.getByTestId('search-summary').waitFor();
		const results = page.getByTestId('search-results').locator('li');
		expect(await results.count()).toBeGreaterThan(3);
		// Every result says its dataset, and the section that matched with a score.
		expect(await results.first().innerText()).toMatch(/^(ICD|ICDB)\n/);
		expect(await results.first().innerText()).toMatch(/matched in .* score 0\.\d\d/);
		const onMap = Number(await page.getByTestId('search-on-map').getAttribute('data-count'));
		expect(onMap).toBeGreaterThan(0);
		await expect.poll(async () => (await highlightedOnMap()).rings).toBe(onMap);

		await page.getByTestId('search-pin').click();
		await expect.poll(visible).toBe(onMap);
		await idle();
		await page.screenshot({ path: artifact('search-meaning.png') });

		await results.first().locator('button').click();
		await page.getByTestId('record-panel').waitFor();
		await expect.poll(() => new URL(page.url()).searchParams.get('rec')).toMatch(/^icdb?\/(video|image)\/[0-9a-f-]{36}$/);
		await page.getByRole('button', { name: 'Close record' }).click();
	});
});

describe('questions on the map', () => {
	it('answers with citations linked to sources that are plotted and open their records; a follow-up keeps the conversation', async () => {
		await page.getByTestId('ask-open').click();
		const before = billedTurns();
		await page.getByTestId('ask-input').fill('Where were relief convoys reported, and which groups were involved?');
		await page.getByTestId('ask-send').click();
		await page.getByTestId('ask-answer').first().waitFor({ timeout: 30_000 });
		expect(billedTurns()).toBe(before + 1);
		const citations = page.getByTestId('ask-citation');
		expect(await citations.count()).toBeGreaterThan(0);
		const sources = page.getByTestId('ask-sources').first().locator('li');
		expect(await sources.count()).toBeGreaterThan(0);
		expect(await sources.first().innerText()).toMatch(/ICDB?/);
		await expect.poll(async () => (await highlightedOnMap()).labels).toBeGreaterThan(0);
		expect(await page.getByTestId('ask-expiry').innerText()).toMatch(/expires .* if idle, at the latest/);
		await page.screenshot({ path: artifact('ask-answer.png') });

		await citations.first().click();
		await page.getByTestId('record-panel').waitFor();
		await page.screenshot({ path: artifact('ask-citation-record.png') });
		await page.getByRole('button', { name: 'Close record' }).click();
		await page.getByTestId('ask-panel').waitFor();

		const conversationBefore = db.rows<{ id: string }>('SELECT id FROM conversations');
		expect(conversationBefore).toHaveLength(1);
		await page.getByTestId('ask-input').fill('And which of those were in the last two years?');
		await page.getByTestId('ask-send').click();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(2);
		const turns = db.rows<{ conversation_id: string }>('SELECT conversation_id FROM conversation_turns');
		expect(turns).toHaveLength(2);
		expect(new Set(turns.map((t) => t.conversation_id))).toEqual(new Set([conversationBefore[0].id]));
	});

	it('"New conversation" deletes the old one at the service and starts over', async () => {
		const old = db.rows<{ id: string }>('SELECT id FROM conversations');
		await page.getByTestId('ask-new').click();
		await expect.poll(() => page.getByTestId('ask-turn').count()).toBe(0);
		await expect.poll(() => db.rows('SELECT id FROM conversations WHERE id = ?', old[0].id).length).toBe(0);
		await page.getByTestId('ask-input').fill('What do the records say about displacement?');
		await page.getByTestId('ask-send').click();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(1);
		const now = db.rows<{ id: string }>('SELECT id FROM conversations');
		expect(now).toHaveLength(1);
		expect(now[0].id).not.toBe(old[0].id);
	});

	it('a double-click on send makes one turn', async () => {
		const before = billedTurns();
		await page.getByTestId('ask-input').fill('How many records mention checkpoints?');
		await page.getByTestId('ask-send').dblclick();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(2);
		await page.waitForTimeout(1500);
		expect(billedTurns()).toBe(before + 1);
	});
});

describe('the Content-Security-Policy', () => {
	it('reported no violation while search, Ask and their panels ran', () => {
		expect(explorer.cspViolations()).toEqual([]);
	});
});
