// Organisations' tracks against the generator's campaigns, at a size the unit tier can afford
// (npm run eval:tracks measures the default dataset): the thresholds issue 42 sets.
import { describe, expect, it } from 'vitest';
import { evaluateTracks } from '../../../scripts/eval/tracks';

describe("organisations' tracks on generated data with known campaigns", () => {
	const report = evaluateTracks({ size: 1500, seed: 'icd-2026' });

	it('pass within 25 km of the campaign’s town in at least 90 % of campaign weeks with 5 records or more, among enough of them to say so', () => {
		expect(report.campaignWeeks.tested).toBeGreaterThanOrEqual(100);
		expect(report.campaignWeeks.share).toBeGreaterThanOrEqual(0.9);
	});

	it('pass a campaign’s towns in the order the calendar gives', () => {
		expect(report.campaignsInOrder.campaigns).toBeGreaterThanOrEqual(40);
		expect(report.campaignsInOrder.share).toBeGreaterThanOrEqual(0.9);
	});
});
