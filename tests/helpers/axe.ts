// axe over the explorer's views: the map (with whatever is open), the legend, both export dialogs
// and the ask panel. The analyst suite runs it in the light theme, the theme suite in the dark one.
import type { Page } from 'playwright-core';

/**
 * Serious and critical violations of one view, as readable lines: of the whole page, or only of
 * the part `within` selects (a panel or dialog just opened over a page already checked whole).
 */
export async function axeProblems(page: Page, view: string, within?: string): Promise<string[]> {
	const { AxeBuilder } = await import('@axe-core/playwright');
	// The map's canvas is a picture for sighted users; its content is reachable through the table.
	const builder = new AxeBuilder({ page }).exclude('.maplibregl-canvas');
	if (within) builder.include(within);
	const result = await builder.analyze();
	return result.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map(
			(v) =>
				`${view}: ${v.id} (${v.impact}) ${v.nodes
					.map((n) => n.target.join(' '))
					.slice(0, 3)
					.join(', ')}`
		);
}

/**
 * Checks the whole page, then opens each panel and dialog in turn and checks what it opened (the
 * rest of the page is what the first check saw: the export dialogs are modal <dialog>s, which make
 * it inert without changing it), closes it again, and returns every view's problems. A whole-page
 * check costs seconds of a busy test machine's CPU; one of a dialog, a fraction of that.
 */
export async function axeOfPanels(page: Page, first: string): Promise<string[]> {
	const problems = await axeProblems(page, first);
	await page.getByTestId('legend').locator('summary').click();
	problems.push(...(await axeProblems(page, 'legend', '[data-testid="legend"]')));
	await page.getByTestId('legend').locator('summary').click();
	await page.getByTestId('records-export-open').click();
	problems.push(...(await axeProblems(page, 'records export', '[data-testid="records-export"]')));
	await page.getByTestId('records-export').getByRole('button', { name: 'Close', exact: true }).click();
	await page.getByTestId('export-open').click();
	problems.push(...(await axeProblems(page, 'image export', '[data-testid="export-dialog"]')));
	await page.getByTestId('export-dialog').getByRole('button', { name: 'Close', exact: true }).click();
	await page.getByTestId('ask-open').click();
	problems.push(...(await axeProblems(page, 'ask panel', '[data-testid="ask-panel"]')));
	await page.getByTestId('ask-close').click();
	await page.getByTestId('changes-open').click();
	await page.getByTestId('changes-summary').or(page.getByTestId('changes-panel').getByRole('status')).first().waitFor();
	problems.push(...(await axeProblems(page, 'what changed', '[data-testid="changes-panel"]')));
	await page.getByTestId('changes-open').click();
	return problems;
}
