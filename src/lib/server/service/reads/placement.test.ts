import { describe, expect, it } from 'vitest';
import { idlePlacement, readKind } from './placement';

/** A placement over an event loop whose idle time the test moves by hand. */
function withLoop(budgetMs = 2) {
	let idle = 0;
	const placement = idlePlacement(budgetMs, () => idle);
	return { placement, idles: () => (idle += 0.05) };
}

describe('where a query read runs when readers are on', () => {
	it('sends a kind never measured to a reader, then runs it here once it is known to be cheap and the loop waited', () => {
		const { placement, idles } = withLoop();
		idles();
		expect(placement.here('search:filters')).toBe(false);
		placement.took('search:filters', 0.9);
		idles();
		expect(placement.here('search:filters')).toBe(true);
	});

	it('sends a cheap read to a reader when the loop has not waited since the last read was placed (requests are queued)', () => {
		const { placement, idles } = withLoop();
		placement.took('search:filters', 0.5);
		idles();
		expect(placement.here('search:filters')).toBe(true);
		// The next request came in while this thread was busy: no idle time in between.
		expect(placement.here('search:filters')).toBe(false);
		idles();
		expect(placement.here('search:filters')).toBe(true);
	});

	it('keeps a kind that turned slow on the readers until its recent cost is back under the budget', () => {
		const { placement, idles } = withLoop(2);
		placement.took('search:filters', 0.5);
		placement.took('search:filters', 40); // a count not cached yet
		let backAfter = 0;
		for (let n = 1; n <= 40; n++) {
			idles();
			if (placement.here('search:filters')) {
				backAfter = n;
				break;
			}
			placement.took('search:filters', 1);
		}
		expect(backAfter).toBeGreaterThan(5);
		expect(backAfter).toBeLessThan(20);
	});

	it('never runs a slow kind here, and nothing at all with a budget of 0', () => {
		const slow = withLoop(2);
		slow.placement.took('nlSearch', 25);
		slow.idles();
		expect(slow.placement.here('nlSearch')).toBe(false);
		const off = withLoop(0);
		off.placement.took('search:filters', 0.1);
		off.idles();
		expect(off.placement.here('search:filters')).toBe(false);
	});

	it('tells a keyword search from a structured one, and other reads by name', () => {
		expect(readKind('search', [{}, 'icd', 'video', { search: 'convoy' }])).toBe('search:words');
		expect(readKind('search', [{}, 'icd', 'video', { search: '  ', country: 'Sudan' }])).toBe('search:filters');
		expect(readKind('search', [{}, 'icd', 'video', {}])).toBe('search:filters');
		expect(readKind('nlSearch', [{}, 'icd', {}])).toBe('nlSearch');
	});
});
