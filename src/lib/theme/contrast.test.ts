import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATASET_HEX } from '../map/config';
import { contrastRatio } from './contrast';
import { mapPalette } from './palette';
import type { Theme } from './theme';

/** theme.css's custom properties, each as its light and its dark colour. */
function cssPalette(): Record<string, Record<Theme, string>> {
	const css = fs.readFileSync(new URL('./theme.css', import.meta.url), 'utf8');
	const vars: Record<string, Record<Theme, string>> = {};
	for (const m of css.matchAll(/(--[\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi)) vars[m[1]] = { light: m[2], dark: m[3] };
	return vars;
}

/** Text (first) on the backgrounds it is written on in the components. */
const TEXT_ON: [string, string[]][] = [
	['--text', ['--surface', '--surface-soft', '--surface-muted', '--surface-panel']],
	['--text-2', ['--surface', '--surface-soft', '--surface-panel']],
	['--text-muted', ['--surface', '--surface-soft', '--surface-muted', '--surface-panel']],
	['--text-faint', ['--surface', '--surface-panel']],
	['--accent', ['--surface']],
	['--on-accent', ['--accent', '--area']],
	['--link', ['--surface', '--surface-soft', '--surface-panel', '--note-bg', '--info-bg']],
	['--info', ['--info-bg']],
	['--indigo', ['--indigo-bg', '--surface']],
	['--violet', ['--surface']],
	['--danger', ['--surface', '--danger-bg', '--danger-bg-strong']],
	['--warn', ['--warn-bg', '--warn-bg-strong']],
	['--play', ['--surface']],
	['--play-strong', ['--play-bg', '--surface']],
	['--change-new', ['--surface']],
	['--change-intensifying', ['--surface']],
	['--change-diminishing', ['--surface']],
	['--change-persistent', ['--surface']]
];

describe('contrast of both themes', () => {
	const vars = cssPalette();

	for (const theme of ['light', 'dark'] as const) {
		it(`${theme}: the page's text meets WCAG AA (4.5:1) on its backgrounds`, () => {
			const failing: string[] = [];
			for (const [text, backgrounds] of TEXT_ON) {
				for (const bg of backgrounds) {
					expect(vars[text], text).toBeDefined();
					expect(vars[bg], bg).toBeDefined();
					const ratio = contrastRatio(vars[text][theme], vars[bg][theme]);
					if (ratio < 4.5) failing.push(`${text} on ${bg}: ${ratio.toFixed(2)}`);
				}
			}
			expect(failing).toEqual([]);
		});

		it(`${theme}: the export's bands and the place names are readable`, () => {
			const p = mapPalette(theme);
			expect(contrastRatio(p.export.ink, p.export.background)).toBeGreaterThanOrEqual(4.5);
			expect(contrastRatio(p.export.muted, p.export.background)).toBeGreaterThanOrEqual(4.5);
			for (const tone of ['country', 'capital', 'area', 'town'] as const) {
				expect(contrastRatio(p.places[tone], p.places.halo), tone).toBeGreaterThanOrEqual(4.5);
			}
		});

		it(`${theme}: each organisation's track stands out from land and sea (3:1 for graphics)`, () => {
			const { tracks, basemap } = mapPalette(theme);
			tracks.forEach((colour, i) => {
				expect(contrastRatio(colour, basemap.land), `track ${i}`).toBeGreaterThanOrEqual(3);
				expect(contrastRatio(colour, basemap.ocean), `track ${i}`).toBeGreaterThanOrEqual(3);
			});
		});

		it(`${theme}: annotations stand out from land and sea (3:1 for graphics), their text from its halo (4.5:1)`, () => {
			const { annotation, basemap } = mapPalette(theme);
			expect(contrastRatio(annotation.ink, basemap.land)).toBeGreaterThanOrEqual(3);
			expect(contrastRatio(annotation.ink, basemap.ocean)).toBeGreaterThanOrEqual(3);
			expect(contrastRatio(annotation.ink, annotation.halo)).toBeGreaterThanOrEqual(4.5);
		});

		it(`${theme}: the outlines of what changed stand out from land and sea (3:1 for graphics), in the panel's colours too`, () => {
			const { changes, basemap } = mapPalette(theme);
			for (const [kind, colour] of Object.entries(changes)) {
				const hex = `#${colour
					.slice(0, 3)
					.map((v) => v.toString(16).padStart(2, '0'))
					.join('')}`;
				expect(vars[`--change-${kind}`]?.[theme], kind).toBe(hex);
			}
			for (const [kind, colour] of Object.entries(changes)) {
				expect(contrastRatio(colour, basemap.land), kind).toBeGreaterThanOrEqual(3);
				expect(contrastRatio(colour, basemap.ocean), kind).toBeGreaterThanOrEqual(3);
			}
		});
	}

	it('dark: the dataset colours, and clusters mixing them, stand out from land and sea (3:1 for graphics)', () => {
		const { basemap, ring, selected } = mapPalette('dark');
		const mixed = '#898a7b';
		for (const colour of [DATASET_HEX.icd, DATASET_HEX.icdb, mixed, ring, selected]) {
			expect(contrastRatio(colour, basemap.land)).toBeGreaterThanOrEqual(3);
			expect(contrastRatio(colour, basemap.ocean)).toBeGreaterThanOrEqual(3);
		}
	});
});
