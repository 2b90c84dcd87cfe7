import { describe, expect, it } from 'vitest';
import { isoToDay } from '../timeline/days';
import { DEFAULT_VIEWPORT, readViewState, writeViewState } from './url-state';

describe('URL state', () => {
	it('round-trips a full view', () => {
		const state = {
			viewport: { lon: 32.5, lat: 15.25, zoom: 6.5 },
			filter: {
				dayFrom: isoToDay('2019-01-01'),
				dayTo: isoToDay('2020-06-30'),
				countries: ['Sudan', 'South Sudan'],
				entities: ['Nile Front'],
				datasets: ['icdb' as const],
				components: ['video' as const],
				pinned: null,
				areas: []
			},
			record: { dataset: 'icdb' as const, component: 'video' as const, ref: '524871' },
			playback: { mode: 'cumulative' as const, widthDays: 7, speed: 1 / 24, loop: true, keep: true },
			view: 'hexbin' as const,
			theme: 'dark' as const,
			changes: 14 as const,
			tracks: true,
			annotations: [
				{ kind: 'arrow' as const, points: [[30, 12] as [number, number], [33.5, 14.25] as [number, number]], text: 'Convoy | north' },
				{ kind: 'circle' as const, points: [[32.5, 15.5] as [number, number]], radiusKm: 40, text: '' }
			]
		};
		const again = readViewState(writeViewState(state));
		expect(again).toEqual(state);
	});

	it('names a record by primary_id, and still opens a link that names it by uuid (before the lean stream)', () => {
		expect(readViewState(new URLSearchParams('rec=icd/image/306925')).record).toEqual({ dataset: 'icd', component: 'image', ref: '306925' });
		const old = readViewState(new URLSearchParams('rec=icd/video/8CD82A98-D00A-49AC-9C31-799F1DFE9537')).record;
		expect(old).toEqual({ dataset: 'icd', component: 'video', ref: '8cd82a98-d00a-49ac-9c31-799f1dfe9537' });
		expect(writeViewState({ ...readViewState(new URLSearchParams()), record: old }).get('rec')).toBe('icd/video/8cd82a98-d00a-49ac-9c31-799f1dfe9537');
		for (const junk of ['icd/video/-5', 'icd/video/1.5', 'icd/video/12345678901234567', 'icd/audio/12'])
			expect(readViewState(new URLSearchParams(`rec=${junk}`)).record).toBeNull();
	});

	it('falls back per part on junk', () => {
		const s = readViewState(new URLSearchParams('at=a,b,c&from=2020-99-99&ds=nope&rec=icd/video/xyz&pm=sideways&pw=-3&ps=1e9&theme=purple'));
		expect(s.playback).toEqual({ mode: 'window', widthDays: 30, speed: 91, loop: false, keep: false });
		expect(s.viewport).toEqual(DEFAULT_VIEWPORT);
		expect(s.filter.dayFrom).toBeNull();
		expect(s.filter.datasets).toEqual(['icd', 'icdb']);
		expect(s.record).toBeNull();
		expect(readViewState(new URLSearchParams('view=pies')).view).toBe('clusters');
		expect(readViewState(new URLSearchParams('view=heatmap')).view).toBe('heatmap');
		expect(s.theme).toBe('system');
		expect(s.changes).toBeNull();
		for (const junk of ['5', 'x', '', '7.5']) expect(readViewState(new URLSearchParams(`chg=${junk}`)).changes).toBeNull();
		expect(readViewState(new URLSearchParams('chg=28')).changes).toBe(28);
		expect(s.tracks).toBe(false);
		expect(readViewState(new URLSearchParams('trk=yes')).tracks).toBe(false);
	});

	it('keeps a chosen theme, and leaves "follow the system" out', () => {
		expect(writeViewState({ ...readViewState(new URLSearchParams()), theme: 'light' }).get('theme')).toBe('light');
		expect(readViewState(new URLSearchParams('theme=light')).theme).toBe('light');
		expect(writeViewState(readViewState(new URLSearchParams('theme=system'))).has('theme')).toBe(false);
	});

	it('leaves defaults out of the URL', () => {
		const p = writeViewState(readViewState(new URLSearchParams()));
		expect([...p.keys()]).toEqual(['at']);
	});
});
