// Search by meaning and questions to Domain GenAI on the map, in real Chromium against the real
// server; turns are counted at the service (its SQLite file).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../helpers/browser';
import { openExplorer, settled, type ExplorerPage } from '../helpers/explorer-page';
import type { Oracle } from '../helpers/oracle';
import type { PageHandle } from '../helpers/page-handle';

let page: Page;
let handle: PageHandle;
let db: Oracle;

const visible = () => page.getByTestId('visible-count').getAttribute('data-visible').then(Number);
const idle = () => settled(page);
/** Records deck.gl rings as highlighted (search results, sources). */
const highlightedOnMap = () =>
	handle.run((e) => {
		const layers = e.layers();
		return { rings: layers.find((l) => l.id === 'highlighted')?.length ?? 0, labels: layers.find((l) => l.id === 'highlighted-labels')?.length ?? 0 };
	});
/** Billed turns, as the service records them. */
const billedTurns = () => db.one<{ n: number }>('SELECT count(*) AS n FROM credit_ledger').n;

let explorer: ExplorerPage;

beforeAll(async () => {
	explorer = await openExplorer();
	({ db, page, handle } = explorer);
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
		await expect.poll(() => new URL(page.url()).searchParams.get('rec')).toMatch(/^icdb?\/(video|image)\/\d+$/);
		await page.getByRole('button', { name: 'Close record' }).click();
	});
});

describe('search past the first page', () => {
	it('"More results" adds the next page of both modes, without repeating a record', async () => {
		for (const mode of ['By meaning', 'Keywords']) {
			await page.getByLabel(mode).check();
			await page.getByTestId('search-input').fill(mode === 'Keywords' ? 'people' : 'people gathered in a street');
			await page.getByTestId('search-run').click();
			const results = page.getByTestId('search-results').locator('li');
			await expect.poll(() => results.count()).toBeGreaterThan(40);
			const first = await results.count();
			await page.getByTestId('search-more').click();
			await expect.poll(() => results.count()).toBeGreaterThan(first);
			const keys = await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-record')));
			expect(new Set(keys).size).toBe(keys.length);
			expect(await page.getByTestId('search-summary').innerText()).toMatch(new RegExp(`^${keys.length}\\s+of [\\d,]+ records`));
		}
		await page.getByLabel('By meaning').check();
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

describe('questions that name a place and a period', () => {
	/** The page afresh at `query` (the map's filters in the URL), every record loaded. */
	async function reopen(query = '') {
		await page.goto(`${explorer.server.url}/${query}`);
		await page.waitForFunction(
			(n) => document.querySelector('[data-testid="visible-count"]')?.getAttribute('data-total') === n,
			String(db.count('mappable = 1')),
			{ timeout: 30_000 }
		);
		await idle();
	}
	const param = (name: string) => new URL(page.url()).searchParams.get(name);
	/** ICD's busiest (country, year) whose next year has records too: questions name them. */
	const busiest = () =>
		db.one<{ country: string; year: number }>(
			`SELECT primary_country AS country, CAST(substr(primary_date, 1, 4) AS INTEGER) AS year FROM records r WHERE dataset = 'icd' AND mappable = 1
			 AND EXISTS (SELECT 1 FROM records n WHERE n.dataset = 'icd' AND n.primary_country = r.primary_country AND substr(n.primary_date, 1, 4) = CAST(CAST(substr(r.primary_date, 1, 4) AS INTEGER) + 1 AS TEXT))
			 GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`
		);
	const mappableIn = (country: string | null, from: string, to: string) =>
		country
			? db.count('mappable = 1 AND primary_country = ? AND primary_date BETWEEN ? AND ?', country, from, to)
			: db.count('mappable = 1 AND primary_date BETWEEN ? AND ?', from, to);

	it('Search by meaning applies them as filters, shows them as chips, and the map follows; removing a chip gives the map back', async () => {
		const { country, year } = busiest();
		await reopen();
		await page.getByTestId('search-open').click();
		await page.getByTestId('search-input').fill(`damaged buildings in ${country} in ${year}`);
		await page.getByTestId('search-run').click();
		await page.getByTestId('understood').waitFor();
		const chips = page.getByTestId('understood-chip');
		expect(await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-group')).sort())).toEqual(['date', 'place']);
		// The map follows what was understood: its filters are the question's place and year.
		await expect.poll(() => [param('country'), param('from'), param('to')]).toEqual([country, `${year}-01-01`, `${year}-12-31`]);
		await expect.poll(visible).toBe(mappableIn(country, `${year}-01-01`, `${year}-12-31`));
		const hits = await page.getByTestId('search-results').locator('li').allInnerTexts();
		expect(hits.length).toBeGreaterThan(0);
		for (const hit of hits) expect(hit).toContain(`${year}-`);
		for (const hit of hits) expect(hit).toContain(country);
		await page.screenshot({ path: artifact('search-understood.png') });

		// Removing the place searches again without it; the map's country filter goes back to none.
		await page.locator('[data-testid="understood-chip"][data-group="place"] [data-testid="understood-remove"]').click();
		await page.locator('[data-testid="understood-ignored"][data-group="place"]').waitFor();
		await expect.poll(() => [param('country'), param('from')]).toEqual([null, `${year}-01-01`]);
		await expect.poll(visible).toBe(mappableIn(null, `${year}-01-01`, `${year}-12-31`));
		const wider = await page.getByTestId('search-results').locator('li').allInnerTexts();
		for (const hit of wider) expect(hit).toContain(`${year}-`);
		expect(wider.some((hit) => !hit.includes(country))).toBe(true);
	});

	it('a place the data has no record of gives an empty answer that says why; the map follows the period, not the place', async () => {
		const { year } = busiest();
		expect(db.count("primary_country = 'Ukraine'"), 'the test data has nothing from Ukraine').toBe(0);
		await reopen();
		await page.getByTestId('search-open').click();
		await page.getByTestId('search-input').fill(`damaged buildings in Kharkiv in ${year}`);
		await page.getByTestId('search-run').click();
		await page.getByTestId('understood').waitFor();
		const place = page.locator('[data-testid="understood-chip"][data-group="place"]');
		expect(await place.innerText()).toContain('near Kharkiv, Ukraine');
		expect(await place.getAttribute('class')).toContain('absent');
		expect(await page.getByTestId('understood-note').innerText()).toBe('near Kharkiv, Ukraine: the data has no record from Ukraine, where Kharkiv is.');
		expect(await page.getByTestId('search-results').locator('li').count()).toBe(0);
		await expect.poll(() => [param('country'), param('from'), param('to')]).toEqual([null, `${year}-01-01`, `${year}-12-31`]);
		await expect.poll(visible).toBe(mappableIn(null, `${year}-01-01`, `${year}-12-31`));
		await page.screenshot({ path: artifact('search-absent-place.png') });
	});

	it('Ask takes the map’s dates as the question’s context; a follow-up narrows within the analyst’s range and the map follows', async () => {
		const { country, year } = busiest();
		await reopen(`?country=${encodeURIComponent(country)}&from=${year}-01-01&to=${year + 1}-12-31`);
		await page.getByTestId('ask-open').click();
		if (await page.getByTestId('ask-new').isVisible()) await page.getByTestId('ask-new').click();
		expect(await page.getByTestId('ask-focus').locator('..').innerText()).toContain(`${year}-01-01 to ${year + 1}-12-31`);
		const sourceDates = async (turn: number) =>
			(await page.getByTestId('ask-sources').nth(turn).locator('li').allInnerTexts()).map((t) => t.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '');

		// A question that names no place or period: every source is within the map's country and dates.
		await page.getByTestId('ask-input').fill('What was reported about people on the move?');
		await page.getByTestId('ask-send').click();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(1);
		const first = await sourceDates(0);
		expect(first.length).toBeGreaterThan(0);
		for (const d of first) expect(d >= `${year}-01-01` && d <= `${year + 1}-12-31`).toBe(true);
		for (const s of await page.getByTestId('ask-sources').first().locator('li').allInnerTexts()) expect(s).toContain(country);

		// "Only <year + 1>": narrows the analyst's range; the map's dates follow.
		await page.getByTestId('ask-input').fill(`Only in ${year + 1}, please.`);
		await page.getByTestId('ask-send').click();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(2);
		for (const d of await sourceDates(1)) expect(d.startsWith(`${year + 1}-`)).toBe(true);
		await expect.poll(() => [param('from'), param('to'), param('country')]).toEqual([`${year + 1}-01-01`, `${year + 1}-12-31`, country]);

		// "What about <year>?": asked within the analyst's own range again, not the year the last question set.
		await page.getByTestId('ask-input').fill(`And in ${year}?`);
		await page.getByTestId('ask-send').click();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(3);
		for (const d of await sourceDates(2)) expect(d.startsWith(`${year}-`)).toBe(true);
		await expect.poll(() => [param('from'), param('to')]).toEqual([`${year}-01-01`, `${year}-12-31`]);
		await page.screenshot({ path: artifact('ask-understood.png') });
	});

	it('a count question gets the exact figure; a place the map’s filter overrode can be used instead', async () => {
		const { country } = busiest();
		const other = db.one<{ country: string; year: string }>(
			"SELECT primary_country AS country, substr(primary_date, 1, 4) AS year FROM records WHERE dataset = 'icd' AND primary_country <> ? GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1",
			country
		);
		await reopen(`?country=${encodeURIComponent(country)}`);
		await page.getByTestId('ask-open').click();
		if (await page.getByTestId('ask-new').isVisible()) await page.getByTestId('ask-new').click();
		const before = billedTurns();
		const question = `How many records are there from ${other.country} in ${other.year}?`;
		await page.getByTestId('ask-input').fill(question);
		await page.getByTestId('ask-send').click();
		// The map's country wins over the question's: the part is shown as not applied, with a way to use it.
		const overridden = page.locator('[data-testid="understood-overridden"][data-group="place"]');
		await overridden.waitFor({ timeout: 30_000 });
		await overridden.getByTestId('understood-use').click();
		await expect.poll(() => param('country')).toBe(other.country);
		expect(await page.getByTestId('ask-input').inputValue()).toBe(question);
		await page.getByTestId('ask-send').click();
		await expect.poll(() => page.getByTestId('ask-turn').count(), { timeout: 30_000 }).toBe(2);
		const figures = page.getByTestId('ask-figures').last();
		const truth = db.count("dataset = 'icd' AND primary_country = ? AND substr(primary_date, 1, 4) = ?", other.country, other.year);
		expect(Number(await figures.getAttribute('data-total'))).toBe(truth);
		expect(await page.getByTestId('ask-answer').last().innerText()).toContain(String(truth));
		expect(billedTurns()).toBe(before + 2);
	});
});

describe('the Content-Security-Policy', () => {
	it('reported no violation while search, Ask and their panels ran', () => {
		expect(explorer.cspViolations()).toEqual([]);
	});
});
