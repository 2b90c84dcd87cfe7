// axe over the explorer's views: the map (with whatever is open), the legend, both export dialogs
// and the ask panel. The analyst suite runs it in the light theme, the theme suite in the dark one.
import type { Page } from 'playwright-core';

/** Serious and critical violations of one view, as readable lines. */
export async function axeProblems(page: Page, view: string): Promise<string[]> {
	const { AxeBuilder } = await import('@axe-core/playwright');
	// The map's canvas is a picture for sighted users; its content is reachable through the table.
	const result = await new AxeBuilder({ page }).exclude('.maplibregl-canvas').analyze();
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

/** Opens each panel and dialog in turn, closes it again, and returns every view's problems. */
export async function axeOfPanels(page: Page, first: string): Promise<string[]> {
	const problems = await axeProblems(page, first);
	await page.getByTestId('legend').locator('summary').click();
	problems.push(...(await axeProblems(page, 'legend')));
	await page.getByTestId('legend').locator('summary').click();
	await page.getByTestId('records-export-open').click();
	problems.push(...(await axeProblems(page, 'records export')));
	await page.getByTestId('records-export').getByRole('button', { name: 'Close', exact: true }).click();
	await page.getByTestId('export-open').click();
	problems.push(...(await axeProblems(page, 'image export')));
	await page.getByTestId('export-dialog').getByRole('button', { name: 'Close', exact: true }).click();
	await page.getByTestId('ask-open').click();
	problems.push(...(await axeProblems(page, 'ask panel')));
	await page.getByTestId('ask-close').click();
	return problems;
}
