import { describe, expect, it } from 'vitest';
import type { GeoItem } from '../../types/geo';
import { csvCell, CsvFormat, GeoJsonFormat } from './export-format';

// The formatting as it was written first (a string per cell, joined, encoded per page): the bytes
// must not change with the faster writer.
const oracleCsvRow = (dataset: string, component: string, item: GeoItem) =>
	[item.uuid, dataset, component, item.primaryId, item.date, item.country, item.area, item.entity, item.title, item.lat, item.lon].map(csvCell).join(',') +
	'\r\n';
const oracleFeature = (dataset: string, component: string, item: GeoItem) =>
	JSON.stringify({
		type: 'Feature',
		geometry: { type: 'Point', coordinates: [item.lon, item.lat] },
		properties: {
			uuid: item.uuid,
			dataset,
			component,
			primary_id: item.primaryId,
			primary_date: item.date,
			primary_country: item.country,
			second_geo_layer: item.area,
			entity: item.entity,
			title: item.title
		}
	});

const TRICKY = [
	'plain',
	'a, b',
	'say "hi"',
	'=HYPERLINK("x")',
	'+1',
	'-12',
	'@sum',
	'\tx',
	'\rx',
	'line\nbreak',
	'cr\r\nlf',
	'Côte d’Ivoire',
	'漢字',
	'emoji 🙂 here',
	'',
	' lead',
	"'quoted"
];

function items(n: number, seed: number): GeoItem[] {
	let s = seed;
	const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
	const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
	const maybe = <T>(v: T) => (next() < 0.15 ? undefined : v);
	return Array.from({ length: n }, (_, i) => ({
		uuid: `0000000${i % 10}-aaaa-4bbb-8ccc-${String(i).padStart(12, '0')}`,
		lat: (next() - 0.5) * 180,
		lon: pick([(next() - 0.5) * 360, -0, 1e-7, 180]),
		date: maybe(pick(['2023-01-02', '2024-12-31', '=2024'])),
		country: maybe(pick(TRICKY)),
		area: maybe(pick(TRICKY)),
		entity: maybe(pick(TRICKY)),
		primaryId: maybe(Math.floor(next() * 1e9)),
		title: maybe(pick(TRICKY) + ' ' + pick(TRICKY))
	}));
}

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

describe('CSV of exported records', () => {
	it('writes exactly the bytes of the cell-by-cell formatting, tricky text included', () => {
		const format = new CsvFormat();
		const pages = [items(500, 1), items(700, 2), []];
		const chunks = [format.head(), ...pages.map((page, i) => format.page(i ? 'ICDB' : 'ICD', 'video', page)), format.tail()];
		const expected =
			'uuid,dataset,component,primary_id,primary_date,primary_country,second_geo_layer,entity,title,dominant_lat,dominant_long\r\n' +
			pages.map((page, i) => page.map((item) => oracleCsvRow(i ? 'ICDB' : 'ICD', 'video', item)).join('')).join('');
		expect(text(chunks)).toBe(expected);
	});

	it('keeps each page its own bytes (a page handed on is never overwritten by the next)', () => {
		const format = new CsvFormat();
		const first = format.page('ICD', 'image', items(300, 3));
		const copy = Buffer.from(first);
		format.page('ICD', 'image', items(3000, 4));
		expect(Buffer.compare(Buffer.from(first), copy)).toBe(0);
	});

	it('defuses formulas in text cells, not in numbers', () => {
		expect(csvCell('=1+1')).toBe("'=1+1");
		expect(csvCell('\t=1')).toBe("'\t=1");
		expect(csvCell(-12.5)).toBe('-12.5');
		expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
	});
});

describe('GeoJSON of exported records', () => {
	it('writes exactly the features JSON.stringify writes, absent fields left out, and parses', () => {
		const format = new GeoJsonFormat();
		const pages = [items(400, 5), [], items(250, 6)];
		const written = text([format.head(), ...pages.map((page) => format.page('ICD', 'image', page)), format.tail()]);
		const features = pages.flat().map((item) => oracleFeature('ICD', 'image', item));
		expect(written).toBe(`{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}\n`);
		expect((JSON.parse(written) as { features: unknown[] }).features).toHaveLength(650);
	});
});
