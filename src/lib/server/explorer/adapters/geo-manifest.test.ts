// A geo-manifest page read from its JSON items and from the columns the embedded service hands
// over in process (types/geo.ts): the same items either way, and a malformed page refused.
import { describe, expect, it } from 'vitest';
import { decodeGeoPage } from './geo-manifest';
import { ShapeError } from './shape';

const json = {
	status: 'ok',
	items: [
		{
			uuid: 'a1',
			primary_id: 7,
			primary_date: '2024-05-01',
			entity: 'Org',
			primary_country: 'Sudan',
			second_geo_layer: 'Khartoum',
			title: 'One',
			dominant_lat: 15.5,
			dominant_long: 32.5
		},
		{ uuid: 'b2', primary_id: 6, primary_date: '2024-04-30', dominant_lat: -1, dominant_long: 36.8 },
		{ primary_id: 5, dominant_lat: 0, dominant_long: 0 }
	],
	itemsReceived: 3,
	itemsTotal: 40,
	limit: 3,
	next_cursor: 'c3'
};

const columns = {
	status: 'ok',
	columns: {
		uuid: ['a1', 'b2', null],
		primaryId: Float64Array.of(7, 6, 5),
		date: ['2024-05-01', '2024-04-30', null],
		entity: ['Org', null, null],
		country: ['Sudan', null, null],
		area: ['Khartoum', null, null],
		title: ['One', null, null],
		lat: Float64Array.of(15.5, -1, 0),
		long: Float64Array.of(32.5, 36.8, 0)
	},
	itemsReceived: 3,
	itemsTotal: 40,
	limit: 3,
	next_cursor: 'c3'
};

describe('decodeGeoPage', () => {
	it('reads the same page from JSON items and from columns', () => {
		const fromJson = decodeGeoPage(json);
		expect(fromJson.items).toEqual([
			{ uuid: 'a1', primaryId: 7, date: '2024-05-01', entity: 'Org', country: 'Sudan', area: 'Khartoum', title: 'One', lat: 15.5, lon: 32.5 },
			{ uuid: 'b2', primaryId: 6, date: '2024-04-30', lat: -1, lon: 36.8 }
		]);
		expect(fromJson).toMatchObject({ nextCursor: 'c3', total: 40, dropped: 1 });
		expect(decodeGeoPage(columns)).toEqual(fromJson);
	});

	it('refuses columns of different lengths or of the wrong kind', () => {
		const short = { ...columns, columns: { ...columns.columns, lat: Float64Array.of(1, 2) } };
		expect(() => decodeGeoPage(short)).toThrow(ShapeError);
		const plain = { ...columns, columns: { ...columns.columns, long: [32.5, 36.8, 0] } };
		expect(() => decodeGeoPage(plain)).toThrow(/columns/);
		expect(() => decodeGeoPage({ columns: {} })).toThrow(ShapeError);
	});
});
