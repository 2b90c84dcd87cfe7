import { describe, expect, it } from 'vitest';
import { describeAccess, offerOf, withinOffer } from './access';
import { readViewState } from '../map/url/url-state';

describe('what the signed-in key may see', () => {
	it('offers every dataset and component in single-user mode', () => {
		expect(offerOf({ mode: 'single-user' })).toEqual({ datasets: ['icd', 'icdb'], components: ['video', 'image'] });
		expect(describeAccess({ mode: 'single-user' })).toBe('');
	});

	it('offers, and says, only what the key may see', () => {
		const access = { mode: 'signin', parts: ['icd/video', 'icd/image'] } as const;
		expect(offerOf({ ...access, parts: [...access.parts] })).toEqual({ datasets: ['icd'], components: ['video', 'image'] });
		expect(describeAccess({ ...access, parts: [...access.parts] })).toBe('Your key sees ICD videos and images; not ICDB.');
		expect(describeAccess({ mode: 'signin', parts: ['icd/image', 'icdb/video', 'icdb/image'] })).toBe(
			'Your key sees ICD images only and ICDB videos and images.'
		);
		expect(describeAccess({ mode: 'signin', parts: [] })).toBe('This key may see no part of the map.');
	});

	it('keeps a shared view to the datasets the key may see', () => {
		const { filter } = readViewState(new URLSearchParams('ds=icd,icdb&cm=image'));
		expect(withinOffer(filter, { datasets: ['icd'], components: ['video', 'image'] })).toMatchObject({ datasets: ['icd'], components: ['image'] });
	});
});
